import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientId,
  createDatabase,
  duckdbUri,
  execute,
  grantToRole,
  sqliteUri,
} from '../../sqllab/testFixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../testing/harness.ts';
import {
  createScratchPostgresDatabase,
  TEST_MYSQL_URL,
  TEST_POSTGRES_URL,
} from '../../testing/stores.ts';

/**
 * Issue 21, item 3 and its permission matrix: the sql_lab user is granted one table (`cars`) of
 * each database and runs SQL Lab statements. Reads of `cars` pass; every way each engine offers
 * to read another table (`flights`: its own statements, table functions, catalog views,
 * subqueries, CTEs, set operations) is refused with Superset's table-access error, and the
 * flights' secret never appears in an answer. An admin (database-wide access) still runs them.
 */

const SECRET = 'flight-secret-7f3a';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function run(caller: TestUser, databaseId: number, sql: string, schema?: string) {
  return execute(t, caller, {
    client_id: clientId(),
    database_id: databaseId,
    sql,
    ...(schema ? { schema } : {}),
  });
}

/** Grants `table` of `database` as a dataset grant would, and nothing else of that database. */
async function grantTable(database: string, table: string): Promise<void> {
  await grantToRole(t, 'sql_lab', [
    'datasource_access',
    `[${database}].[${table}](id:9${randomBytes(2).readUInt16BE()})`,
  ]);
}

const REFUSALS = [
  'TABLE_SECURITY_ACCESS_ERROR',
  'DATABASE_SECURITY_ACCESS_ERROR',
  'DML_NOT_ALLOWED_ERROR',
  'QUERY_SECURITY_ACCESS_ERROR',
];

interface Matrix {
  allowed: string[];
  refused: string[];
  /** Statements every admin may run (database-wide access) that the user may not. */
  adminRuns: string[];
}

