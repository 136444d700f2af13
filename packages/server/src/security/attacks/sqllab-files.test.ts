import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbEngine } from '../../engines/duckdb/index.ts';
import { sqliteEngine } from '../../engines/sqlite/index.ts';
import type { EngineConnection } from '../../engines/types.ts';
import {
  clientId,
  createDatabase,
  execute,
  grantToRole,
  makeNumbersSqlite,
  sqliteUri,
} from '../../sqllab/testFixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../testing/harness.ts';

/**
 * Issue 21, item 1: SQL run through a SQLite or DuckDB connection, with DML allowed, tries to
 * reach the metadata store (`<TESSERA_HOME>/tessera.db`) and other files: ATTACH it, read the
 * sessions, make itself admin, VACUUM INTO a new file, load extensions. Everyone is refused,
 * admins included, however the SQL is spelled; the store and the file system stay untouched.
 */

let t: TestApp;
let memoryLite: number;
let fileLite: number;
let duck: number;
let store: string;

beforeAll(async () => {
  t = await createTestApp();
  store = path.join(t.home, 'tessera.db');
  makeNumbersSqlite(path.join(t.home, 'numbers.db'));
  memoryLite = await createDatabase(t, {
    database_name: 'lite-memory',
    sqlalchemy_uri: 'sqlite://',
    allow_dml: true,
    expose_in_sqllab: true,
  });
  fileLite = await createDatabase(t, {
    database_name: 'lite-file',
    sqlalchemy_uri: sqliteUri(t.home, 'numbers.db'),
    allow_dml: true,
  });
  duck = await createDatabase(t, {
    database_name: 'duck-memory',
    sqlalchemy_uri: 'duckdb:///:memory:',
    allow_dml: true,
  });
  await grantToRole(
    t,
    'sql_lab',
    ['database_access', `[lite-memory].(id:${memoryLite})`],
    ['database_access', `[lite-file].(id:${fileLite})`],
    ['database_access', `[duck-memory].(id:${duck})`],
  );
});

afterAll(async () => {
  await t?.close();
});

async function run(caller: TestUser, databaseId: number, sql: string) {
  return execute(t, caller, { client_id: clientId(), database_id: databaseId, sql });
}

function expectRefused(res: { statusCode: number; json: () => unknown }, sql: string) {
  expect(res.statusCode, sql).toBe(403);
  const body = res.json() as { errors: Array<{ error_type: string; message: string }> };
  expect(body.errors[0].error_type, sql).toBe('DATABASE_SECURITY_ACCESS_ERROR');
  expect(body.errors[0].message, sql).toMatch(/not allowed: SQL may not reach files/);
}

function adminRoleCount(): number {
  const db = new Database(store, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM ab_user_role ur JOIN ab_role r ON r.id = ur.role_id
         WHERE r.name = 'Admin'`,
      )
      .get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

describe('SQLite: the metadata store cannot be attached', () => {
  const attacks = (target: string) => [
    `ATTACH DATABASE '${store}' AS m`,
    `attach '${store}' as m`,
    `/* harmless */ AtTaCh DaTaBaSe '${store}' AS "m"`,
    `-- a comment\nATTACH '${store}' AS m; SELECT * FROM m.ab_user`,
    `SELECT 1; ATTACH '${store}' AS m`,
    `ATTACH 'file:${store}?mode=rw' AS m`,
    `SELECT [ ' ] AS x; ATTACH '${store}' AS m; SELECT ' ]`,
    `SELECT $a$; ATTACH '${store}' AS m; SELECT $a$`,
    'DETACH m',
    `VACUUM INTO '${target}'`,
    `VACUUM main INTO '${target}'`,
    `vacuum/**/main/**/into '${target}'`,
    "SELECT load_extension('/tmp/evil.so')",
    `SELECT "load_extension"('/tmp/evil.so')`,
    "PRAGMA temp_store_directory = '/tmp'",
  ];

  it.each(['admin', 'sqllab'] as const)('refuses every spelling to %s', async (caller) => {
    const admins = adminRoleCount();
    for (const databaseId of [memoryLite, fileLite]) {
      const target = path.join(t.home, `stolen-${caller}-${databaseId}.db`);
      for (const sql of attacks(target)) {
        expectRefused(await run(caller, databaseId, sql), sql);
      }
      expect(existsSync(target)).toBe(false);
    }
    expect(adminRoleCount()).toBe(admins);
  });

  it('still runs ordinary SQL and DML on the database itself', async () => {
    const read = await run('sqllab', fileLite, 'SELECT count(*) AS c FROM numbers');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual([{ c: 100 }]);
    const write = await run('admin', fileLite, "INSERT INTO secrets VALUES ('new')");
    expect(write.statusCode).toBe(200);
    // A column or string that merely says "attach" is not a statement.
    const words = await run('admin', memoryLite, "SELECT 'ATTACH' AS attach_word");
    expect(words.statusCode).toBe(200);
  });

  describe('at the engine, for SQL that does not come through SQL Lab', () => {
    let connection: EngineConnection;
    beforeAll(async () => {
      connection = await sqliteEngine.connect('sqlite://', { home: t.home });
    });
    afterAll(async () => {
      await connection?.close();
    });

    it('refuses ATTACH, VACUUM INTO and moving the temp directory', async () => {
      const target = path.join(t.home, 'engine-copy.db');
      for (const sql of [
        `ATTACH '${store}' AS m`,
        `  aTTach   '${store}' AS m`,
        `VACUUM INTO '${target}'`,
        "PRAGMA temp_store_directory = '/tmp'",
      ]) {
        await expect(connection.execute(sql), sql).rejects.toMatchObject({ status: 403 });
      }
      await expect(
        connection.validateStatement?.("PRAGMA temp_store_directory = '/tmp'", {}) ?? null,
      ).rejects.toMatchObject({ status: 403 });
      expect(existsSync(target)).toBe(false);
      const ok = await connection.execute('SELECT 1 AS one');
      for await (const _batch of ok.batches) {
        // drained
      }
      expect(ok.columns.map((column) => column.name)).toEqual(['one']);
    });
  });
});

describe('DuckDB: no file outside the database', () => {
  it.each(['admin', 'sqllab'] as const)(
    'refuses ATTACH, INSTALL, LOAD and COPY to %s',
    async (caller) => {
      const target = path.join(t.home, `duck-${caller}.csv`);
      for (const sql of [
        `ATTACH '${store}' AS m (TYPE sqlite)`,
        `attach '${path.join(t.home, 'other.duckdb')}' as o`,
        'INSTALL sqlite',
        'FORCE INSTALL sqlite',
        'LOAD sqlite',
        `COPY (SELECT 1) TO '${target}'`,
        `EXPORT DATABASE '${t.home}'`,
        "SELECT * FROM read_text('/etc/hostname')",
      ]) {
        expectRefused(await run(caller, duck, sql), sql);
      }
      expect(existsSync(target)).toBe(false);
    },
  );

  it('keeps the engine itself closed to files, whatever reaches it', async () => {
    const connection = await duckdbEngine.connect('duckdb:///:memory:', { home: t.home });
    try {
      for (const sql of [
        `ATTACH '${store}' AS m (TYPE sqlite)`,
        "SELECT * FROM read_text('/etc/hostname')",
        'LOAD sqlite',
      ]) {
        await expect(connection.execute(sql), sql).rejects.toThrow();
      }
    } finally {
      await connection.close();
    }
  });
});
