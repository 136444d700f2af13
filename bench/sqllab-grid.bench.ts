// SQL Lab's big-result path, measured in Chromium: a 1,000,000-row x 10-column result from the
// examples DuckDB, from the moment the engine's last row is stored to the first screen of rows
// drawn, through the Arrow IPC stream the web client uses and through row-object JSON, in the same
// run; then the real SQL Lab page with SQL_MAX_ROW at a million (issue 20's aims): `SELECT * FROM
// flights LIMIT 1000000` from the click to its first screen (< 1.5 s), the last row, a sort and a
// filter (each < 1 s), the browser's heap (< 400 MB) and the server's memory against its idle
// size; the same page with the run's rows as JSON (the limit at DISPLAY_MAX_ROW, 10,000) for
// comparison; and a trivial query end to end (click to rows shown) on a warm server.
// Run with `npm run bench -- sqllab-grid`. It is a measurement, not a test.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DISPLAY_MAX_ROW } from '@tessera/shared/api/sqllab';
import type { CDPSession, Page } from 'playwright-core';
import { apiClient } from '../e2e/support/api.ts';
import { launchBrowser, login, newPage } from '../e2e/support/browser.ts';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';

const ROWS = 1_000_000;
const BIG_SQL = `SELECT range AS id, range % 1000 AS bucket, range * 0.25 AS amount,
  'customer ' || (range % 50000) AS customer, DATE '2020-01-01' + CAST(range % 1500 AS INTEGER) AS day,
  range % 2 = 0 AS even, (range * 7919) % 100003 AS code, (range % 97) / 7.0 AS ratio,
  'order-' || range AS order_ref, range % 13 AS shard
FROM range(${ROWS})`;
const TRIVIAL_SQL = 'SELECT 1 AS one';
const TRIVIAL_RUNS = 7;
const ARROW_BUNDLE = path.join(REPO_ROOT, 'node_modules/apache-arrow/Arrow.es2015.min.js');
const MB = 1024 * 1024;

/** The pid of the server child (the process whose command line holds `--port <port>`). */
async function serverPid(port: number): Promise<number | null> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('--port');
      if (args.includes('serve') && at >= 0 && args[at + 1] === String(port)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples the server's resident memory every 25 ms while `work` runs; answers the peak. */
async function withPeakRss<T>(pid: number | null, work: () => Promise<T>): Promise<[T, number]> {
  let peak = pid ? rssMb(pid) : 0;
  const timer = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25) : undefined;
  try {
    const value = await work();
    if (pid) peak = Math.max(peak, rssMb(pid));
    return [value, peak];
  } finally {
    clearInterval(timer);
  }
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / MB;
}

/**
 * Fetches a stored result and draws its first screen (40 rows) as a plain table, in the page:
 * the same drawing for both formats, so the difference is the data path alone. The rows stay
 * referenced from `window` so the heap figure includes them.
 */
