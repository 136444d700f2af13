import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityRepository } from '../security/repository.ts';
import { DML_NOT_ALLOWED_MESSAGE } from '../sqllab/plan.ts';
import type { TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { WEBHOOK_PRIVATE } from './delivery/webhookPolicy.ts';
import {
  BASE,
  createReport,
  type Mailbox,
  mailedShop,
  reportBody,
  rison,
  type Shop,
} from './testFixtures.ts';

/** `/api/v1/report/` through `app.inject()` against the real metadata store. */

describe.each(storeKinds())('reports API on the %s metadata store', (store) => {
  let t: TestApp;
  let shop: Shop;
  let mailbox: Mailbox;

  beforeAll(async () => {
    ({ t, shop, mailbox } = await mailedShop({ store }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  const post = (caller: 'admin' | 'gamma' | 'alpha', payload: Record<string, unknown>) =>
    t.call(caller, { method: 'POST', url: `${BASE}/`, payload });

  it('creates a chart report and reads it back in Superset shape', async () => {
    const res = await post('admin', reportBody({ name: 'Pie weekly', chart: shop.pie }));
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const got = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json().result).toMatchObject({
      id,
      type: 'Report',
      name: 'Pie weekly',
      crontab: '0 9 * * 1',
      crontab_humanized: 'At 09:00, only on Monday',
      timezone: 'UTC',
      active: true,
      creation_method: 'alerts_reports',
      chart: { id: shop.pie, slice_name: 'Sales by region', viz_type: 'pie' },
      dashboard: null,
      report_format: 'PNG',
      grace_period: 14400,
      working_timeout: 3600,
      log_retention: 90,
      last_state: 'Not triggered',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    });
    expect(got.json().result.owners.map((o: { id: number }) => o.id)).toHaveLength(1);
  });

  it('answers 400 naming the field for a bad crontab, time zone, recipient or format', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ crontab: '61 * * * *' }, 'crontab'],
      [{ crontab: '* '.repeat(5000) }, 'crontab'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ report_format: 'GIF' }, 'report_format'],
      [
        { recipients: [{ type: 'Email', recipient_config_json: { target: 'not-an-address' } }] },
        'recipients.0.recipient_config_json.target',
      ],
      [
        { recipients: [{ type: 'Slack', recipient_config_json: { target: '#general' } }] },
        'recipients.0.type',
      ],
    ];
    for (const [extra, field] of cases) {
      const res = await post(
        'admin',
        reportBody({ name: `bad ${field}`, chart: shop.pie, ...extra }),
      );
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().message), field).toContain(field);
    }
    const count = await t.store.db
      .selectFrom('report_schedule')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', 'like', 'bad %')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses webhooks to files, this machine, private networks and the metadata store', async () => {
    const targets: Array<[string, string | RegExp]> = [
      ['file:///etc/passwd', 'A webhook URL must start with http:// or https://'],
      ['http://127.0.0.1:5432/', WEBHOOK_PRIVATE],
      ['http://localhost:8088/api/v1/security/users/', WEBHOOK_PRIVATE],
      ['http://169.254.169.254/latest/meta-data/', WEBHOOK_PRIVATE],
      ['http://[::1]/', WEBHOOK_PRIVATE],
      ['http://10.1.2.3/', WEBHOOK_PRIVATE],
      ['http://user:secret@hooks.example.com/', /user name or password/],
    ];
    for (const [target, message] of targets) {
      const res = await post(
        'admin',
        reportBody({
          name: `hook ${target}`,
          chart: shop.pie,
          recipients: [{ type: 'Webhook', recipient_config_json: { target } }],
        }),
      );
      expect(res.statusCode, target).toBe(400);
      const problems = res.json().message['recipients.0.recipient_config_json.target'];
      expect(problems?.[0], target).toMatch(message);
    }
  });

  it('refuses a report by Gamma on a chart Gamma cannot read, as if it did not exist', async () => {
    const res = await post('gamma', reportBody({ name: 'Sneaky', chart: shop.secret }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: { chart: ['Chart does not exist'] } });
    const ok = await post(
      'gamma',
      reportBody({ name: 'Mine', chart: shop.table, report_format: 'CSV' }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an alert whose SQL writes, as SQL Lab does', async () => {
    const alert = (sql: string, name: string) =>
      reportBody({
        type: 'Alert',
        name,
        database: shop.database,
        sql,
        validator_type: 'not null',
        chart: shop.table,
        report_format: 'CSV',
      });
    const dml = await post('admin', alert('DELETE FROM sales', 'Deleter'));
    expect(dml.statusCode).toBe(422);
    expect(dml.json()).toEqual({ message: { sql: [DML_NOT_ALLOWED_MESSAGE] } });
    const two = await post('admin', alert('SELECT 1; DROP TABLE sales', 'Two'));
    expect(two.statusCode).toBe(422);
    expect(Object.keys(two.json().message)).toEqual(['sql']);
    const ok = await post('admin', alert('SELECT count(*) FROM sales', 'Counter'));
    expect(ok.statusCode).toBe(201);
    // Gamma has no grant on regions: its alert may not read it.
    const denied = await post('gamma', alert('SELECT count(*) FROM regions', 'Peek'));
    expect(denied.statusCode).toBe(403);
  });

  it('lists a Gamma user only the reports they created; an admin all', async () => {
    const list = async (caller: 'admin' | 'gamma') => {
      const res = await t.call(caller, {
        method: 'GET',
        url: `${BASE}/?q=${rison('(order_column:name,order_direction:asc,page_size:100)')}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { count: number; result: Array<{ name: string; id: number }> };
    };
    const gamma = await list('gamma');
    expect(gamma.result.map((r) => r.name)).toEqual(['Mine']);
    const admin = await list('admin');
    expect(admin.result.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Mine', 'Pie weekly', 'Counter']),
    );
    const adminReport = admin.result.find((r) => r.name === 'Pie weekly');
    const peek = await t.call('gamma', { method: 'GET', url: `${BASE}/${adminReport?.id}` });
    expect(peek.statusCode).toBe(404);
    const change = await t.call('gamma', {
      method: 'PUT',
      url: `${BASE}/${adminReport?.id}`,
      payload: { active: false },
    });
    expect(change.statusCode).toBe(404);
    const byChart = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/?q=${rison(`(filters:!((col:chart_id,opr:eq,value:${shop.pie})))`)}`,
    });
    expect(byChart.json().result.map((r: { name: string }) => r.name)).toEqual(['Pie weekly']);
  });

  it('toggles active alone, or takes the full payload', async () => {
    const id = await createReport(t, 'admin', reportBody({ name: 'Toggle', chart: shop.table }));
    const off = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id, result: { active: false } });
    const full = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: reportBody({
        name: 'Toggle',
        chart: shop.table,
        crontab: '*/30 * * * *',
        report_format: 'TEXT',
      }),
    });
    expect(full.statusCode).toBe(200);
    const got = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json().result;
    expect(got).toMatchObject({ active: false, crontab: '*/30 * * * *', report_format: 'TEXT' });
    const bad = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { crontab: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toHaveProperty('crontab');
  });

  it('refuses a second report of the same name', async () => {
    const res = await post('admin', reportBody({ name: 'Pie weekly', chart: shop.pie }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: { name: ['Name must be unique'] } });
  });

  it('runs a report now for its owner and logs the run; others may not', async () => {
    const id = await createReport(
      t,
      'gamma',
      reportBody({
        name: 'Rows now',
        chart: shop.table,
        report_format: 'TEXT',
        recipients: [{ type: 'Email', recipient_config_json: { target: 'gamma@example.com' } }],
      }),
    );
    const refused = await t.call('alpha', { method: 'POST', url: `${BASE}/${id}/run` });
    expect(refused.statusCode).toBe(404);
    const run = await t.call('gamma', { method: 'POST', url: `${BASE}/${id}/run` });
    expect(run.statusCode).toBe(202);
    const { uuid } = run.json();
    const [mail] = (await mailbox.waitFor(1)).filter((m) => m.subject === '[Report] Rows now');
    expect(mail?.html).toContain('<td>EU</td>');
    expect(mail?.html).toContain(`/explore/?slice_id=${shop.table}`);
    let log: { result: Array<{ uuid: string; state: string }> } = { result: [] };
    for (let i = 0; i < 50; i += 1) {
      log = (await t.call('gamma', { method: 'GET', url: `${BASE}/${id}/log/` })).json();
      if (log.result[0]?.state === 'Success') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(log.result[0]).toMatchObject({ uuid, state: 'Success', error_message: null });
    const item = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${id}/log/${(log.result[0] as unknown as { id: number }).id}`,
    });
    expect(item.json().result.uuid).toBe(uuid);
  });

  it('answers _info and related owners', async () => {
    const info = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/_info?q=${rison('(keys:!(permissions))')}`,
    });
    expect(info.json()).toEqual({ permissions: ['can_read', 'can_write'] });
    const owners = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/related/owners?q=${rison('(filter:gam)')}`,
    });
    expect(
      owners.json().result.map((o: { extra: { email: string } }) => o.extra.email),
    ).toHaveLength(1);
  });

  it('deletes one report, and several at once', async () => {
    const a = await createReport(t, 'admin', reportBody({ name: 'Del A', chart: shop.table }));
    const b = await createReport(t, 'admin', reportBody({ name: 'Del B', chart: shop.table }));
    const c = await createReport(t, 'admin', reportBody({ name: 'Del C', chart: shop.table }));
    const one = await t.call('admin', { method: 'DELETE', url: `${BASE}/${a}` });
    expect(one.json()).toEqual({ message: 'OK' });
    const gammaTry = await t.call('gamma', {
      method: 'DELETE',
      url: `${BASE}/?q=${rison(`!(${b},${c})`)}`,
    });
    expect(gammaTry.statusCode).toBe(404);
    const bulk = await t.call('admin', {
      method: 'DELETE',
      url: `${BASE}/?q=${rison(`!(${b},${c})`)}`,
    });
    expect(bulk.json()).toEqual({ message: 'Deleted 2 report schedules' });
    const gone = await t.call('admin', { method: 'GET', url: `${BASE}/${b}` });
    expect(gone.statusCode).toBe(404);
  });
  it('keeps row-level security: an alert may not read a table with rules for its owner', async () => {
    const alert = (name: string) =>
      reportBody({
        type: 'Alert',
        name,
        database: shop.database,
        sql: 'SELECT count(*) FROM sales',
        validator_type: 'not null',
        recipients: [{ type: 'Email', recipient_config_json: { target: 'gamma@example.com' } }],
      });
    const before = await post('gamma', alert('Count before'));
    expect(before.statusCode).toBe(201);
    const gammaRole = await securityRepository.getRoleByName(t.store.db, 'Gamma');
    const rule = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: 'EU only',
        filter_type: 'Regular',
        tables: [shop.sales],
        roles: [gammaRole?.id],
        clause: "region = 'EU'",
      },
    });
    expect(rule.statusCode).toBe(201);
    const after = await post('gamma', alert('Count after'));
    expect(after.statusCode).toBe(403);
    expect(after.json().message.sql[0]).toMatch(/row-level security/);
    // The alert saved before the rule now fails when it runs, instead of counting every row.
    const id = before.json().id;
    expect((await t.call('gamma', { method: 'POST', url: `${BASE}/${id}/run` })).statusCode).toBe(
      202,
    );
    let log: { result: Array<{ state: string; error_message: string | null }> } = { result: [] };
    for (let i = 0; i < 50 && log.result[0]?.state !== 'Error'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      log = (await t.call('gamma', { method: 'GET', url: `${BASE}/${id}/log/` })).json();
    }
    expect(log.result[0]?.state).toBe('Error');
    expect(log.result[0]?.error_message).toMatch(/row-level security/);
    await t.call('admin', { method: 'DELETE', url: `/api/v1/rowlevelsecurity/${rule.json().id}` });
  });
});
