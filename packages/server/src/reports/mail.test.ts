import ExcelJS from 'exceljs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/harness.ts';
import type { ReportsRuntime } from './runtime.ts';
import {
  createReport,
  type Mailbox,
  mailedShop,
  reportBody,
  runtimeFor,
  type Shop,
} from './testFixtures.ts';

/** Data reports by real mail (no browser): a chart's CSV and XLSX, a saved query's rows. */

describe('data reports delivered by mail', () => {
  let t: TestApp;
  let shop: Shop;
  let mailbox: Mailbox;
  let runtime: ReportsRuntime;

  beforeAll(async () => {
    ({ t, shop, mailbox } = await mailedShop());
    runtime = runtimeFor(t, { linkBaseUrl: 'https://bi.example.com' });
  }, 60_000);
  afterAll(async () => {
    await runtime?.close();
    await t?.close();
    await mailbox?.close();
  });

  const run = async (body: Record<string, unknown>): Promise<ParsedMail> => {
    const id = await createReport(t, 'admin', reportBody(body));
    expect(await runtime.runner.run(id, new Date())).toBe('Success');
    const mail = (await mailbox.waitFor(1)).find((m) => m.subject === `[Report] ${body.name}`);
    if (!mail) throw new Error(`no mail for ${body.name}`);
    return mail;
  };

  it('mails a CSV holding the chart’s rows, to, cc and bcc', async () => {
    const mail = await run({
      name: 'Rows file',
      chart: shop.table,
      report_format: 'CSV',
      recipients: [
        {
          type: 'Email',
          recipient_config_json: {
            target: 'a@example.com, b@example.com',
            ccTarget: 'c@example.com',
            bccTarget: 'd@example.com',
          },
        },
      ],
    });
    const csv = mail.attachments.find((a) => a.filename?.endsWith('.csv'));
    expect(csv?.content.toString('utf8').trim().split(/\r?\n/)).toEqual([
      'id,region,amount',
      '1,EU,10.5',
      '2,US,20',
      '3,EU,5.25',
    ]);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('a@example.com, b@example.com');
    expect(mail.cc && 'text' in mail.cc ? mail.cc.text : '').toBe('c@example.com');
    expect(mail.html).toContain(`https://bi.example.com/explore/?slice_id=${shop.table}`);
  });

  it('mails an XLSX of the chart’s rows', async () => {
    const mail = await run({ name: 'Rows sheet', chart: shop.table, report_format: 'XLSX' });
    const file = mail.attachments.find((a) => a.filename?.endsWith('.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file?.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet
      ?.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ['id', 'region', 'amount'],
      [1, 'EU', 10.5],
      [2, 'US', 20],
      [3, 'EU', 5.25],
    ]);
  });

  it('schedules a saved query: its rows as CSV, or as a table in the mail', async () => {
    const sql = 'SELECT region, sum(amount) AS total FROM sales GROUP BY region ORDER BY region';
    const csvMail = await run({
      name: 'Query file',
      database: shop.database,
      sql,
      report_format: 'CSV',
    });
    const csv = csvMail.attachments.find((a) => a.filename === 'Query_file.csv');
    expect(csv?.content.toString('utf8').trim().split(/\r?\n/)).toEqual([
      'region,total',
      'EU,15.75',
      'US,20',
    ]);
    expect(csvMail.html).toContain('https://bi.example.com/savedqueryview/list/');
    const textMail = await run({
      name: 'Query table',
      database: shop.database,
      sql,
      report_format: 'TEXT',
    });
    expect(textMail.html).toContain('<th>region</th><th>total</th>');
    expect(textMail.html).toContain('<td>EU</td><td>15.75</td>');
  });

  it('escapes what the mail shows', async () => {
    const mail = await run({
      name: 'Escaped <b>',
      description: '<script>alert(1)</script>',
      database: shop.database,
      sql: "SELECT '<img src=x onerror=alert(1)>' AS cell",
      report_format: 'TEXT',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
