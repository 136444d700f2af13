import { randomUUID } from 'node:crypto';
import { TesseraError } from '@tessera/shared/errors';
import type { ReportState } from '@tessera/shared/reports/schemas';
import { type Actor, userActor } from '../security/actor.ts';
import { checkContent } from './access.ts';
import { evaluateAlert } from './content/alert.ts';
import { buildNotification, type ContentDeps } from './content/build.ts';
import { type DeliveryDeps, deliver } from './delivery/index.ts';
import type { Notification } from './delivery/notification.ts';
import { recipientConfigOf, validatorConfigOf } from './present.ts';
import { type ReportRow, reportRepository as repo } from './repository.ts';

/**
 * One run of a report, Superset's state machine: a report still Working refuses to start again
 * (and ends as Error once past its working timeout); an alert that fired stays On Grace for its
 * grace period; otherwise the run logs Working, then Success, Not triggered or Error. Every
 * state is written to the schedule (`last_state`) and to its execution log.
 */

export const STILL_WORKING = 'Report Schedule is still working, refusing to re-compute.';
export const WORKING_TIMEOUT = 'Report Schedule reached a working timeout.';
export const EXECUTOR_NOT_FOUND = 'Scheduled report executor not found';

export interface RunnerDeps extends ContentDeps {
  delivery: DeliveryDeps;
  now: () => Date;
}

const iso = (d: Date) => d.toISOString();

/**
 * Who a report runs as, as Superset's default executor: its last modifier when an owner, else
 * its creator when an owner, else its first owner.
 */
export function executorId(row: ReportRow, owners: number[]): number | null {
  if (row.changed_by_fk !== null && owners.includes(row.changed_by_fk)) return row.changed_by_fk;
  if (row.created_by_fk !== null && owners.includes(row.created_by_fk)) return row.created_by_fk;
  return owners[0] ?? null;
}

export class ReportRunner {
  constructor(private readonly deps: RunnerDeps) {}

  private get db() {
    return this.deps.ctx.store.db;
  }

  private async record(
    row: ReportRow,
    scheduled: Date,
    state: ReportState,
    fields: { error?: string; value?: number | null; row?: string | null; uuid?: string } = {},
  ): Promise<void> {
    const now = iso(this.deps.now());
    await repo.insertLog(this.db, {
      uuid: fields.uuid ?? randomUUID(),
      scheduled_dttm: iso(scheduled),
      start_dttm: now,
      end_dttm: now,
      value: fields.value ?? null,
      value_row_json: fields.row ?? null,
      state,
      error_message: fields.error ?? null,
      report_schedule_id: row.id,
    });
    await repo.setState(this.db, row.id, {
      last_state: state,
      last_eval_dttm: now,
      ...(fields.value !== undefined
        ? { last_value: fields.value, last_value_row_json: fields.row ?? null }
        : {}),
    });
  }

  /** The executor as an actor (their roles, RLS and grants now), or null. */
  async executor(row: ReportRow): Promise<Actor | null> {
    const owners = ((await repo.owners(this.db, [row.id])).get(row.id) ?? []).map((o) => o.id);
    const id = executorId(row, owners);
    if (id === null) return null;
    const user = await this.deps.security.loadCurrentUser(id, 'job');
    if (!user) return null;
    const { ctx } = this.deps;
    return userActor(user, {
      baseUrl: this.deps.linkBaseUrl ?? this.deps.screenshotBaseUrl ?? '',
      log: ctx.logger,
    });
  }

  private async inGrace(row: ReportRow): Promise<boolean> {
    const success = await repo.lastLog(this.db, row.id, 'Success');
    if (!success?.end_dttm) return false;
    return Date.parse(success.end_dttm) + row.grace_period * 1000 > this.deps.now().getTime();
  }

