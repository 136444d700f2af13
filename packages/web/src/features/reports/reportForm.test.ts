import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  formatsFor,
  newReportValues,
  payloadProblems,
  reportValues,
  toPayload,
  webhookProblem,
} from './reportForm.ts';
import { item } from './testing.ts';

describe('the report form', () => {
  it('starts a dashboard report as Superset does: weekly on Monday at noon, PNG, to the user', () => {
    const values = newReportValues({
      type: 'Report',
      target: { kind: 'dashboard', id: 4, name: 'Sales' },
      email: 'ada@example.com',
    });
    expect(values).toMatchObject({
      name: 'Weekly Report for Sales',
      crontab: '0 12 * * 1',
      report_format: 'PNG',
      emails: ['ada@example.com'],
      dashboard: 4,
      active: true,
      grace_period: 14_400,
      working_timeout: 3_600,
    });
    const payload = toPayload(values, { creationMethod: 'dashboards' });
    expect(payload).toMatchObject({
      type: 'Report',
      dashboard: 4,
      chart: null,
      database: null,
      sql: null,
      creation_method: 'dashboards',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ada@example.com' } }],
    });
    expect(payloadProblems(payload, 'dashboard')).toEqual([]);
  });

  it('schedules a saved query as CSV of its database and SQL', () => {
    const values = newReportValues({
      type: 'Report',
      query: { database: 2, sql: 'SELECT 1', name: 'Daily count' },
      email: 'ada@example.com',
    });
    const payload = toPayload(values, { creationMethod: 'alerts_reports' });
    expect(payload).toMatchObject({ database: 2, sql: 'SELECT 1', report_format: 'CSV' });
    expect(payloadProblems(payload, 'query')).toEqual([]);
    expect(formatsFor('query')).toEqual(['CSV', 'XLSX', 'TEXT']);
  });

  it('offers TEXT only for charts that read as a table, and only screenshots for dashboards', () => {
    expect(formatsFor('chart', 'table')).toContain('TEXT');
    expect(formatsFor('chart', 'echarts_timeseries_line')).not.toContain('TEXT');
    expect(formatsFor('dashboard')).toEqual(['PNG', 'PDF']);
    expect(
      newReportValues({
        type: 'Report',
        target: { kind: 'chart', id: 1, name: 'T', vizType: 'table' },
      }).report_format,
    ).toBe('TEXT');
  });

  it('sends an alert with its operator and threshold', () => {
    const values = {
      ...newReportValues({ type: 'Alert' }),
      name: 'Too many failures',
      database: 1,
      sql: 'SELECT COUNT(*) FROM failures',
      condition: '>' as const,
      threshold: 10,
      emails: ['ops@example.com'],
    };
    const payload = toPayload(values, { creationMethod: 'alerts_reports' });
    expect(payload).toMatchObject({
      type: 'Alert',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
      dashboard: null,
      chart: null,
    });
    expect(payloadProblems(payload, 'dashboard')).toEqual([]);
    const notNull = toPayload(
      { ...values, condition: 'not null' },
      { creationMethod: 'alerts_reports' },
    );
    expect(notNull).toMatchObject({ validator_type: 'not null', validator_config_json: {} });
  });

  it("puts the server's refusals on the fields they concern", () => {
    const values = {
      ...newReportValues({ type: 'Alert' }),
      name: 'x',
      condition: '>' as const,
      threshold: null,
      crontab: '61 * * * *',
      webhooks: ['ftp://example.com/hook'],
    };
    const problems = payloadProblems(
      toPayload(values, { creationMethod: 'alerts_reports' }),
      'dashboard',
    );
    const byName = Object.fromEntries(problems.map((p) => [p.name, p.errors[0]]));
    expect(byName).toMatchObject({
      crontab: 'Cron expression is invalid',
      database: 'An alert needs a database',
      sql: 'An alert needs a SQL query',
      threshold: 'Enter a threshold',
      webhooks: 'A webhook URL must start with http:// or https://',
    });
  });

  it('refuses a report with neither chart nor dashboard on the picker shown', () => {
    const values = { ...newReportValues({ type: 'Report' }), content: 'chart' as const };
    const problems = payloadProblems(
      toPayload(values, { creationMethod: 'alerts_reports' }),
      'chart',
    );
    expect(problems).toContainEqual({
      name: 'chart',
      errors: ['A report needs a chart, a dashboard, or a database and a SQL query'],
    });
  });

  it('starts an edit from the stored report: every address, every webhook', () => {
    const values = reportValues(item());
    expect(values).toMatchObject({
      content: 'dashboard',
      dashboard: 4,
      emails: ['ada@example.com', 'bob@example.com'],
      webhooks: ['https://hooks.example.com/x'],
    });
    expect(toPayload(values, { creationMethod: 'dashboards' }).recipients).toEqual([
      { type: 'Email', recipient_config_json: { target: 'ada@example.com,bob@example.com' } },
      { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } },
    ]);
  });

  it('checks each recipient as the server does, the hostile ones too', () => {
    expect(emailProblem('ada@example.com')).toBeUndefined();
    expect(emailProblem('not-an-address')).toBe('Not a valid email address: not-an-address');
    expect(emailProblem('a@b.com\r\nBcc: x@evil.com')).toMatch(/^Not a valid email address/);
    expect(webhookProblem('https://hooks.example.com/x')).toBeUndefined();
    expect(webhookProblem('javascript:alert(1)')).toBe(
      'A webhook URL must start with http:// or https://',
    );
    expect(webhookProblem('https://user:secret@example.com/')).toBe(
      'A webhook URL may not carry a user name or password',
    );
  });
});
