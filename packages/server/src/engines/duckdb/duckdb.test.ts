import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEngineConformance } from '../testing/conformance.ts';
import { conformanceFixture } from '../testing/fixtures.ts';
import { duckdbEngine } from './index.ts';

describe('DuckDB engine (temp file)', () => {
  runEngineConformance({
    spec: duckdbEngine,
    async setup() {
      const home = mkdtempSync(join(tmpdir(), 'tessera-duckdb-'));
      return {
        uri: `duckdb:///${join(home, 'test.duckdb')}`,
        home,
        schema: 'sales',
        teardown: async () => rmSync(home, { recursive: true, force: true }),
      };
    },
    fixture: (schema) => [
      `CREATE SCHEMA ${schema}`,
      ...conformanceFixture(`${schema}.`, {
        amount: 'DECIMAL(10, 2)',
        ratio: 'DOUBLE',
        ts: 'TIMESTAMP',
      }),
    ],
    longQuery: 'SELECT sum(a.range * b.range) FROM range(1000000000) a CROSS JOIN range(1000000) b',
    badConnections: ({ home }) => [
      {
        label: 'a file in a folder that does not exist',
        uri: `duckdb:///${join(home, 'missing-folder', 'x.duckdb')}`,
        errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      },
    ],
    expectedTypes: {
      id: 'INTEGER',
      amount: 'DECIMAL(10,2)',
      ratio: 'DOUBLE',
      flag: 'BOOLEAN',
      day: 'DATE',
      ts: 'TIMESTAMP',
      label: 'VARCHAR',
    },
    supportsCost: false,
  });
});

describe('DuckDB engine specifics', () => {
  it('reads BIGINT as Int64, HUGEINT and DECIMAL as Float64, lists as text', async () => {
    const connection = await duckdbEngine.connect('duckdb:///:memory:', { home: tmpdir() });
    try {
      const result = await connection.execute(
        "SELECT 9007199254740993::BIGINT AS big, 170141183460469231731687303715884105727::HUGEINT AS huge, 1.25::DECIMAL(38, 10) AS dec, [1, 2] AS list, TIMESTAMPTZ '2024-01-02 03:04:05+00' AS tz",
      );
      expect(result.schema.fields.map((field) => String(field.type))).toEqual([
        'Int64',
        'Float64',
        'Float64',
        'Utf8',
        'Timestamp<MILLISECOND, UTC>',
      ]);
      const batch = (await result.batches[Symbol.asyncIterator]().next()).value;
      expect(batch.getChild('big')?.get(0)).toBe(9007199254740993n);
      expect(batch.getChild('dec')?.get(0)).toBe(1.25);
      expect(batch.getChild('list')?.get(0)).toBe('[1, 2]');
      expect(batch.getChild('tz')?.get(0)).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    } finally {
      await connection.close();
    }
  });

  it('keeps SQL away from the server’s files, even when the URI asks otherwise', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tessera-duckdb-'));
    writeFileSync(join(home, 'private.csv'), 'a\n1\n');
    const connection = await duckdbEngine.connect(
      'duckdb:///:memory:?enable_external_access=true',
      { home },
    );
    try {
      for (const sql of [
        `SELECT * FROM read_csv('${join(home, 'private.csv')}')`,
        `SELECT * FROM read_text('${join(home, 'private.csv')}')`,
        `COPY (SELECT 1) TO '${join(home, 'out.csv')}'`,
      ]) {
        await expect(
          (async () => {
            const result = await connection.execute(sql);
            for await (const _ of result.batches) {
              // drain
            }
          })(),
          sql,
        ).rejects.toThrow();
      }
    } finally {
      await connection.close();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('shares one instance per file so two connections to the same path both work', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tessera-duckdb-'));
    const uri = 'duckdb:///shared.duckdb';
    const first = await duckdbEngine.connect(uri, { home });
    const second = await duckdbEngine.connect(uri, { home });
    try {
      await (await first.execute('CREATE TABLE t AS SELECT 1 AS a')).batches[
        Symbol.asyncIterator
      ]().return?.();
      expect((await second.getTables('main')).map((table) => table.value)).toEqual(['t']);
    } finally {
      await first.close();
      await second.close();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('round-trips the connection form through buildUri and parseUri', () => {
    const uri = duckdbEngine.buildUri({ database: '/data/warehouse.duckdb' });
    expect(uri).toBe('duckdb:////data/warehouse.duckdb');
    expect(duckdbEngine.parseUri(uri)).toEqual({ database: '/data/warehouse.duckdb' });
    expect(duckdbEngine.parseUri('duckdb:///relative.duckdb')).toEqual({
      database: 'relative.duckdb',
    });
  });

  it('renames duplicate result columns the way Superset does', async () => {
    const connection = await duckdbEngine.connect('duckdb://', { home: tmpdir() });
    try {
      const result = await connection.execute('SELECT 1 AS a, 2 AS a, 3 AS a');
      expect(result.columns.map((column) => column.name)).toEqual(['a', 'a__1', 'a__2']);
    } finally {
      await connection.close();
    }
  });
});
