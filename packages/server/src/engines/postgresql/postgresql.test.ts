import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { collectRows } from '../arrow.ts';
import { runEngineConformance } from '../testing/conformance.ts';
import { conformanceFixture, unreachableServer, uriVariants } from '../testing/fixtures.ts';
import { parseSqlalchemyUri } from '../uri.ts';
import { mapPostgresError } from './errors.ts';
import { postgresqlEngine } from './index.ts';

const url = process.env.TESSERA_TEST_POSTGRES_URL;
if (!url) console.warn('PostgreSQL engine tests skipped: TESSERA_TEST_POSTGRES_URL is not set');

/** The test URL with parts replaced, for connection attempts that must fail. */
const variant = uriVariants(url, 'postgresql://localhost/postgres', 'postgresql');

describe.skipIf(!url)('PostgreSQL engine (TESSERA_TEST_POSTGRES_URL)', () => {
  runEngineConformance({
    spec: postgresqlEngine,
    async setup() {
      const schema = `tessera_engine_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      return {
        uri: url as string,
        home: tmpdir(),
        schema,
        async teardown() {
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await cleanup.end();
        },
      };
    },
    fixture: (schema) =>
      conformanceFixture(`${schema}.`, {
        amount: 'NUMERIC(10, 2)',
        ratio: 'DOUBLE PRECISION',
        ts: 'TIMESTAMP',
      }),
    longQuery: 'SELECT pg_sleep(30)',
    badConnections: () => [
      ...unreachableServer(variant),
      {
        label: 'unknown database',
        uri: variant({ database: 'tessera_no_such_database' }),
        password: 'sup3r-secret-pw',
        errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
        secret: 'sup3r-secret-pw',
      },
      {
        label: 'unknown user',
        uri: variant({ username: 'tessera_no_such_role' }),
        errorType: 'CONNECTION_INVALID_USERNAME_ERROR',
      },
    ],
    expectedTypes: {
      id: 'INTEGER',
      amount: 'NUMERIC(10,2)',
      ratio: 'DOUBLE PRECISION',
      flag: 'BOOLEAN',
      day: 'DATE',
      ts: 'TIMESTAMP WITHOUT TIME ZONE',
      label: 'CHARACTER VARYING(20)',
    },
    supportsCost: true,
  });

  it('lists the databases of the server as catalogs and reads schemas of another catalog', async () => {
    const connection = await postgresqlEngine.connect(url as string, { home: tmpdir() });
    try {
      const catalogs = await connection.getCatalogs();
      expect(catalogs).toContain('postgres');
      expect(catalogs).toEqual([...catalogs].sort());
      expect(await connection.getSchemas('postgres')).toContain('public');
    } finally {
      await connection.close();
    }
  });

  it('reads BIGINT as Int64, NUMERIC as Float64 and zoned timestamps in UTC', async () => {
    const connection = await postgresqlEngine.connect(url as string, { home: tmpdir() });
    try {
      const result = await connection.execute(
        "SELECT 9007199254740993::bigint AS big, 1.25::numeric AS dec, TIMESTAMPTZ '2024-01-02 03:04:05+02' AS tz, ARRAY[1, 2] AS list",
      );
      expect(result.columns.map((column) => column.type)).toEqual([
        'BIGINT',
        'NUMERIC',
        'TIMESTAMP WITH TIME ZONE',
        'INTEGER[]',
      ]);
      const batch = (await result.batches[Symbol.asyncIterator]().next()).value;
      expect(batch.getChild('big')?.get(0)).toBe(9007199254740993n);
      expect(batch.getChild('dec')?.get(0)).toBe(1.25);
      expect(batch.getChild('tz')?.get(0)).toBe(Date.UTC(2024, 0, 2, 1, 4, 5));
      expect(batch.getChild('list')?.get(0)).toBe('[1,2]');
    } finally {
      await connection.close();
    }
  });
  it('runs DML, including a data-modifying WITH, and reports rows affected', async () => {
    const schema = `tessera_engine_${randomBytes(4).toString('hex')}`;
    const connection = await postgresqlEngine.connect(url as string, { home: tmpdir() });
    try {
      const drain = async (sql: string) => {
        const result = await connection.execute(sql, { schema });
        await collectRows(result.batches);
        return result;
      };
      await drain(`CREATE SCHEMA ${schema}`);
      await drain('CREATE TABLE t (a INTEGER)');
      expect((await drain('INSERT INTO t VALUES (1), (2)')).rowsAffected).toBe(2);
      const moved = await connection.execute(
        'WITH gone AS (DELETE FROM t WHERE a = 1 RETURNING a) SELECT a FROM gone',
        { schema },
      );
      expect(await collectRows(moved.batches)).toEqual([{ a: 1 }]);
    } finally {
      await (await connection.execute(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)).batches[
        Symbol.asyncIterator
      ]().return?.();
      await connection.close();
    }
  });
});

describe('PostgreSQL engine without a server', () => {
  it('maps a failed password to CONNECTION_INVALID_PASSWORD_ERROR without echoing the password', () => {
    // The local test server trusts every login, so the driver's own error is built here.
    const driverError = new pg.DatabaseError(
      'password authentication failed for user "alice" (password sup3r-secret)',
      100,
      'error',
    );
    driverError.code = '28P01';
    const error = mapPostgresError(driverError, { password: 'sup3r-secret', username: 'alice' });
    expect(error.errorType).toBe('CONNECTION_INVALID_PASSWORD_ERROR');
    expect(error.status).toBe(422);
    expect(error.message).toBe('The password provided for username "alice" is incorrect.');
  });

  it('builds and parses the connection form, keeping the password out of parseUri', () => {
    const uri = postgresqlEngine.buildUri({
      host: 'db.example.com',
      port: 5433,
      database: 'sales',
      username: 'ana',
      password: 'p@ss:w/rd',
      encryption: true,
    });
    expect(uri).toBe('postgresql://ana:p%40ss%3Aw%2Frd@db.example.com:5433/sales?sslmode=require');
    expect(postgresqlEngine.parseUri(uri)).toEqual({
      host: 'db.example.com',
      port: 5433,
      database: 'sales',
      username: 'ana',
      encryption: true,
      query: '',
    });
    expect(parseSqlalchemyUri(uri).password).toBe('p@ss:w/rd');
    const invalid = postgresqlEngine.parametersSchema.safeParse({
      host: 'h',
      port: 70000,
      database: 'd',
      username: 'u',
    });
    expect(invalid.success).toBe(false);
  });
});