  /**
   * Runs report `id` for its `scheduled` time and answers the state it ended in. `uuid` names
   * the log row of the run (run now answers it before the run ends).
   */
  async run(id: number, scheduled: Date, uuid: string = randomUUID()): Promise<ReportState | null> {
    const row = await repo.get(this.db, id);
    if (!row) return null;
    const now = this.deps.now();
    if (row.last_state === 'Working') {
      const working = await repo.lastLog(this.db, id, 'Working');
      const started = working?.start_dttm ? Date.parse(working.start_dttm) : 0;
      if (started + row.working_timeout * 1000 <= now.getTime()) {
        if (working)
          await repo.finishLog(this.db, working.uuid, 'Working', {
            state: 'Error',
            end_dttm: iso(now),
            error_message: WORKING_TIMEOUT,
          });
        await this.record(row, scheduled, 'Error', { error: WORKING_TIMEOUT, uuid });
        return 'Error';
      }
      await this.record(row, scheduled, 'Working', { error: STILL_WORKING, uuid });
      return 'Working';
    }
    if (
      row.type === 'Alert' &&
      (row.last_state === 'Success' || row.last_state === 'On Grace') &&
      (await this.inGrace(row))
    ) {
      await this.record(row, scheduled, 'On Grace', { uuid });
      return 'On Grace';
    }
    return this.execute(row, scheduled, uuid);
  }

  private async execute(row: ReportRow, scheduled: Date, uuid: string): Promise<ReportState> {
    const startedAt = iso(this.deps.now());
    await repo.insertLog(this.db, {
      uuid,
      scheduled_dttm: iso(scheduled),
      start_dttm: startedAt,
      end_dttm: null,
      value: null,
      value_row_json: null,
      state: 'Working',
      error_message: null,
      report_schedule_id: row.id,
    });
    await repo.setState(this.db, row.id, { last_state: 'Working', last_eval_dttm: startedAt });

    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new TesseraError(500, WORKING_TIMEOUT));
      }, row.working_timeout * 1000);
      timer.unref();
    });
    let outcome: { state: ReportState; value?: number | null; row?: string | null; error?: string };
    try {
      outcome = await Promise.race([this.work(row, scheduled, () => timedOut), deadline]);
    } catch (error) {
      outcome = { state: 'Error', error: messageOf(error) };
      const type = error instanceof TesseraError ? error.errorType : undefined;
      this.deps.ctx.logger.warn(
        { reportId: row.id, error_type: type ?? 'GENERIC_BACKEND_ERROR', err: error },
        `report ${row.id} failed: ${outcome.error}`,
      );
    } finally {
      clearTimeout(timer);
    }
    const ended = iso(this.deps.now());
    const changed = await repo.finishLog(this.db, uuid, 'Working', {
      state: outcome.state,
      end_dttm: ended,
      error_message: outcome.error ?? null,
      value: outcome.value ?? null,
      value_row_json: outcome.row ?? null,
    });
    // Another process ended this run as timed out meanwhile: its verdict stands.
    if (!changed) return 'Error';
    await repo.setState(this.db, row.id, {
      last_state: outcome.state,
      last_eval_dttm: ended,
      ...(outcome.value !== undefined
        ? { last_value: outcome.value, last_value_row_json: outcome.row ?? null }
        : {}),
    });
    return outcome.state;
  }

  private async work(
    row: ReportRow,
    scheduled: Date,
    timedOut: () => boolean,
  ): Promise<{ state: ReportState; value?: number | null; row?: string | null }> {
    const actor = await this.executor(row);
    if (!actor) throw new TesseraError(500, EXECUTOR_NOT_FOUND);
    const { ctx } = this.deps;
    await checkContent(ctx, actor, { chart: row.chart_id, dashboard: row.dashboard_id });
    let alert: Notification['alert'] = null;
    let value: number | null | undefined;
    let valueRow: string | null | undefined;
    if (row.type === 'Alert') {
      const result = await evaluateAlert(ctx, actor, row, validatorConfigOf(row));
      value = result.value;
      valueRow = result.valueRowJson;
      if (!result.triggered) return { state: 'Not triggered', value, row: valueRow };
      alert = { value: result.value, row: result.valueRowJson };
    }
    const notification = await buildNotification(this.deps, actor, row, scheduled, alert);
    if (timedOut()) throw new TesseraError(500, WORKING_TIMEOUT);
    const recipients = (await repo.recipients(this.db, [row.id])).get(row.id) ?? [];
    await deliver(
      this.deps.delivery,
      recipients.map((r) => ({ type: r.type, config: recipientConfigOf(r) })),
      notification,
    );
    return { state: 'Success', value, row: valueRow };
  }
}

function messageOf(error: unknown): string {
  if (error instanceof TesseraError) {
    const fields = error.fields ? Object.values(error.fields).flat() : [];
    return fields.length > 0 ? fields.join('; ') : error.message;
  }
  return 'An unexpected error occurred while running the report';
}