function checkMatrix(name: string, databaseId: () => number, matrix: Matrix, schema?: string) {
  it.each(matrix.allowed)(`${name}: the granted table is read: %s`, async (sql) => {
    const res = await run('sqllab', databaseId(), sql, schema);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(matrix.refused)(`${name}: another table is refused: %s`, async (sql) => {
    const res = await run('sqllab', databaseId(), sql, schema);
    expect([400, 403], res.body).toContain(res.statusCode);
    expect(res.body).not.toContain(SECRET);
    const error = (res.json() as { errors: Array<{ error_type: string; message: string }> })
      .errors[0];
    // Statements that write (CALL, HANDLER, INTO OUTFILE) are refused earlier without allow_dml.
    expect(REFUSALS, res.body).toContain(error.error_type);
    if (error.error_type === 'TABLE_SECURITY_ACCESS_ERROR')
      expect(error.message).toMatch(
        /^You need (access to the following tables: .*, all database access or schema access|all database access to run this statement: .+\.)$/,
      );
  });

  it.each(matrix.adminRuns)(`${name}: database-wide access still runs: %s`, async (sql) => {
    const res = await run('admin', databaseId(), sql, schema);
    expect(res.statusCode, res.body).toBe(200);
  });
}

/** Forms that are plain SQL on every engine, written for a `flights` and a `cars` table. */
function commonRefused(flights: string, cars: string): string[] {
  return [
    `SELECT * FROM ${flights}`,
    `SELECT * FROM ${cars} WHERE EXISTS (SELECT 1 FROM ${flights})`,
    `SELECT (SELECT max(note) FROM ${flights}) AS x FROM ${cars}`,
    `SELECT * FROM ${cars} c JOIN ${flights} f ON 1 = 1`,
    `SELECT * FROM (SELECT * FROM ${flights}) sub`,
    `WITH x AS (SELECT * FROM ${flights}) SELECT * FROM x`,
    `WITH ${cars} AS (SELECT * FROM ${flights}) SELECT * FROM ${cars}`,
    `SELECT note FROM ${cars} UNION SELECT note FROM ${flights}`,
    `SELECT note FROM ${cars} UNION ALL SELECT note FROM ${flights}`,
    `SELECT note FROM ${cars} EXCEPT SELECT note FROM ${flights}`,
    `SELECT note FROM ${cars} INTERSECT SELECT note FROM ${flights}`,
    `SELECT 1 AS one; SELECT * FROM ${flights}`,
    `/* ${cars} */ SELECT * FROM ${flights} -- ${cars}`,
    `SELECT * FROM "${flights}"`.replaceAll('"', '"'),
  ];
}

describe('DuckDB', () => {
  let id = 0;
  beforeAll(async () => {
    const file = path.join(t.home, 'examples.duckdb');
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    await connection.run(`
      CREATE TABLE cars (name VARCHAR, note VARCHAR);
      INSERT INTO cars VALUES ('civic', 'ok');
      CREATE TABLE flights (origin VARCHAR, note VARCHAR);
      INSERT INTO flights VALUES ('SFO', '${SECRET}');
      CREATE MACRO leak() AS (SELECT max(note) FROM flights);
      CREATE MACRO leak_rows() AS TABLE SELECT * FROM flights;
    `);
    connection.closeSync();
    instance.closeSync();
    id = await createDatabase(t, {
      database_name: 'examples',
      sqlalchemy_uri: duckdbUri(t.home, 'examples.duckdb'),
    });
    await grantTable('examples', 'cars');
  });

  checkMatrix('DuckDB', () => id, {
    allowed: [
      'SELECT * FROM cars',
      'SELECT count(*) AS c FROM main.cars',
      'SELECT * FROM CARS',
      'SELECT c.name FROM cars c JOIN cars d ON c.name = d.name',
      'WITH x AS (SELECT * FROM cars) SELECT * FROM x',
      'SELECT note FROM cars UNION SELECT note FROM cars',
      'SELECT * FROM cars, range(2)',
      "SELECT upper(name), count(*), coalesce(note, 'x'), now() FROM cars GROUP BY 1, 3",
      'SELECT name, row_number() OVER (ORDER BY name) FROM cars',
      'SELECT * FROM cars WHERE note IN (SELECT note FROM cars)',
      'TABLE cars',
      'SUMMARIZE cars',
      'DESCRIBE cars',
      'SHOW cars',
      "PRAGMA table_info('cars')",
    ],
    refused: [
      ...commonRefused('flights', 'cars'),
      'TABLE flights',
      "SELECT * FROM query_table('flights')",
      "SELECT * FROM query_table(['flights'])",
      "SELECT * FROM query('SELECT * FROM flights')",
      `SELECT * FROM "query"('SELECT * FROM flights')`,
      "SELECT * FROM main.query_table('flights')",
      'SUMMARIZE flights',
      'SUMMARIZE SELECT * FROM flights',
      'DESCRIBE flights',
      'DESCRIBE SELECT * FROM flights',
      'SHOW flights',
      "PRAGMA table_info('flights')",
      "PRAGMA show('flights')",
      "SELECT * FROM pragma_table_info('flights')",
      'SELECT * FROM duckdb_tables()',
      'SELECT * FROM duckdb_columns()',
      'SELECT * FROM duckdb_databases()',
      'SELECT * FROM duckdb_tables',
      'SELECT * FROM duckdb_databases',
      'SELECT * FROM information_schema.columns',
      'SELECT * FROM sqlite_master',
      'SELECT * FROM main.flights',
      'SELECT * FROM examples.main.flights',
      'SELECT * FROM FLIGHTS',
      'FROM flights',
      'FROM cars SELECT * UNION ALL FROM flights SELECT *',
      'SELECT * FROM (PIVOT flights ON origin USING first(note))',
      'SELECT * FROM cars POSITIONAL JOIN flights',
      'EXPLAIN SELECT * FROM flights',
      'EXPLAIN ANALYZE SELECT * FROM flights',
      "CALL pragma_table_info('flights')",
      // Macros an admin created read what they like.
      'SELECT leak() AS x FROM cars',
      'SELECT * FROM leak_rows()',
      "SELECT current_setting('temp_directory')",
    ],
    adminRuns: [
      'TABLE flights',
      "SELECT * FROM query_table('flights')",
      "SELECT * FROM query('SELECT * FROM flights')",
      'SUMMARIZE flights',
      'DESCRIBE flights',
      "PRAGMA table_info('flights')",
      'SELECT * FROM duckdb_tables()',
    ],
  });
});

describe('SQLite', () => {
  let id = 0;
  beforeAll(async () => {
    const db = new Database(path.join(t.home, 'lite.db'));
    db.exec(`
      CREATE TABLE cars (name TEXT, note TEXT);
      INSERT INTO cars VALUES ('civic', 'ok');
      CREATE TABLE flights (origin TEXT, note TEXT);
      INSERT INTO flights VALUES ('SFO', '${SECRET}');
      CREATE VIEW everything AS SELECT * FROM flights;
    `);
    db.close();
    id = await createDatabase(t, {
      database_name: 'lite',
      sqlalchemy_uri: sqliteUri(t.home, 'lite.db'),
    });
    await grantTable('lite', 'cars');
  });

  checkMatrix('SQLite', () => id, {
    allowed: [
      'SELECT * FROM cars',
      'SELECT * FROM main.cars',
      'WITH x AS (SELECT * FROM cars) SELECT * FROM x',
      'SELECT note FROM cars UNION SELECT note FROM cars',
      'PRAGMA table_info(cars)',
      "SELECT * FROM cars, json_each('[1,2]')",
    ],
    refused: [
      ...commonRefused('flights', 'cars'),
      'SELECT * FROM [flights]',
      'SELECT * FROM `flights`',
      'SELECT * FROM main.flights',
      'SELECT * FROM everything',
      'PRAGMA table_info(flights)',
      'PRAGMA main.table_info(flights)',
      "SELECT * FROM pragma_table_info('flights')",
      'SELECT * FROM sqlite_master',
      'SELECT * FROM sqlite_schema',
      "SELECT [ ' ] FROM cars; SELECT * FROM flights; SELECT ' ]",
    ],
    adminRuns: [
      'SELECT * FROM flights',
      'PRAGMA table_info(flights)',
      'SELECT * FROM sqlite_master',
    ],
  });
});

if (!TEST_POSTGRES_URL)
  console.warn(
    'SQL Lab permission matrix on PostgreSQL skipped: TESSERA_TEST_POSTGRES_URL is not set',
  );
describe.skipIf(!TEST_POSTGRES_URL)('PostgreSQL', () => {
  let id = 0;
  let scratch: { url: string; drop: () => Promise<void> } | null = null;
  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(`
      CREATE TABLE cars (name text, note text);
      INSERT INTO cars VALUES ('civic', 'ok');
      CREATE TABLE flights (origin text, note text);
      INSERT INTO flights VALUES ('SFO', '${SECRET}');
      ANALYZE flights;
    `);
    await client.end();
    id = await createDatabase(t, { database_name: 'pg', sqlalchemy_uri: scratch.url });
    await grantTable('pg', 'cars');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  checkMatrix(
    'PostgreSQL',
    () => id,
    {
      allowed: [
        'SELECT * FROM cars',
        'SELECT * FROM public.cars',
        'WITH x AS (SELECT * FROM cars) SELECT * FROM x',
        'SELECT note FROM cars UNION SELECT note FROM cars',
        'SELECT * FROM cars, generate_series(1, 2) g',
      ],
      refused: [
        ...commonRefused('flights', 'cars'),
        'SELECT * FROM public.flights',
        'SELECT * FROM information_schema.columns',
        "SELECT * FROM pg_catalog.pg_stats WHERE tablename = 'flights'",
        "SELECT * FROM pg_stats WHERE tablename = 'flights'",
        'SELECT * FROM pg_class',
        "SELECT query_to_xml('SELECT * FROM flights', true, true, '')",
        `SELECT "query_to_xml"('SELECT * FROM flights', true, true, '')`,
        "SELECT pg_catalog.query_to_xml('SELECT * FROM flights', true, true, '')",
        "SELECT table_to_xml('flights', true, true, '')",
        "SELECT * FROM cars WHERE note = (SELECT ts_stat('SELECT to_tsvector(note) FROM flights')::text)",
        "SELECT set_config('search_path', 'public', false)",
        'SELECT * FROM cars c, LATERAL (SELECT * FROM flights) f',
        'EXPLAIN SELECT * FROM flights',
        'TABLE flights',
      ],
      adminRuns: [
        'SELECT * FROM flights',
        'TABLE flights',
        "SELECT * FROM pg_stats WHERE tablename = 'flights'",
      ],
    },
    'public',
  );
});

if (!TEST_MYSQL_URL)
  console.warn('SQL Lab permission matrix on MariaDB skipped: TESSERA_TEST_MYSQL_URL is not set');
describe.skipIf(!TEST_MYSQL_URL)('MariaDB', () => {
  let id = 0;
  const suffix = randomBytes(4).toString('hex');
  const cars = `cars_${suffix}`;
  const flights = `flights_${suffix}`;
  let admin: mysql.Connection | null = null;
  beforeAll(async () => {
    admin = await mysql.createConnection(TEST_MYSQL_URL);
    await admin.query(`CREATE TABLE ${cars} (name varchar(20), note varchar(40))`);
    await admin.query(`INSERT INTO ${cars} VALUES ('civic', 'ok')`);
    await admin.query(`CREATE TABLE ${flights} (origin varchar(20), note varchar(40))`);
    await admin.query(`INSERT INTO ${flights} VALUES ('SFO', '${SECRET}')`);
    id = await createDatabase(t, { database_name: 'maria', sqlalchemy_uri: TEST_MYSQL_URL });
    await grantTable('maria', cars);
  });
  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${cars}, ${flights}`);
    await admin?.end();
  });

  checkMatrix('MariaDB', () => id, {
    allowed: [
      `SELECT * FROM ${cars}`,
      `SELECT note FROM ${cars} UNION SELECT note FROM ${cars}`,
      `WITH x AS (SELECT * FROM ${cars}) SELECT * FROM x`,
      `DESCRIBE ${cars}`,
      `SHOW COLUMNS FROM ${cars}`,
    ],
    refused: [
      ...commonRefused(flights, cars).filter((sql) => !/EXCEPT|INTERSECT|"/.test(sql)),
      `SELECT * FROM \`${flights}\``,
      `TABLE ${flights}`,
      `SELECT * FROM ${cars} WHERE note IN (TABLE ${flights})`,
      `DESCRIBE ${flights}`,
      `SHOW COLUMNS FROM ${flights}`,
      `SHOW CREATE TABLE ${flights}`,
      `SHOW INDEX FROM ${flights}`,
      'SELECT * FROM information_schema.columns',
      'SELECT * FROM mysql.user',
      `HANDLER ${flights} OPEN`,
      "SELECT load_file('/etc/hostname')",
      `SELECT * FROM ${flights} INTO OUTFILE '/tmp/${suffix}.csv'`,
    ],
    // MariaDB has no TABLE statement (MySQL 8 has); it is refused above all the same.
    adminRuns: [`SELECT * FROM ${flights}`, `DESCRIBE ${flights}`],
  });
});
