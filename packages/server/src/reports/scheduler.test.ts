import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { MULTIPLE_ROWS, NOT_A_NUMBER } from './content/alert.ts';
import { WEBHOOK_PRIVATE } from './delivery/webhookPolicy.ts';
import { reportRepository } from './repository.ts';
import { STILL_WORKING, WORKING_TIMEOUT } from './runner.ts';
import { latestScheduled } from './scheduler.ts';
import {
  createReport,
  fakeClock,
  makeShop,
  type Receiver,
  reportBody,
  runtimeFor,
  type Shop,
  startReceiver,
} from './testFixtures.ts';

/**
 * The scheduler and the runner's states under a fake clock: each report is delivered to a
 * local webhook receiver, so what was sent is counted.
 */

describe('scheduling and the states of a run', () => {
  let t: TestApp;
  let shop: Shop;
  let receiver: Receiver;

  beforeAll(async () => {
    // The app's own runtime reads the allow list when it is built: the receiver is local.
    t = await createTestApp({ env: { TESSERA_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    shop = await makeShop(t);
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const hook = () => [{ type: 'Webhook', recipient_config_json: { target: receiver.url } }];
  const logs = (id: number) =>
    t.store.db
      .selectFrom('report_execution_log')
      .selectAll()
      .where('report_schedule_id', '=', id)
      .orderBy('id')
      .execute();
  const only = async (id: number) => {
    // Other reports of this file are active too: run just this one's tick.
    await t.store.db
      .updateTable('report_schedule')
      .set({ active: 0 })
      .where('id', '!=', id)
      .execute();
    await t.store.db
      .updateTable('report_schedule')
      .set({ active: 1 })
      .where('id', '=', id)
      .execute();
  };

  it('finds the latest scheduled time in the schedule’s own time zone', () => {
    const row = { crontab: '0 9 * * *', timezone: 'Europe/Paris' };
    // 09:00 in Paris on 27 November is 08:00 UTC.
    expect(
      latestScheduled(row, new Date('2026-11-27T07:59:30Z'), new Date('2026-11-27T08:00:30Z')),
    ).toEqual(new Date('2026-11-27T08:00:00Z'));
    expect(
      latestScheduled(row, new Date('2026-11-27T08:00:30Z'), new Date('2026-11-27T08:01:30Z')),
    ).toBeNull();
    expect(
      latestScheduled(
        { crontab: '0 9 * * *', timezone: 'UTC' },
        new Date('2026-11-27T07:59:30Z'),
        new Date('2026-11-27T08:00:30Z'),
      ),
    ).toBeNull();
  });

  it('runs an active schedule once at its time, and a report again at its next time', async () => {
    const id = await createReport(
      t,
      'admin',
      reportBody({
        name: 'Daily rows',
        chart: shop.table,
        report_format: 'CSV',
        crontab: '0 9 * * *',
        timezone: 'Europe/Paris',
        recipients: hook(),
      }),
    );
    await only(id);
    const clock = fakeClock('2026-11-27T07:59:10Z');
    const runtime = runtimeFor(t, { now: clock.now, webhookAllowedHosts: ['127.0.0.1'] });
    try {
      expect(await runtime.scheduler.tick()).toEqual([]);
      clock.set('2026-11-27T08:00:05Z');
      const runs = await runtime.scheduler.tick();
      expect(runs).toEqual([
        { reportId: id, scheduled: new Date('2026-11-27T08:00:00Z'), state: 'Success' },
      ]);
      clock.set('2026-11-27T08:01:05Z');
      expect(await runtime.scheduler.tick()).toEqual([]);
      const sent = receiver.bodies.filter((b) => (b.report as { id: number }).id === id);
      expect(sent).toHaveLength(1);
      const [file] = (sent[0]?.files ?? []) as Array<{ filename: string; base64: string }>;
      const csv = Buffer.from(file?.base64 ?? '', 'base64').toString('utf8');
      expect(csv.trim().split(/\r?\n/)).toEqual([
        'id,region,amount',
        '1,EU,10.5',
        '2,US,20',
        '3,EU,5.25',
      ]);
      expect(sent[0]?.url).toMatch(new RegExp(`/explore/\\?slice_id=${shop.table}$`));
      const [log] = await logs(id);
      expect(log).toMatchObject({
        state: 'Success',
        scheduled_dttm: '2026-11-27T08:00:00.000Z',
        start_dttm: '2026-11-27T08:01:05.000Z'.replace('08:01:05', '08:00:05'),
        error_message: null,
      });
      // The next day's 09:00 runs again.
      clock.set('2026-11-28T08:00:02Z');
      const next = await runtime.scheduler.tick();
      expect(next.map((r) => r.state)).toEqual(['Success']);
    } finally {
      await runtime.close();
    }
  });

  it('fires an alert, keeps it On Grace, then fires again once the grace period is over', async () => {
    const id = await createReport(
      t,
      'admin',
      reportBody({
        type: 'Alert',
        name: 'Sales exist',
        database: shop.database,
        sql: 'SELECT count(*) FROM sales',
        validator_type: 'operator',
        validator_config_json: { op: '>', threshold: 2 },
        chart: shop.table,
        report_format: 'TEXT',
        crontab: '*/10 * * * *',
        grace_period: 1800,
        recipients: hook(),
      }),
    );
    await only(id);
    const clock = fakeClock('2026-11-27T10:00:01Z');
    const runtime = runtimeFor(t, { now: clock.now, webhookAllowedHosts: ['127.0.0.1'] });
    try {
      const states: string[] = [];
      for (const at of ['10:00:01', '10:10:01', '10:20:01', '10:30:02']) {
        clock.set(`2026-11-27T${at}Z`);
        const runs = await runtime.scheduler.tick();
        states.push(...runs.map((r) => r.state ?? 'none'));
      }
      expect(states).toEqual(['Success', 'On Grace', 'On Grace', 'Success']);
      const rows = await logs(id);
      expect(rows.map((r) => r.state)).toEqual(states);
      expect(rows[0]).toMatchObject({ value: 3, value_row_json: expect.stringContaining('3') });
      const sent = receiver.bodies.filter((b) => (b.report as { id: number }).id === id);
      expect(sent).toHaveLength(2);
      expect(sent[0]?.alert).toMatchObject({ value: 3 });
      expect(String(sent[0]?.text)).toContain('<td>US</td>');
      const stored = await reportRepository.get(t.store.db, id);
      expect(stored).toMatchObject({ last_state: 'Success', last_value: 3 });
    } finally {
      await runtime.close();
    }
  });

  it('logs Not triggered, and an Error with a message for a multi-row or non-numeric answer', async () => {
    const make = (name: string, sql: string) =>
      createReport(
        t,
        'admin',
        reportBody({
          type: 'Alert',
          name,
          database: shop.database,
          sql,
          validator_type: 'operator',
          validator_config_json: { op: '<', threshold: 0 },
          crontab: '* * * * *',
          recipients: hook(),
        }),
      );
    const quiet = await make('Quiet', 'SELECT sum(amount) FROM sales');
    const rows = await make('Rows', 'SELECT amount FROM sales');
    const text = await make('Text', "SELECT 'many'");
    const clock = fakeClock('2026-11-27T11:00:30Z');
    const runtime = runtimeFor(t, { now: clock.now, webhookAllowedHosts: ['127.0.0.1'] });
    try {
      for (const id of [quiet, rows, text]) {
        await runtime.runner.run(id, clock.now());
      }
      expect((await logs(quiet))[0]).toMatchObject({ state: 'Not triggered', value: 35.75 });
      expect((await logs(rows))[0]).toMatchObject({
        state: 'Error',
        error_message: MULTIPLE_ROWS(2),
      });
      expect((await logs(text))[0]).toMatchObject({ state: 'Error', error_message: NOT_A_NUMBER });
    } finally {
      await runtime.close();
    }
  });

  it('ends a stuck run as Error after its working timeout, and refuses to start beside one', async () => {
    const id = await createReport(
      t,
      'admin',
      reportBody({
        name: 'Stuck',
        chart: shop.table,
        report_format: 'CSV',
        recipients: hook(),
        working_timeout: 600,
      }),
    );
    const clock = fakeClock('2026-11-27T12:00:00Z');
    const runtime = runtimeFor(t, { now: clock.now, webhookAllowedHosts: ['127.0.0.1'] });
    try {
      // A process died mid-run five minutes ago.
      await reportRepository.insertLog(t.store.db, {
        uuid: 'stuck-run',
        scheduled_dttm: '2026-11-27T11:55:00.000Z',
        start_dttm: '2026-11-27T11:55:00.000Z',
        end_dttm: null,
        value: null,
        value_row_json: null,
        state: 'Working',
        error_message: null,
        report_schedule_id: id,
      });
      await reportRepository.setState(t.store.db, id, {
        last_state: 'Working',
        last_eval_dttm: '2026-11-27T11:55:00.000Z',
      });
      expect(await runtime.runner.run(id, clock.now())).toBe('Working');
      expect((await logs(id)).at(-1)).toMatchObject({
        state: 'Working',
        error_message: STILL_WORKING,
      });
      clock.set('2026-11-27T12:06:00Z');
      expect(await runtime.runner.run(id, clock.now())).toBe('Error');
      const after = await logs(id);
      expect(after.find((r) => r.uuid === 'stuck-run')).toMatchObject({
        state: 'Error',
        error_message: WORKING_TIMEOUT,
      });
      expect(after.at(-1)).toMatchObject({ state: 'Error', error_message: WORKING_TIMEOUT });
      // From Error, the next run starts afresh.
      expect(await runtime.runner.run(id, clock.now())).toBe('Success');
    } finally {
      await runtime.close();
    }
  });

  it('logs a refused delivery as an Error after one retry', async () => {
    const id = await createReport(
      t,
      'admin',
      reportBody({ name: 'Refused', chart: shop.table, report_format: 'CSV', recipients: hook() }),
    );
    const runtime = runtimeFor(t, { webhookAllowedHosts: ['127.0.0.1'] });
    const before = receiver.bodies.length;
    receiver.status = 500;
    try {
      expect(await runtime.runner.run(id, new Date())).toBe('Error');
    } finally {
      receiver.status = 200;
      await runtime.close();
    }
    expect(receiver.bodies.length - before).toBe(2);
    expect((await logs(id))[0]).toMatchObject({
      state: 'Error',
      error_message: 'Webhook delivery failed: the receiver answered 500',
    });
  });

  it('never sends to a private address that is not allowed, even when the URL was stored', async () => {
    const id = await createReport(
      t,
      'admin',
      reportBody({ name: 'Private', chart: shop.table, report_format: 'CSV', recipients: hook() }),
    );
    // The operator took 127.0.0.1 off the allow list after the report was saved.
    const runtime = runtimeFor(t, { webhookAllowedHosts: [] });
    const before = receiver.bodies.length;
    try {
      expect(await runtime.runner.run(id, new Date())).toBe('Error');
    } finally {
      await runtime.close();
    }
    expect(receiver.bodies.length).toBe(before);
    expect((await logs(id))[0]?.error_message).toBe(`Webhook delivery failed: ${WEBHOOK_PRIVATE}`);
  });

  it('prunes log rows older than the schedule’s log retention', async () => {
    const id = await createReport(
      t,
      'admin',
      reportBody({
        name: 'Pruned',
        chart: shop.table,
        report_format: 'CSV',
        log_retention: 7,
        recipients: hook(),
      }),
    );
    for (const [uuid, day] of [
      ['old', '2026-11-01'],
      ['recent', '2026-11-25'],
    ] as const) {
      await reportRepository.insertLog(t.store.db, {
        uuid: `prune-${uuid}`,
        scheduled_dttm: `${day}T09:00:00.000Z`,
        start_dttm: `${day}T09:00:00.000Z`,
        end_dttm: `${day}T09:00:01.000Z`,
        value: null,
        value_row_json: null,
        state: 'Success',
        error_message: null,
        report_schedule_id: id,
      });
    }
    const clock = fakeClock('2026-11-27T13:00:00Z');
    const runtime = runtimeFor(t, { now: clock.now });
    try {
      await runtime.scheduler.prune();
    } finally {
      await runtime.close();
    }
    expect((await logs(id)).map((r) => r.uuid)).toEqual(['prune-recent']);
  });

  it('runs a report as its owner: a chart the owner can no longer read is an Error', async () => {
    const id = await createReport(
      t,
      'gamma',
      reportBody({
        name: 'Gamma rows',
        chart: shop.table,
        report_format: 'CSV',
        recipients: hook(),
      }),
    );
    // The chart moves to the dataset Gamma was never granted.
    await t.store.db
      .updateTable('slices')
      .set({ datasource_id: shop.regions })
      .where('id', '=', shop.table)
      .execute();
    const runtime = runtimeFor(t, { webhookAllowedHosts: ['127.0.0.1'] });
    try {
      expect(await runtime.runner.run(id, new Date())).toBe('Error');
    } finally {
      await runtime.close();
      await t.store.db
        .updateTable('slices')
        .set({ datasource_id: shop.sales })
        .where('id', '=', shop.table)
        .execute();
    }
    expect((await logs(id))[0]?.error_message).toBe('Chart does not exist');
  });
});
