import { randomBytes } from 'node:crypto';
import { PASSWORD_MASK } from '@tessera/shared/api/databases';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../platform/secrets.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { TEST_POSTGRES_URL } from '../testing/stores.ts';
import { databaseRepository } from './repository.ts';
import { BASE, rison, SALES_TABLES } from './testFixtures.ts';

/**
 * A real PostgreSQL connection (TESSERA_TEST_POSTGRES_URL) created, masked, edited and browsed
 * through the API. Local servers use trust auth, so a made-up password is accepted and shows
 * whether the password ever leaks into an answer.
 */

if (!TEST_POSTGRES_URL) {
  console.warn('PostgreSQL database API tests skipped: TESSERA_TEST_POSTGRES_URL is not set');
}

describe.skipIf(!TEST_POSTGRES_URL)('a PostgreSQL database through /api/v1/database/', () => {
  let t: TestApp;
  let id: number;
  const schema = `tessera_dbapi_${randomBytes(4).toString('hex')}`;
  const secret = 'Sup3r-s3cret!';
  const base = new URL(TEST_POSTGRES_URL || 'postgresql://localhost/postgres');
  const password = base.password ? decodeURIComponent(base.password) : secret;
  const uri = (() => {
    const url = new URL(base.toString());
    url.password = encodeURIComponent(password);
    return url.toString();
  })();
  const seen: string[] = [];
  // A password taken from the URL may be a common word (even the user name): only a made-up one
  // can be searched for in answers.
  const canSpotLeaks = password === secret;

  async function call(...args: Parameters<TestApp['call']>) {
    const res = await t.call(...args);
    seen.push(res.body);
    return res;
  }

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(
        `CREATE TABLE ${schema}.orders (id serial PRIMARY KEY, amount numeric(10,2), "Note" text)`,
      );
      await client.query(
        `CREATE TABLE ${schema}.customers (id integer PRIMARY KEY, name varchar(80) NOT NULL)`,
      );
      await client.query(
        `CREATE VIEW ${schema}.big_orders AS SELECT * FROM ${schema}.orders WHERE amount > 100`,
      );
    } finally {
      await client.end();
    }
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  });

  it('creates the database and answers the URI with the password masked', async () => {
    const res = await call('admin', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { database_name: 'warehouse', sqlalchemy_uri: uri },
    });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json().result.sqlalchemy_uri).toContain(`:${PASSWORD_MASK}@`);
    expect(res.json().result.backend).toBe('postgresql');
  });

  it('stores the URI without its password and the password encrypted', async () => {
    const row = await databaseRepository.get(t.store.db, id);
    expect(row?.sqlalchemy_uri).not.toContain(`:${encodeURIComponent(password)}@`);
    expect(row?.password).not.toContain(password);
    expect(new SecretBox(t.config.secretKey).decrypt(row?.password as string)).toBe(password);
  });

  it('fills the form parameters from the URI, password masked', async () => {
    const res = await call('admin', { method: 'GET', url: `${BASE}/${id}` });
    expect(res.statusCode).toBe(200);
    const { parameters } = res.json().result;
    expect(parameters.password).toBe(PASSWORD_MASK);
    expect(Object.values(parameters)).toContain(base.hostname);
  });

  it('keeps the stored password when the masked URI is sent back', async () => {
    const got = await call('admin', { method: 'GET', url: `${BASE}/${id}` });
    const masked = got.json().result.sqlalchemy_uri as string;
    const res = await call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { sqlalchemy_uri: masked, allow_dml: true },
    });
    expect(res.statusCode).toBe(200);
    const row = await databaseRepository.get(t.store.db, id);
    expect(new SecretBox(t.config.secretKey).decrypt(row?.password as string)).toBe(password);
    expect(row?.allow_dml).toBe(1);

    const tested = await call('admin', {
      method: 'POST',
      url: `${BASE}/test_connection/`,
      payload: { database_name: 'warehouse', sqlalchemy_uri: masked },
    });
    expect(tested.statusCode).toBe(200);
  });

  it('answers a readable error without the password for a closed port', async () => {
    const closed = new URL(uri);
    closed.hostname = '127.0.0.1';
    closed.port = '1';
    const res = await call('admin', {
      method: 'POST',
      url: `${BASE}/test_connection/`,
      payload: { sqlalchemy_uri: closed.toString() },
    });
    expect(res.statusCode).toBe(422);
    const [error] = res.json().errors;
    expect(error.error_type).toMatch(/^CONNECTION_/);
    expect(error.message.length).toBeGreaterThan(5);
    if (canSpotLeaks) {
      expect(res.body).not.toContain(password);
      expect(res.body).not.toContain(encodeURIComponent(password));
    }
  });

  it('browses schemas, tables and a table', async () => {
    const schemas = await call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/schemas/?q=${rison('(force:!f)')}`,
    });
    const names = schemas.json().result as string[];
    expect(names).toContain(schema);
    expect(names).toContain('public');
    expect([...names].sort()).toEqual(names);

    const tables = await call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/tables/?q=${rison(`(schema_name:${schema},force:!f)`)}`,
    });
    expect(tables.json()).toEqual({
      count: 3,
      result: SALES_TABLES,
    });

    const meta = await call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/table_metadata/?name=orders&schema=${schema}`,
    });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'amount',
      'Note',
    ]);
    expect(meta.json().primaryKey.column_names).toEqual(['id']);
    expect(meta.json().selectStar).toBe(
      `SELECT\n  "id",\n  "amount",\n  "Note"\nFROM "${schema}"."orders"\nLIMIT 100`,
    );

    const missing = await call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/table_metadata/?name=nope&schema=${schema}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');

    const functions = await call('admin', { method: 'GET', url: `${BASE}/${id}/function_names/` });
    expect(functions.json().function_names.length).toBeGreaterThan(10);
  });

  it('lists the server database as a catalog', async () => {
    const res = await call('admin', { method: 'GET', url: `${BASE}/${id}/catalogs/` });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toContain(base.pathname.slice(1) || 'postgres');
  });

  it('connects from the generated form and keeps a masked form password on update', async () => {
    const parameters = {
      host: base.hostname,
      port: Number(base.port || 5432),
      database: base.pathname.slice(1) || 'postgres',
      username: decodeURIComponent(base.username || 'postgres'),
      password,
    };
    const created = await call('admin', {
      method: 'POST',
      url: `${BASE}/`,
      payload: {
        database_name: 'warehouse form',
        engine: 'postgresql',
        configuration_method: 'dynamic_form',
        parameters,
      },
    });
    expect(created.statusCode).toBe(201);
    const formId = created.json().id as number;
    expect(created.json().result).toMatchObject({
      configuration_method: 'dynamic_form',
      parameters: { host: parameters.host, port: parameters.port, password: PASSWORD_MASK },
    });

    const updated = await call('admin', {
      method: 'PUT',
      url: `${BASE}/${formId}`,
      payload: {
        configuration_method: 'dynamic_form',
        engine: 'postgresql',
        parameters: { ...parameters, password: PASSWORD_MASK },
      },
    });
    expect(updated.statusCode).toBe(200);
    const row = await databaseRepository.get(t.store.db, formId);
    expect(new SecretBox(t.config.secretKey).decrypt(row?.password as string)).toBe(password);

    const missingHost = await call('admin', {
      method: 'POST',
      url: `${BASE}/test_connection/`,
      payload: {
        engine: 'postgresql',
        configuration_method: 'dynamic_form',
        parameters: { ...parameters, host: undefined },
      },
    });
    expect(missingHost.statusCode).toBe(400);
    expect(Object.keys(missingHost.json().message)).toEqual(['parameters.host']);
  });

  it('never answered the password anywhere', () => {
    expect(seen.length).toBeGreaterThan(5);
    if (!canSpotLeaks) return;
    for (const body of seen) {
      expect(body).not.toContain(password);
      expect(body).not.toContain(encodeURIComponent(password));
    }
  });
});