async function drawFirstScreen(
  page: Page,
  key: string,
  format: 'arrow' | 'json',
): Promise<{ ms: number; bytes: number }> {
  return page.evaluate(
    async ({ key, format, rows }) => {
      const w = window as unknown as Record<string, unknown> & {
        Arrow: {
          tableFromIPC(bytes: Uint8Array): {
            numRows: number;
            schema: { fields: { name: string }[] };
            getChildAt(i: number): { get(r: number): unknown };
          };
        };
      };
      w.__held = null;
      document.getElementById('bench-table')?.remove();
      const q = encodeURIComponent(`(key:'${key}',rows:${rows})`);
      const start = performance.now();
      const reply = await fetch(`/api/v1/sqllab/results/?q=${q}`, {
        headers: {
          Accept: format === 'arrow' ? 'application/vnd.apache.arrow.stream' : 'application/json',
        },
      });
      const cells: string[][] = [];
      let names: string[] = [];
      let bytes = 0;
      if (format === 'arrow') {
        const buffer = await reply.arrayBuffer();
        // Arrow columns live in ArrayBuffers, outside the V8 heap figure: counted separately.
        bytes = buffer.byteLength;
        const table = w.Arrow.tableFromIPC(new Uint8Array(buffer));
        names = table.schema.fields.map((f) => f.name);
        const vectors = names.map((_n, i) => table.getChildAt(i));
        for (let r = 0; r < 40; r += 1) cells.push(vectors.map((v) => String(v.get(r))));
        w.__held = table;
      } else {
        const body = (await reply.json()) as {
          data: Record<string, unknown>[];
          columns: { name: string }[];
        };
        names = body.columns.map((c) => c.name);
        for (let r = 0; r < 40; r += 1) cells.push(names.map((n) => String(body.data[r][n])));
        w.__held = body;
      }
      const table = document.createElement('table');
      table.id = 'bench-table';
      table.innerHTML = `<tr>${names.map((n) => `<th>${n}</th>`).join('')}</tr>${cells
        .map((row) => `<tr>${row.map((c) => `<td>${c}</td>`).join('')}</tr>`)
        .join('')}`;
      document.body.appendChild(table);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return { ms: performance.now() - start, bytes };
    },
    { key, format, rows: ROWS },
  );
}

/**
 * In the real SQL Lab page: resolves with the time of the first paint of a results grid
 * (optionally one fed by Arrow) that appears after the current one went away (a new run).
 */
async function armGridWatch(page: Page, arrowOnly: boolean): Promise<void> {
  // tsx keeps function names with an `__name` helper that the page does not have.
  await page.evaluate('window.__name = window.__name || ((fn) => fn)');
  await page.evaluate((arrow) => {
    const w = window as unknown as { __gridDrawn: Promise<number> };
    w.__gridDrawn = new Promise((resolve) => {
      const selector = `[data-testid="sqllab-results"]${arrow ? '[data-source="arrow"]' : ''} [data-testid="data-grid-row"]`;
      let gone = !document.querySelector(selector);
      const check = () => {
        if (!document.querySelector(selector)) {
          gone = true;
          return false;
        }
        if (!gone) return false;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        return true;
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      check();
    });
  }, arrowOnly);
}

const FLIGHTS_SQL = `SELECT * FROM flights LIMIT ${ROWS}`;
const ISSUE_AIMS = { firstScreenMs: 1500, interactionMs: 1000, heapMb: 400 };

/** JS heap plus the ArrayBuffers behind it (Arrow columns live there), after a GC. */
async function heapWithBuffersMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as {
    usedSize: number;
    backingStorageSize?: number;
  };
  return (usage.usedSize + (usage.backingStorageSize ?? 0)) / MB;
}

/**
 * Times one interaction in the page: the `start` statement runs, then the page is checked every
 * frame until the `done` expression holds; answers the milliseconds between the two. Given as
 * text, evaluated by the DevTools protocol (the page's CSP forbids eval in its own scripts).
 */
async function timeInPage(page: Page, start: string, done: string, timeoutMs = 120_000) {
  return page.evaluate(`(async () => {
    const began = performance.now();
    ${start};
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (${done}) return performance.now() - began;
      if (performance.now() - began > ${timeoutMs}) return Number.NaN;
    }
  })()`) as Promise<number>;
}

const GRID = '[data-testid="sqllab-results"] [data-testid="sqllab-results-grid"]';
const gridHas = (selector: string) => `!!document.querySelector('${GRID} ${selector}')`;

interface PageFigures {
  firstScreenMs: number;
  allRowsMs: number;
  lastRowMs: number;
  sortMs: number;
  filterMs: number;
  heapMb: number;
  serverIdleMb: number;
  serverPeakMb: number;
  serverAfterMb: number;
}

