import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { collectRows } from '../arrow.ts';
import { runEngineConformance } from '../testing/conformance.ts';
import { conformanceFixture, unreachableServer, uriVariants } from '../testing/fixtures.ts';
import { mariadbEngine, mysqlEngine } from './index.ts';

const url = process.env.TESSERA_TEST_MYSQL_URL;
if (!url) console.warn('MySQL/MariaDB engine tests skipped: TESSERA_TEST_MYSQL_URL is not set');

/** The test URL with parts replaced, for connection attempts that must fail. */
const variant = uriVariants(url, 'mysql://localhost/test', 'mysql');

/** mysql2 reads `mysql://` URIs itself; the admin connection creates and drops the test database. */
async function admin(sql: string): Promise<void> {
  const connection = await mysql.createConnection(url as string);
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

describe.skipIf(!url)('MySQL/MariaDB engine (TESSERA_TEST_MYSQL_URL)', () => {
  runEngineConformance({
    spec: mysqlEngine,
    async setup() {
      const schema = `tessera_engine_${randomBytes(4).toString('hex')}`;
      await admin(`CREATE DATABASE ${schema}`);
      return {
        uri: url as string,
        home: tmpdir(),
        schema,
        teardown: () => admin(`DROP DATABASE IF EXISTS ${schema}`),
      };
    },
    fixture: (schema) =>
      conformanceFixture(`${schema}.`, {
        amount: 'DECIMAL(10, 2)',
        ratio: 'DOUBLE',
        ts: 'DATETIME',
      }),
    longQuery: 'SELECT SLEEP(30)',
    badConnections: () => [
      {
        label: 'bad password',
        uri: variant({ password: null }),
        password: 'sup3r-secret-pw',
        errorType: 'CONNECTION_ACCESS_DENIED_ERROR',
        secret: 'sup3r-secret-pw',
      },
      ...unreachableServer(variant),
      {
        label: 'unknown database',
        uri: variant({ database: 'tessera_no_such_database' }),
        errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      },
    ],
    expectedTypes: {
      id: 'INT',
      amount: 'DECIMAL(10,2)',
      ratio: 'DOUBLE',
      flag: 'TINYINT(1)',
      day: 'DATE',
      ts: 'DATETIME',
      label: 'VARCHAR(20)',
    },
    supportsCost: false,
  });

  it('connects through mariadb:// URIs as the MariaDB engine', async () => {
    const connection = await mariadbEngine.connect(String(url).replace(/^mysql:/, 'mariadb:'), {
      home: tmpdir(),
    });
    try {
      expect(connection.engine).toBe('mariadb');
      const result = await connection.execute(
        'SELECT 9007199254740993 AS big, CAST(1.25 AS DECIMAL(10, 2)) AS dec_value',
      );
      expect(await collectRows(result.batches)).toEqual([
        { big: 9007199254740993n, dec_value: 1.25 },
      ]);
      expect(mariadbEngine.dialect.parserDatabase).toBe('mariadb');
    } finally {
      await connection.close();
    }
  });

  it('reports rows affected by DML', async () => {
    const schema = `tessera_engine_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${schema}`);
    const connection = await mysqlEngine.connect(url as string, { home: tmpdir() });
    try {
      await connection.execute('CREATE TABLE t (a INT)', { schema });
      const result = await connection.execute('INSERT INTO t VALUES (1), (2)', { schema });
      expect(result.rowsAffected).toBe(2);
    } finally {
      await connection.close();
      await admin(`DROP DATABASE IF EXISTS ${schema}`);
    }
  });
});

describe('MySQL engine form', () => {
  it('builds and parses the connection form, keeping the password out of parseUri', () => {
    const uri = mysqlEngine.buildUri({
      host: 'db.example.com',
      port: '3307',
      database: 'shop',
      username: 'bo',
      password: 's3cret',
      encryption: true,
    });
    expect(uri).toBe('mysql://bo:s3cret@db.example.com:3307/shop?ssl_mode=REQUIRED');
    expect(mysqlEngine.parseUri(uri)).toEqual({
      host: 'db.example.com',
      port: 3307,
      database: 'shop',
      username: 'bo',
      encryption: true,
      query: '',
    });
  });
});
