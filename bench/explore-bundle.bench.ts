// The JavaScript the browser loads for `/explore/` before any chart type loads, and what each
// chart type adds when Explore opens its saved example chart, measured in Chromium: every .js
// the page fetched, sized gzipped (zlib level 6, a web server's usual level) from the built
// files in packages/web/dist. Aim (issue 5): under 600 KB gzipped before a chart type loads.
// Run with `npm run bench -- explore-bundle`. It is a measurement, not a test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { REPO_ROOT } from '../e2e/support/server.ts';
import { startChartsBench, waitForChartsDrawn } from './support/browserCharts.ts';
import { machineLine } from './support/machine.ts';

const DIST = path.join(REPO_ROOT, 'packages/web/dist');
const AIM_KB = 600;
const sizes = new Map<string, { raw: number; gzip: number }>();

function sizeOf(url: string): { raw: number; gzip: number } {
  const cached = sizes.get(url);
  if (cached) return cached;
  // Built URLs start with /static/ (vite base); the files sit at the same path under dist/.
  const file = path.join(DIST, new URL(url).pathname.replace(/^\/static\//, ''));
  const bytes = readFileSync(file);
  const size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
  sizes.set(url, size);
  return size;
}

/** The .js URLs a page loads while `open` runs. */
async function scriptsLoaded(
  context: BrowserContext,
  open: (page: import('playwright-core').Page) => Promise<void>,
): Promise<string[]> {
  const page = await context.newPage();
  const urls = new Set<string>();
  page.on('response', (response) => {
    const url = response.url();
    if (new URL(url).pathname.endsWith('.js')) urls.add(url);
  });
  await open(page);
  await page.close();
  return [...urls];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (urls: string[], key: 'raw' | 'gzip') =>
  urls.reduce((sum, url) => sum + sizeOf(url)[key], 0);
const shortName = (url: string) => path.basename(new URL(url).pathname);

console.log(machineLine());
const bench = await startChartsBench();
try {
  // /explore/ with no dataset: the page and its control panel, no chart type yet.
  const base = await scriptsLoaded(bench.context, async (page) => {
    await page.goto(`${bench.baseUrl}/explore/`, { waitUntil: 'networkidle' });
  });
  console.log(`/explore/ before a chart type loads: ${base.length} scripts`);
  for (const url of [...base].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
    console.log(`  ${shortName(url).padEnd(40)} ${kb(sizeOf(url).gzip).padStart(10)} gzip`);
  }
  const baseGzip = total(base, 'gzip');
  console.log(
    `total: ${kb(baseGzip)} gzip (${kb(total(base, 'raw'))} raw); aim under ${AIM_KB} KB: ${baseGzip < AIM_KB * 1024 ? 'met' : 'NOT met'}`,
  );

  const seen = new Set(base);
  const rows: Array<{ type: string; own: number; added: number; files: string[] }> = [];
  const types = [...new Set(bench.charts.map((c) => c.viz_type))];
  for (const type of types) {
    const chart = bench.charts.find((c) => c.viz_type === type);
    if (!chart) continue;
    const loaded = await scriptsLoaded(bench.context, async (page) => {
      await page.goto(`${bench.baseUrl}/explore/?slice_id=${chart.id}`);
      await waitForChartsDrawn(page, 1);
    });
    const added = loaded.filter((url) => !seen.has(url));
    // The chunk named after the chart type is its own code; the rest are libraries it shares.
    const own = added.filter((url) => shortName(url).startsWith(`${type}-`));
    rows.push({
      type,
      own: total(own, 'gzip'),
      added: total(added, 'gzip'),
      files: added.map(shortName),
    });
  }
  console.log('\nper chart type (gzip): its own chunk, and everything it adds to /explore/');
  for (const row of rows.sort((a, b) => b.added - a.added)) {
    console.log(
      `  ${row.type.padEnd(28)} own ${kb(row.own).padStart(9)}  adds ${kb(row.added).padStart(9)}  (${row.files.join(', ')})`,
    );
  }
  const heaviest = rows[0];
  if (heaviest) {
    console.log(
      `heaviest: ${heaviest.type}, ${kb(heaviest.added)} on top of /explore/ (${(heaviest.added / baseGzip).toFixed(2)}x the page itself)`,
    );
  }
  console.log(machineLine());
} finally {
  await bench.stop();
}
