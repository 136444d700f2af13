import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { createDataset, runOnDuckdb } from '../../datasets/testFixtures.ts';
import { acquireDuckdbInstance, releaseDuckdbInstance } from '../../engines/duckdb/connect.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { createScratchPostgresDatabase, TEST_POSTGRES_URL } from '../../testing/stores.ts';

/**
 * Test support of the conformance suite: a `stocks` table on a real engine (DuckDB file, or a
 * scratch PostgreSQL database), registered as a dataset of a test app, and plain SQL on the same
 * engine to compute the expected numbers independently of the query engine.
 *
 * Rows: every month of 2023 and 2024, for each symbol i (AAPL, GOOG, MSFT) two rows k (the 3rd
 * and the 17th). origin = i's airport, destination = (i + k)th of JFK, BOS, ORD, ATL (6 of the
 * 12 pairs occur); weather cycles so that every month has every weather; price and n vary by
 * month, symbol and row so that series sums differ (pair totals of n: 60, 84, 108, ... 180).
 */

const SYMBOLS = ['AAPL', 'GOOG', 'MSFT'];
const ORIGINS = ['SFO', 'LAX', 'SEA'];
const DESTINATIONS = ['JFK', 'BOS', 'ORD', 'ATL'];
const WEATHER = ['sun', 'rain', 'snow'];

const pad = (n: number) => String(n).padStart(2, '0');

function stocksSql(timestampType: string): string {
  const values: string[] = [];
  for (let m = 0; m < 24; m++) {
    const year = 2023 + Math.floor(m / 12);
    for (let i = 0; i < 3; i++) {
      for (let k = 0; k < 2; k++) {
        const ts = `${year}-${pad((m % 12) + 1)}-${k ? 17 : 3} 10:00:00`;
        const price = 100 + 7 * m + 13 * i + 3 * k + ((m * i) % 5);
        const n = 1 + ((m + 2 * i + k) % 4) + 2 * i + k;
        values.push(
          `('${ts}', ${year}, '${SYMBOLS[i]}', '${ORIGINS[i]}', '${DESTINATIONS[i + k]}', ` +
            `'${WEATHER[(m + i + k) % 3]}', ${price}, ${n})`,
        );
      }
    }
  }
  return `CREATE TABLE stocks (ts ${timestampType}, year INTEGER, symbol VARCHAR(8),
      origin VARCHAR(8), destination VARCHAR(8), weather VARCHAR(8), price DOUBLE PRECISION,
      n INTEGER);
    INSERT INTO stocks VALUES ${values.join(',\n')};`;
}

export type EngineName = 'DuckDB' | 'PostgreSQL';

export interface Conformance {
  t: TestApp;
  engine: EngineName;
  databaseId: number;
  stocks: number;
  /** Plain SQL on the same engine; cells as numbers or text (`CAST(... AS VARCHAR)` for dates). */
  sql(text: string): Promise<Array<Record<string, unknown>>>;
  /** POST /api/v1/chart/data as admin; the first result (or the error body) after the status. */
  post(payload: unknown, status?: number): Promise<Record<string, unknown>>;
  /** POST /api/v1/chart/data as admin, answering 200; every result. */
  postAll(payload: unknown): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** Epoch ms of the `YYYY-MM-DD HH:MM:SS` text both engines give a timestamp cast to text. */
export const epochOf = (text: unknown) => Date.parse(`${String(text).replace(' ', 'T')}Z`);

/** SQL numbers (bigint text from PostgreSQL, HUGEINT text from DuckDB) as numbers. */
export const numberOf = (value: unknown) => (value === null ? null : Number(value));

async function duckdbSide(t: TestApp) {
  const file = path.join(t.home, 'conformance.duckdb');
  await runOnDuckdb(file, stocksSql('TIMESTAMP'));
  const sql = async (text: string) => {
    const instance = await acquireDuckdbInstance(file);
    try {
      const connection = await instance.connect();
      const reader = await connection.runAndReadAll(text);
      connection.closeSync();
      return reader.getRowObjectsJson() as Array<Record<string, unknown>>;
    } finally {
      releaseDuckdbInstance(file, instance);
    }
  };
  return { uri: `duckdb:///${file}`, schema: 'main', sql, drop: async () => undefined };
}

async function postgresSide() {
  const scratch = await createScratchPostgresDatabase();
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return (await client.query(text)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };
  await sql(stocksSql('TIMESTAMP'));
  return { uri: scratch.url, schema: 'public', sql, drop: scratch.drop };
}

/** The engines the suite runs on: DuckDB always, PostgreSQL when its test URL is set. */
export function conformanceEngines(): EngineName[] {
  if (!TEST_POSTGRES_URL) {
    console.warn(
      'Chart-data conformance on PostgreSQL skipped: TESSERA_TEST_POSTGRES_URL is not set',
    );
    return ['DuckDB'];
  }
  return ['DuckDB', 'PostgreSQL'];
}

async function postChartData(t: TestApp, payload: unknown, status: number) {
  const reply = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/chart/data',
    payload: payload as Record<string, unknown>,
  });
  expect(reply.statusCode, reply.body).toBe(status);
  return reply.json() as { result?: Array<Record<string, unknown>> };
}

export async function openConformance(engine: EngineName): Promise<Conformance> {
  const t = await createTestApp();
  const side = engine === 'DuckDB' ? await duckdbSide(t) : await postgresSide();
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/database/',
    payload: { database_name: `conformance ${engine}`, sqlalchemy_uri: side.uri },
  });
  if (res.statusCode !== 201) throw new Error(`creating the database failed: ${res.body}`);
  const databaseId = (res.json() as { id: number }).id;
  const stocks = await createDataset(t, {
    database: databaseId,
    schema: side.schema,
    table_name: 'stocks',
  });
  return {
    t,
    engine,
    databaseId,
    stocks,
    sql: side.sql,
    post: async (payload, status = 200) => {
      const body = await postChartData(t, payload, status);
      return status === 200 ? (body.result?.[0] ?? {}) : (body as Record<string, unknown>);
    },
    postAll: async (payload) => (await postChartData(t, payload, 200)).result ?? [],
    async close() {
      await t.close();
      await side.drop();
    },
  };
}
