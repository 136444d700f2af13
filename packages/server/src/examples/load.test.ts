import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRepository } from '../databases/repository.ts';
import {
  type MetadataStore,
  migrateToLatest,
  openMetadataStore,
} from '../platform/metadata/store.ts';
import { createScratchPostgresDatabase, TEST_POSTGRES_URL } from '../testing/stores.ts';
import { EXAMPLE_DATASETS } from './datasets.ts';
import { examplesFile, type LoadExamplesSummary, loadExamples } from './load.ts';

const REQUIRED_TABLES = [
  'gapminder',
  'cars',
  'flights',
  'seattle_weather',
  'stocks',
  'airports',
  'unemployment_across_industries',
  'population',
  'movies',
  'iowa_electricity',
  'disasters',
  'income',
];

const silent = { info: () => {}, warn: () => {} };

async function query(file: string, sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(sql);
    connection.closeSync();
    return reader.getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    instance.closeSync();
  }
}

describe('loadExamples on a fresh home', () => {
  let home: string;
  let store: MetadataStore;
  let first: LoadExamplesSummary;

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'tessera-examples-'));
    store = openMetadataStore({ home, databaseUrl: null });
    await migrateToLatest(store);
    first = await loadExamples({ config: { home }, store, logger: silent });
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('builds every required table with rows, and flights with three million', async () => {
    expect(first.built).toBe(true);
    const counts = Object.fromEntries(first.tables.map((t) => [t.table, t.rows]));
    for (const table of REQUIRED_TABLES) expect(counts[table], table).toBeGreaterThan(0);
    expect(counts.flights).toBe(3_000_000);
    const rows = await query(
      first.file,
      `SELECT table_name, estimated_size FROM duckdb_tables() WHERE schema_name = 'main'`,
    );
    const inFile = rows.map((r) => r.table_name);
    for (const dataset of EXAMPLE_DATASETS) expect(inFile).toContain(dataset.table);
    // Only the example tables: the build's own bookkeeping never shows in a table list.
    expect([...inFile].sort()).toEqual(EXAMPLE_DATASETS.map((d) => d.table).sort());
    const [flights] = await query(first.file, 'SELECT count(*) AS n FROM flights');
    expect(Number(flights.n)).toBe(3_000_000);
  });

  it('types date columns as DATE or TIMESTAMP and whole numbers as integers', async () => {
    const columns = await query(
      first.file,
      `SELECT table_name || '.' || column_name AS col, data_type FROM information_schema.columns`,
    );
    const types = Object.fromEntries(columns.map((c) => [c.col, c.data_type]));
    expect(types['flights.date']).toBe('TIMESTAMP');
    expect(types['flights.delay']).toBe('INTEGER');
    expect(types['seattle_weather.date']).toBe('DATE');
    expect(types['stocks.date']).toBe('DATE');
    expect(types['movies.release_date']).toBe('DATE');
    expect(types['unemployment_across_industries.date']).toBe('DATE');
    expect(types['iowa_electricity.year']).toBe('DATE');
    expect(types['cars.year']).toBe('DATE');
    expect(types['gapminder.year']).toBe('INTEGER');
    expect(types['gapminder.pop']).toBe('BIGINT');
    expect(types['movies.title']).toBe('VARCHAR');
    expect(types['income.income_group']).toBe('VARCHAR');
    for (const name of Object.keys(types)) expect(name).toMatch(/^[a-z0-9_]+\.[a-z0-9_]+$/);
  });

  it("parses stocks' 'Jan 1 2000' dates and every movie release date", async () => {
    const [first2000] = await query(
      first.file,
      `SELECT CAST("date" AS VARCHAR) AS d, price FROM stocks WHERE symbol = 'MSFT' ORDER BY "date" LIMIT 1`,
    );
    expect(first2000).toEqual({ d: '2000-01-01', price: 39.81 });
    const [missing] = await query(
      first.file,
      'SELECT count(*) AS n FROM movies WHERE release_date IS NULL',
    );
    expect(Number(missing.n)).toBe(0);
  });

  it('registers the examples database once, pointing at the file', async () => {
    expect(first.registered).toBe(true);
    const row = await databaseRepository.getByName(store.db, 'examples');
    expect(row).toMatchObject({
      id: first.databaseId,
      engine: 'duckdb',
      sqlalchemy_uri: `duckdb:///${examplesFile(home)}`,
      expose_in_sqllab: 1,
      allow_run_async: 0,
      extra: '{}',
    });
    expect(path.isAbsolute(examplesFile(home))).toBe(true);
  });

  it('does nothing on a second run, quickly', async () => {
    const again = await loadExamples({ config: { home }, store, logger: silent });
    expect(again.built).toBe(false);
    expect(again.registered).toBe(false);
    expect(again.databaseId).toBe(first.databaseId);
    expect(again.tables).toEqual(first.tables);
    expect(again.seconds).toBeLessThan(1);
    const all = await databaseRepository.list(store.db);
    expect(all.filter((d) => d.database_name === 'examples')).toHaveLength(1);
    expect(readdirSync(home).filter((f) => f.includes('.building-'))).toEqual([]);
  });

  it('keeps an examples database row an admin already changed', async () => {
    await databaseRepository.update(store.db, first.databaseId, { expose_in_sqllab: false }, null);
    const again = await loadExamples({ config: { home }, store, logger: silent });
    expect(again.registered).toBe(false);
    expect((await databaseRepository.get(store.db, first.databaseId))?.expose_in_sqllab).toBe(0);
  });
});

describe('loadExamples rebuilding', () => {
  it('replaces a file that is not a current examples build and clears stale half-builds', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tessera-examples-'));
    const store = openMetadataStore({ home, databaseUrl: null });
    try {
      await migrateToLatest(store);
      const file = examplesFile(home);
      // An older build: a DuckDB file without our manifest.
      const old = await DuckDBInstance.create(file);
      const connection = await old.connect();
      await connection.run('CREATE TABLE leftover AS SELECT 1 AS x');
      connection.closeSync();
      old.closeSync();
      // A crashed build from a process that no longer exists.
      writeFileSync(`${file}.building-999999999`, 'partial');

      const summary = await loadExamples({ config: { home }, store, logger: silent });
      expect(summary.built).toBe(true);
      const tables = (await query(file, 'SELECT table_name FROM duckdb_tables()')).map(
        (r) => r.table_name,
      );
      expect(tables).not.toContain('leftover');
      expect(tables).toContain('flights');
      expect(existsSync(`${file}.building-999999999`)).toBe(false);
    } finally {
      await store.close();
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});

if (!TEST_POSTGRES_URL) {
  console.warn('examples registration on PostgreSQL skipped: TESSERA_TEST_POSTGRES_URL is not set');
}

describe.skipIf(!TEST_POSTGRES_URL)('loadExamples with a PostgreSQL metadata store', () => {
  it('registers the examples database once', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tessera-examples-'));
    const scratch = await createScratchPostgresDatabase();
    const store = openMetadataStore({ home, databaseUrl: scratch.url });
    try {
      await migrateToLatest(store);
      const first = await loadExamples({ config: { home }, store, logger: silent });
      const second = await loadExamples({ config: { home }, store, logger: silent });
      expect([first.registered, second.registered]).toEqual([true, false]);
      const rows = (await databaseRepository.list(store.db)).filter(
        (d) => d.database_name === 'examples',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].sqlalchemy_uri).toBe(`duckdb:///${examplesFile(home)}`);
    } finally {
      await store.close();
      await scratch.drop();
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});