/**
 * The real SQL Lab page: `sql` run from a click with the limit `limit`; the first screen of rows
 * (whatever path brings them), every row in the grid, the last row, a sort by `delay` and a
 * filter, each timed from the user's action to the grid drawn.
 */
async function measurePage(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  server: Awaited<ReturnType<typeof startServer>>,
  pid: number | null,
  sql: string,
  rows: number,
): Promise<PageFigures> {
  const app = await newPage(browser);
  try {
    const cdp = await app.context.newCDPSession(app.page);
    await login(app.page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    await app.page.goto(`${server.baseUrl}/sqllab/`);
    await app.page.getByTestId('sqllab-editor').waitFor();
    await typeSql(app.page, sql);
    const serverIdleMb = pid ? rssMb(pid) : 0;
    const count = new Intl.NumberFormat('en-US').format(rows);
    const [times, serverPeakMb] = await withPeakRss(pid, async () => {
      const firstScreen = await timeInPage(
        app.page,
        `document.querySelector('[data-testid="sqllab-run"]').click()`,
        gridHas('[data-testid="data-grid-row"]'),
      );
      const allRows = await timeInPage(
        app.page,
        '',
        `document.querySelector('${GRID} [data-testid="data-grid-count"]')?.textContent === '${count} rows'`,
      );
      return { firstScreen, allRows: firstScreen + allRows };
    });
    const lastRowMs = await timeInPage(
      app.page,
      `const s = document.querySelector('${GRID} [data-testid="data-grid-scroll"]'); s.scrollTop = s.scrollHeight;`,
      `[...document.querySelectorAll('${GRID} [data-testid="data-grid-rownum"]')].some((n) => n.textContent === '${rows}')`,
    );
    const sortMs = await timeInPage(
      app.page,
      `document.querySelector('${GRID} [aria-label="Sort by delay"]').click()`,
      `document.querySelector('${GRID} [data-testid="data-grid-header-cell"][data-column="delay"]')?.getAttribute('data-sort') === 'asc' && !${gridHas('[data-testid="data-grid-sorting"]')}`,
    );
    await app.page.locator(`${GRID} [data-testid="data-grid-filter"]`).fill('');
    const filterMs = await timeInPage(
      app.page,
      `const input = document.querySelector('${GRID} [data-testid="data-grid-filter"]');
       const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
       set.call(input, 'HNL'); input.dispatchEvent(new Event('input', { bubbles: true }));`,
      `/ of /.test(document.querySelector('${GRID} [data-testid="data-grid-count"]')?.textContent ?? '') && !${gridHas('[data-testid="data-grid-filtering"]')}`,
    );
    const heapMb = await heapWithBuffersMb(cdp);
    // The stored result is the results backend's now: the server's memory settles back.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const serverAfterMb = pid ? rssMb(pid) : 0;
    return {
      firstScreenMs: times.firstScreen,
      allRowsMs: times.allRows,
      lastRowMs,
      sortMs,
      filterMs,
      heapMb,
      serverIdleMb,
      serverPeakMb,
      serverAfterMb,
    };
  } finally {
    await app.context.close();
  }
}

function pageLine(name: string, f: PageFigures): string {
  const aim = (value: number, limit: number) =>
    `${value.toFixed(0)} ms${value < limit ? '' : ' (over the aim)'}`;
  return [
    `${name}:`,
    `  click -> first screen ${aim(f.firstScreenMs, ISSUE_AIMS.firstScreenMs)}; every row in the grid ${f.allRowsMs.toFixed(0)} ms`,
    `  last row ${aim(f.lastRowMs, ISSUE_AIMS.interactionMs)}, sort ${aim(f.sortMs, ISSUE_AIMS.interactionMs)}, filter ${aim(f.filterMs, ISSUE_AIMS.interactionMs)}`,
    `  browser heap + buffers ${f.heapMb.toFixed(0)} MB${f.heapMb < ISSUE_AIMS.heapMb ? '' : ' (over the aim)'}; server RSS idle ${f.serverIdleMb.toFixed(0)} MB, peak ${f.serverPeakMb.toFixed(0)} MB, 5 s after ${f.serverAfterMb.toFixed(0)} MB`,
  ].join('\n');
}

async function typeSql(page: Page, sql: string): Promise<void> {
  await page.locator('[data-testid="sqllab-editor"] .cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
}

async function main() {
  console.log(`Machine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}`);
  const server = await startServer({
    loadExamples: true,
    env: {
      TESSERA_SQL_MAX_ROW: String(ROWS),
      TESSERA_DEFAULT_SQLLAB_LIMIT: String(ROWS),
      TESSERA_SQLLAB_PAYLOAD_MAX_MB: '4096',
      // A busy 2-core machine can take longer than the 30 s default to run and store 1M rows.
      TESSERA_SQLLAB_TIMEOUT: '600',
      TESSERA_WEBSERVER_TIMEOUT: '600',
      // Another build of the client (bench/README.md), e.g. one no concurrent build replaces.
      ...(process.env.BENCH_WEB_DIST
        ? { TESSERA_WEB_DIST: path.resolve(process.env.BENCH_WEB_DIST) }
        : {}),
    },
  });
  const browser = await launchBrowser();
  try {
    const pid = await serverPid(server.port);
    const api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    // The examples load in the background after /health answers.
    let examples: { id: number } | undefined;
    for (let tries = 0; tries < 300 && !examples; tries += 1) {
      const list = await api.request('GET', '/api/v1/database/');
      const rows = (list.body as { result?: { id: number; database_name: string }[] }).result ?? [];
      examples = rows.find((db) => db.database_name === 'examples');
      if (!examples) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (!examples) throw new Error('The examples database did not appear within 300 s');

    // The engine runs the query once; its stored result is what both paths read.
    const started = Date.now();
    const run = await api.request('POST', '/api/v1/sqllab/execute/', {
      database_id: examples.id,
      sql: BIG_SQL,
      queryLimit: ROWS,
      runAsync: false,
    });
    const record = (run.body as { query?: { resultsKey: string | null; rows: number } }).query;
    if (run.status !== 200 || !record?.resultsKey) {
      throw new Error(
        `The 1M-row query did not store a result: ${run.status} ${JSON.stringify(run.body).slice(0, 400)}`,
      );
    }
    console.log(`Engine run (execute, ${record.rows} rows stored): ${Date.now() - started} ms`);

    // The app's CSP allows its own scripts only: this page injects the Arrow bundle for the raw
    // comparison, so its context bypasses CSP (the SQL Lab measurement below does not).
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    await page.goto(`${server.baseUrl}/superset/welcome/`);
    await page.addScriptTag({ path: ARROW_BUNDLE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    // Raw data paths, same drawing: Arrow first, then JSON (each warm-up then measured).
    type Figures = { ms: number; heap: number; buffers: number; rss: number };
    const figures: Record<string, Figures> = {};
    for (const format of ['arrow', 'json'] as const) {
      await drawFirstScreen(page, record.resultsKey, format);
      await page.evaluate(() => {
        (window as unknown as { __held: unknown }).__held = null;
      });
      await heapMb(cdp);
      const [drawn, rss] = await withPeakRss(pid, () =>
        drawFirstScreen(page, record.resultsKey as string, format),
      );
      figures[format] = { ms: drawn.ms, heap: await heapMb(cdp), buffers: drawn.bytes / MB, rss };
      await page.evaluate(() => {
        (window as unknown as { __held: unknown }).__held = null;
      });
    }
    const line = (name: string, f: Figures) =>
      `${name}: first screen ${f.ms.toFixed(0)} ms, JS heap ${f.heap.toFixed(0)} MB (+ ${f.buffers.toFixed(0)} MB Arrow buffers), server peak RSS ${f.rss.toFixed(0)} MB`;
    const held = (f: Figures) => f.heap + f.buffers;
    console.log(line('Arrow IPC (1M x 10, fetch + decode + draw)', figures.arrow));
    console.log(line('JSON rows (1M x 10, fetch + parse + draw)', figures.json));
    console.log(
      `Ratio JSON / Arrow: time ${(figures.json.ms / figures.arrow.ms).toFixed(2)}x, memory held ${(held(figures.json) / held(figures.arrow)).toFixed(2)}x, server RSS ${(figures.json.rss / figures.arrow.rss).toFixed(2)}x`,
    );
    await context.close();

    // The real client: SQL Lab runs the query; time from the execute answer (engine done) to the
    // first screen of the virtualized grid fed by the Arrow stream.
    const app = await newPage(browser);
    const appCdp = await app.context.newCDPSession(app.page);
    await appCdp.send('Performance.enable');
    await login(app.page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    await app.page.goto(`${server.baseUrl}/sqllab/`);
    await app.page.getByTestId('sqllab-editor').waitFor();
    await typeSql(app.page, BIG_SQL);
    await armGridWatch(app.page, true);
    await app.page.evaluate(() => {
      const w = window as unknown as { __executeEnd: number };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
          if (entry.name.includes('/api/v1/sqllab/execute/')) w.__executeEnd = entry.responseEnd;
        }
      }).observe({ type: 'resource', buffered: true });
    });
    const [appMs, appRss] = await withPeakRss(pid, async () => {
      await app.page.keyboard.press('Control+Enter');
      const drawn = await app.page.evaluate(
        () => (window as unknown as { __gridDrawn: Promise<number> }).__gridDrawn,
      );
      const executeEnd = await app.page.evaluate(
        () => (window as unknown as { __executeEnd: number }).__executeEnd,
      );
      return drawn - executeEnd;
    });
    const appHeap = await heapMb(appCdp);
    console.log(
      `SQL Lab page (execute answered -> Arrow grid first screen): ${appMs.toFixed(0)} ms, JS heap ${appHeap.toFixed(0)} MB, server peak RSS ${appRss.toFixed(0)} MB`,
    );

    // Issue 20's journey in the real page: flights, a million rows through Arrow; then the same
    // page with the rows as JSON (at the display limit, the largest result JSON carries whole).
    const arrowPage = await measurePage(browser, server, pid, FLIGHTS_SQL, ROWS);
    console.log(pageLine(`SQL Lab page, ${FLIGHTS_SQL} (Arrow)`, arrowPage));
    const jsonSql = `SELECT * FROM flights LIMIT ${DISPLAY_MAX_ROW}`;
    const jsonPage = await measurePage(browser, server, pid, jsonSql, DISPLAY_MAX_ROW);
    console.log(pageLine(`SQL Lab page, ${jsonSql} (JSON)`, jsonPage));
    console.log(
      `Per row, JSON / Arrow: first screen ${(jsonPage.firstScreenMs / DISPLAY_MAX_ROW / (arrowPage.firstScreenMs / ROWS)).toFixed(1)}x, every row ${(jsonPage.allRowsMs / DISPLAY_MAX_ROW / (arrowPage.allRowsMs / ROWS)).toFixed(1)}x`,
    );

    // A trivial query on a warm server: click Run -> first row shown.
    const times: number[] = [];
    for (let i = 0; i < TRIVIAL_RUNS; i += 1) {
      await typeSql(app.page, `${TRIVIAL_SQL} -- ${i}`);
      await armGridWatch(app.page, false);
      const ms = await app.page.evaluate(async () => {
        const w = window as unknown as { __gridDrawn: Promise<number> };
        const start = performance.now();
        (document.querySelector('[data-testid="sqllab-run"]') as HTMLElement).click();
        return (await w.__gridDrawn) - start;
      });
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `Trivial query end to end (click -> rows shown), ${TRIVIAL_RUNS} runs: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`,
    );
    await app.context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
