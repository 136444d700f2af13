import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/harness.ts';
import { DASHBOARD_SIZE } from './content/screenshot.ts';
import type { ReportsRuntime } from './runtime.ts';
import {
  createReport,
  type Mailbox,
  mailedShop,
  reportBody,
  runtimeFor,
  type Shop,
  saveChart,
} from './testFixtures.ts';
import { colouredShare, decodePng, pdfPages } from './testPng.ts';

/**
 * Real mail with real pictures: the server listens and serves a built web client, Chromium
 * (playwright-core) opens the chart or dashboard signed in as the report's owner, and what
 * arrives at a local SMTP server is parsed and looked at.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
// CI builds packages/web/dist before the tests; a local run may point at a build of its own.
const WEB_DIST = process.env.TESSERA_TEST_WEB_DIST ?? path.resolve(here, '../../../web/dist');
const hasClient = existsSync(path.join(WEB_DIST, 'index.html'));
if (!hasClient)
  console.warn(
    `Report screenshot tests skipped: no built web client at ${WEB_DIST} (build packages/web or set TESSERA_TEST_WEB_DIST)`,
  );

/** A dashboard with one chart per row: taller than a screen. */
function tallLayout(chartIds: number[]): Record<string, unknown> {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Tall' } },
  };
  const rows: string[] = [];
  chartIds.forEach((chartId, i) => {
    const row = `ROW-${i}`;
    const chart = `CHART-${i}`;
    rows.push(row);
    layout[row] = {
      id: row,
      type: 'ROW',
      children: [chart],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    };
    layout[chart] = {
      id: chart,
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', row],
      meta: { chartId, width: 12, height: 50 },
    };
  });
  layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rows, parents: ['ROOT_ID'] };
  return layout;
}

describe.skipIf(!hasClient)('report content delivered by mail', () => {
  let t: TestApp;
  let shop: Shop;
  let mailbox: Mailbox;
  let runtime: ReportsRuntime;
  let tall: number;

  beforeAll(async () => {
    ({ t, shop, mailbox } = await mailedShop({ config: { webDist: WEB_DIST } }));
    const bars: number[] = [shop.pie];
    for (let i = 0; i < 3; i += 1)
      bars.push(
        await saveChart(t, 'admin', `Pie ${i}`, shop.sales, {
          viz_type: 'pie',
          groupby: ['region'],
          metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' },
          row_limit: 100,
        }),
      );
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/dashboard/',
      payload: {
        dashboard_title: 'Tall sales',
        published: true,
        position_json: JSON.stringify(tallLayout(bars)),
      },
    });
    tall = res.json().id;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    runtime = runtimeFor(t, { screenshotBaseUrl: address });
  }, 120_000);
  afterAll(async () => {
    await runtime?.close();
    await t?.close();
    await mailbox?.close();
  });

  const mailOf = async (name: string): Promise<ParsedMail> => {
    const mails = await mailbox.waitFor(1);
    const mail = mails.find((m) => m.subject === `[Report] ${name}`);
    if (!mail) throw new Error(`no mail for ${name}: ${mails.map((m) => m.subject).join(', ')}`);
    return mail;
  };
  const run = async (caller: 'admin' | 'gamma', body: Record<string, unknown>) => {
    const id = await createReport(t, caller, reportBody(body));
    const state = await runtime.runner.run(id, new Date());
    if (state !== 'Success') {
      const log = await t.store.db
        .selectFrom('report_execution_log')
        .select(['error_message'])
        .where('report_schedule_id', '=', id)
        .executeTakeFirst();
      throw new Error(`run ended ${state}: ${log?.error_message}`);
    }
    return mailOf(String(body.name));
  };

  it('mails a PNG that really shows the chart, at the custom width, with a link back', async () => {
    const mail = await run('gamma', { name: 'Pie picture', chart: shop.pie, custom_width: 700 });
    const png = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(png?.filename).toBe(`chart_${shop.pie}.png`);
    const pixels = decodePng(png?.content as Buffer);
    expect(pixels.width).toBe(700);
    expect(pixels.height).toBeGreaterThan(150);
    // The pie's slices are coloured; an empty or failed chart is white and grey.
    expect(colouredShare(pixels)).toBeGreaterThan(0.05);
    expect(mail.html).toContain(`/explore/?slice_id=${shop.pie}`);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('team@example.com');
    // The owner's session was ended once the picture was taken.
    const sessions = await t.store.db.selectFrom('sessions').select('id').execute();
    expect(sessions.length).toBeLessThanOrEqual(2);
  }, 120_000);

  it('captures a tall dashboard whole, and as a PDF of one page per screen', async () => {
    const picture = await run('admin', { name: 'Tall picture', dashboard: tall });
    const png = picture.attachments.find((a) => a.contentType === 'image/png');
    const pixels = decodePng(png?.content as Buffer);
    expect(pixels.width).toBe(DASHBOARD_SIZE.width);
    expect(pixels.height).toBeGreaterThan(DASHBOARD_SIZE.height);
    // The last chart, below the first screen, was drawn too.
    const bottom = decodePng(png?.content as Buffer);
    const lastRows = {
      width: bottom.width,
      height: 300,
      rgba: bottom.rgba.subarray(
        (bottom.height - 450) * bottom.width * 4,
        (bottom.height - 150) * bottom.width * 4,
      ),
    };
    expect(colouredShare(lastRows)).toBeGreaterThan(0.01);
    expect(picture.html).toContain(`/superset/dashboard/${tall}/`);

    const document = await run('admin', {
      name: 'Tall document',
      dashboard: tall,
      report_format: 'PDF',
    });
    const pdf = document.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPages(pdf?.content as Buffer)).toBe(Math.ceil(pixels.height / DASHBOARD_SIZE.height));
  }, 180_000);
});
