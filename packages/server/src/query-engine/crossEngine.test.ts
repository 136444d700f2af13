import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileQuery } from './compiler.ts';
import { type LoadedEngine, loadFileEngine, loadServerEngine } from './testEngines.ts';
import { QUERY_CASES, salesDataset } from './testFixtures.ts';

// The same query objects on DuckDB, SQLite, PostgreSQL and MySQL/MariaDB: identical rows.
const POSTGRES_URL = process.env.TESSERA_TEST_POSTGRES_URL;
const MYSQL_URL = process.env.TESSERA_TEST_MYSQL_URL;
if (!POSTGRES_URL)
  console.warn('Query engine on PostgreSQL skipped: TESSERA_TEST_POSTGRES_URL is not set');
if (!MYSQL_URL)
  console.warn('Query engine on MySQL/MariaDB skipped: TESSERA_TEST_MYSQL_URL is not set');

const NOW = new Date('2024-03-10T03:30:00Z');
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Engine-neutral rows: numbers rounded, temporal cells as `YYYY-MM-DD HH:MM:SS`. */
function normalize(rows: Array<Record<string, unknown>>) {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => {
        let v: unknown = typeof value === 'bigint' ? Number(value) : value;
        if (key === 'ds') {
          if (typeof v === 'number') v = iso(v);
          else if (v instanceof Date) v = iso(v.getTime());
          else if (typeof v === 'string' && v.length === 10) v = `${v} 00:00:00`;
        } else if (typeof v === 'number') {
          v = Math.round(v * 1e6) / 1e6;
        }
        return [key, v];
      }),
    ),
  );
}

async function runAll(engine: LoadedEngine) {
  const results = new Map<string, unknown>();
  for (const [name, query] of QUERY_CASES) {
    const compiled = compileQuery({
      dataset: salesDataset({ schema: engine.schema }),
      query,
      dialect: engine.dialect,
      sqlMaxRow: 100_000,
      defaultRowLimit: 10_000,
      now: NOW,
    });
    try {
      results.set(name, normalize(await engine.run(compiled.sql)));
    } catch (error) {
      throw new Error(
        `${engine.name} failed on "${name}": ${(error as Error).message}\n${compiled.sql}`,
      );
    }
  }
  return results;
}

let baseline: Map<string, unknown>;

beforeAll(async () => {
  const duckdb = await loadFileEngine('duckdb');
  try {
    baseline = await runAll(duckdb);
  } finally {
    await duckdb.close();
  }
});

describe('hand-computed results (DuckDB)', () => {
  const expected: Record<string, unknown> = {
    'saved and simple metrics by country': [
      { country: 'DE', count: 3, 'SUM(num)': 23, avg_price: 2.166667 },
      { country: 'FR', count: 3, 'SUM(num)': 21, avg_price: 2.416667 },
      { country: 'IT', count: 1, 'SUM(num)': 1, avg_price: 4 },
      { country: 'US', count: 3, 'SUM(num)': 31, avg_price: 2.25 },
    ],
    having: [
      { country: 'US', sum_num: 31 },
      { country: 'DE', sum_num: 23 },
      { country: 'FR', sum_num: 21 },
    ],
    'series limit': [
      { ds: '2024-01-01 00:00:00', country: 'DE', sum_num: 19 },
      { ds: '2024-01-01 00:00:00', country: 'US', sum_num: 20 },
      { ds: '2024-02-01 00:00:00', country: 'US', sum_num: 5 },
      { ds: '2024-03-01 00:00:00', country: 'DE', sum_num: 4 },
      { ds: '2024-04-01 00:00:00', country: 'US', sum_num: 6 },
    ],
    'series limit by another metric, ascending': [
      { country: 'FR', count: 3 },
      { country: 'IT', count: 1 },
    ],
    'filter TEMPORAL_RANGE': [
      { ds: '2024-02-01 00:00:00', country: 'US', num: 5 },
      { ds: '2024-01-02 09:00:00', country: 'DE', num: 7 },
      { ds: '2024-01-08 12:00:00', country: 'DE', num: 12 },
      { ds: '2024-01-15 08:45:00', country: 'US', num: 20 },
    ],
    'weekly x-axis': [
      ['2024-01-01', 3],
      ['2024-01-08', 1],
      ['2024-01-15', 1],
      ['2024-01-29', 1],
      ['2024-02-12', 1],
      ['2024-02-26', 1],
      ['2024-03-25', 1],
      ['2024-04-01', 1],
    ].map(([ds, count]) => ({ ds: `${ds} 00:00:00`, count })),
    'order by a metric not selected, limit and offset': [
      { country: 'DE', count: 3 },
      { country: 'FR', count: 3 },
    ],
    'filter ILIKE': [{ ds: '2024-03-03 11:11:11', country: 'FR', num: 8 }],
    'filter == with a quote': [{ ds: '2024-01-15 08:45:00', country: 'US', num: 20 }],
    'row count': [{ rowcount: 4 }],
  };
  it.each(Object.keys(expected))('%s', (name) => {
    expect(baseline.get(name)).toEqual(expected[name]);
  });
});

const engines: Array<[string, string | undefined, () => Promise<LoadedEngine>]> = [
  ['SQLite', 'file', () => loadFileEngine('sqlite')],
  ['PostgreSQL', POSTGRES_URL, () => loadServerEngine('postgresql', POSTGRES_URL as string)],
  ['MySQL/MariaDB', MYSQL_URL, () => loadServerEngine('mysql', MYSQL_URL as string)],
];

describe.each(engines)('%s gives the same rows as DuckDB', (_label, url, open) => {
  let results: Map<string, unknown>;
  let engine: LoadedEngine | null = null;
  beforeAll(async () => {
    if (!url) return;
    engine = await open();
    results = await runAll(engine);
  });
  afterAll(async () => {
    await engine?.close();
  });
  it.skipIf(!url).each(QUERY_CASES.map(([name]) => name))('%s', (name) => {
    expect(results.get(name)).toEqual(baseline.get(name));
  });
});
