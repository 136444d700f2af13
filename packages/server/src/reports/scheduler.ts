import { Cron } from 'croner';
import type { AppContext } from '../context.ts';
import type { RunLock } from './lock.ts';
import { type ReportRow, reportRepository as repo } from './repository.ts';
import type { ReportRunner } from './runner.ts';

/**
 * The clock of reports: every process ticks once a minute; a tick finds, per active schedule,
 * its latest scheduled time since the previous tick (croner, in the schedule's time zone) and
 * runs it if this process takes the lock of that schedule and time, so with several processes
 * each scheduled time runs once. After a gap (a restart) only the latest missed time runs, not
 * a burst. Once an hour a tick also prunes each schedule's log past its `log_retention` days.
 */

export const TICK_MS = 60_000;
/** Long enough that no process ticking late can take a time another already ran. */
const RUN_LOCK_TTL_MS = 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export interface SchedulerDeps {
  ctx: AppContext;
  runner: ReportRunner;
  lock: RunLock;
  now: () => Date;
}

export interface TickRun {
  reportId: number;
  scheduled: Date;
  state: string | null;
}

/** The latest time in (from, to] the crontab names in `timezone`, or null. */
export function latestScheduled(
  row: Pick<ReportRow, 'crontab' | 'timezone'>,
  from: Date,
  to: Date,
) {
  let cron: Cron;
  try {
    cron = new Cron(row.crontab, { timezone: row.timezone || 'UTC', paused: true });
  } catch {
    return null;
  }
  // croner's previous run is strictly before its reference, read to the second: a second past
  // `to` finds a run at `to` itself (crontabs here name whole minutes).
  const [previous] = cron.previousRuns(1, new Date(to.getTime() + 1000));
  if (!previous || previous.getTime() > to.getTime()) return null;
  return previous.getTime() > from.getTime() ? previous : null;
}

export class ReportScheduler {
  private last: Date | null = null;
  private lastPrune = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SchedulerDeps) {}

  /** One tick at `deps.now()`: runs what is due (and waits for those runs), prunes hourly. */
  async tick(): Promise<TickRun[]> {
    const now = this.deps.now();
    const from = this.last ?? new Date(now.getTime() - TICK_MS);
    this.last = now;
    const due: Array<{ row: ReportRow; scheduled: Date }> = [];
    for (const row of await repo.active(this.deps.ctx.store.db)) {
      const scheduled = latestScheduled(row, from, now);
      if (!scheduled) continue;
      const key = `${row.id}:${scheduled.toISOString()}`;
      if (await this.deps.lock.acquire(key, RUN_LOCK_TTL_MS)) due.push({ row, scheduled });
    }
    const runs = await Promise.all(
      due.map(async ({ row, scheduled }) => {
        try {
          return {
            reportId: row.id,
            scheduled,
            state: await this.deps.runner.run(row.id, scheduled),
          };
        } catch (error) {
          this.deps.ctx.logger.error({ err: error, reportId: row.id }, 'report run failed');
          return { reportId: row.id, scheduled, state: null };
        }
      }),
    );
    if (now.getTime() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await this.prune(now);
    }
    return runs;
  }

  /** Deletes log rows older than each schedule's `log_retention` days (0 keeps every row). */
  async prune(now: Date = this.deps.now()): Promise<number> {
    let removed = 0;
    const db = this.deps.ctx.store.db;
    for (const row of await repo.list(db)) {
      if (row.log_retention <= 0) continue;
      const before = new Date(now.getTime() - row.log_retention * DAY_MS).toISOString();
      removed += await repo.pruneLogs(db, row.id, before);
    }
    return removed;
  }

  /** Ticks at the start of every minute until `stop`. */
  start(): void {
    if (this.timer) return;
    const schedule = () => {
      const wait = TICK_MS - (Date.now() % TICK_MS) + 50;
      this.timer = setTimeout(() => {
        this.running = this.tick().catch((error: unknown) =>
          this.deps.ctx.logger.error({ err: error }, 'report scheduler tick failed'),
        );
        schedule();
      }, wait);
      this.timer.unref();
    };
    this.last = new Date();
    schedule();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
