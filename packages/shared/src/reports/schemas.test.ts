import { describe, expect, it } from 'vitest';
import { badWebhookUrl, ReportCreateBody, WEBHOOK_SCHEME } from './schemas.ts';

const report = {
  type: 'Report',
  name: 'Weekly sales',
  crontab: '0 9 * * 1',
  chart: 3,
  recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.com' } }],
};

function problems(body: unknown): Record<string, string[]> {
  const parsed = ReportCreateBody.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe('the report payload', () => {
  it('accepts a chart report', () => {
    expect(problems(report)).toEqual({});
  });

  it('names each bad field', () => {
    expect(problems({ ...report, crontab: '61 * * * *' })).toEqual({
      crontab: ['Cron expression is invalid'],
    });
    expect(Object.keys(problems({ ...report, timezone: 'Nowhere/Else' }))).toEqual(['timezone']);
    expect(Object.keys(problems({ ...report, report_format: 'GIF' }))).toEqual(['report_format']);
    expect(
      problems({
        ...report,
        recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.com, nope' } }],
      }),
    ).toEqual({ 'recipients.0.recipient_config_json.target': ['Not a valid email address: nope'] });
    expect(problems({ ...report, crontab: '1 '.repeat(600) })).toHaveProperty('crontab');
  });

  it('refuses webhooks that are not http(s)', () => {
    expect(badWebhookUrl('file:///etc/passwd')).toBe(WEBHOOK_SCHEME);
    expect(badWebhookUrl('gopher://x')).toBe(WEBHOOK_SCHEME);
    expect(badWebhookUrl('https://user:pw@example.com/')).toMatch(/user name/);
    expect(badWebhookUrl('https://hooks.example.com/x')).toBeNull();
  });

  it('checks what goes together', () => {
    expect(problems({ ...report, dashboard: 4 })).toHaveProperty('chart');
    expect(problems({ ...report, chart: undefined })).toHaveProperty('chart');
    expect(problems({ ...report, chart: undefined, dashboard: 4, report_format: 'CSV' })).toEqual({
      report_format: ['A dashboard cannot be sent as CSV; use PNG, PDF'],
    });
    expect(problems({ ...report, chart: undefined, database: 1, sql: 'select 1' })).toEqual({});
    expect(
      problems({
        ...report,
        type: 'Alert',
        validator_type: 'operator',
        database: 1,
        sql: 'select 1',
      }),
    ).toEqual({
      'validator_config_json.op': ['Choose an operator'],
      'validator_config_json.threshold': ['Enter a threshold'],
    });
  });
});
