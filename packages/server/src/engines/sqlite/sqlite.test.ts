import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { collectRows } from '../arrow.ts';
import { runEngineConformance } from '../testing/conformance.ts';
import { conformanceFixture } from '../testing/fixtures.ts';
import { sqliteEngine } from './index.ts';

describe('SQLite engine (temp file)', () => {
  runEngineConformance({
    spec: sqliteEngine,
    async setup() {
      const home = mkdtempSync(join(tmpdir(), 'tessera-sqlite-'));
      // SQLite connections need an existing file: create it empty, as a user would have one.
      new Database(join(home, 'test.db')).close();
      return {
        uri: `sqlite:///${join(home, 'test.db')}`,
        home,
        schema: 'main',
        teardown: async () => rmSync(home, { recursive: true, force: true }),
      };
    },
    fixture: () =>
      conformanceFixture('', { amount: 'DECIMAL(10, 2)', ratio: 'DOUBLE', ts: 'DATETIME' }),
    // An endless row stream: the read loop notices the signal between slices of rows.
    longQuery: 'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c',
    badConnections: ({ home }) => [
      {
        label: 'a file that does not exist',
        uri: `sqlite:///${join(home, 'missing.db')}`,
        errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      },
    ],
    expectedTypes: {
      id: 'INTEGER',
      amount: 'DECIMAL(10, 2)',
      ratio: 'DOUBLE',
      flag: 'BOOLEAN',
      day: 'DATE',
      ts: 'DATETIME',
      label: 'VARCHAR(20)',
    },
    supportsCost: false,
  });
});

describe('SQLite engine specifics', () => {
  it('reads relative paths from TESSERA_HOME and round-trips the form', () => {
    expect(sqliteEngine.buildUri({ database: '/data/app.db' })).toBe('sqlite:////data/app.db');
    expect(sqliteEngine.parseUri('sqlite:////data/app.db')).toEqual({ database: '/data/app.db' });
    expect(sqliteEngine.parseUri('sqlite:///app.db')).toEqual({ database: 'app.db' });
  });

  it('infers types for expressions from their values', async () => {
    const connection = await sqliteEngine.connect('sqlite://', { home: tmpdir() });
    try {
      const result = await connection.execute(
        "SELECT 1 AS i, 1.5 AS r, 'a' AS s, DATETIME('2024-01-02 03:04:05') AS t, NULL AS n",
      );
      expect(
        result.columns.map((column) => [column.name, column.type, column.type_generic]),
      ).toEqual([
        ['i', 'INTEGER', 0],
        ['r', 'REAL', 0],
        ['s', 'TEXT', 1],
        ['t', 'DATETIME', 2],
        ['n', 'NULL', 1],
      ]);
      expect(await collectRows(result.batches)).toEqual([
        { i: 1n, r: 1.5, s: 'a', t: Date.UTC(2024, 0, 2, 3, 4, 5), n: null },
      ]);
    } finally {
      await connection.close();
    }
  });

  it('reports rows affected by DML', async () => {
    const connection = await sqliteEngine.connect('sqlite://', { home: tmpdir() });
    try {
      await connection.execute('CREATE TABLE t (a INTEGER)');
      const result = await connection.execute('INSERT INTO t VALUES (1), (2)');
      expect(result.rowsAffected).toBe(2);
      expect(result.columns).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});
