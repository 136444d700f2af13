import path from 'node:path';
import {
  DUPLICATE_NAME_MESSAGE,
  INVALID_URI_MESSAGE,
  PASSWORD_MASK,
} from '@tessera/shared/api/databases';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../platform/secrets.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { databaseRepository } from './repository.ts';
import { BASE, makeSalesDb, rison } from './testFixtures.ts';

/** `/api/v1/database/` through the real app, on SQLite files made in the test's home. */

let t: TestApp;
let salesFile: string;
let emptyFile: string;

async function createDb(body: Record<string, unknown>, caller: 'admin' | 'alpha' = 'admin') {
  return t.call(caller, { method: 'POST', url: `${BASE}/`, payload: body });
}

describe.each(storeKinds())('on the %s metadata store', (storeKind) => {
  beforeAll(async () => {
    t = await createTestApp({ store: storeKind });
    salesFile = path.join(t.home, 'sales.db');
    emptyFile = path.join(t.home, 'empty.db');
    makeSalesDb(salesFile);
    new Database(emptyFile).close();
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/v1/database/', () => {
    it('creates a database from a SQLAlchemy URI and answers 201 with id and result', async () => {
      const res = await createDb({
        database_name: 'sales',
        sqlalchemy_uri: `sqlite:///${salesFile}`,
        allow_dml: true,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.id).toBeTypeOf('number');
      expect(body.result).toMatchObject({
        id: body.id,
        database_name: 'sales',
        backend: 'sqlite',
        engine: 'sqlite',
        configuration_method: 'sqlalchemy_form',
        expose_in_sqllab: true,
        allow_dml: true,
        allow_run_async: false,
        extra: '{}',
      });
    });

    it('creates a database from the generated form (dynamic_form)', async () => {
      const res = await createDb({
        database_name: 'empty via form',
        engine: 'sqlite',
        configuration_method: 'dynamic_form',
        parameters: { database: emptyFile },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      const got = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
      expect(got.json().result).toMatchObject({
        configuration_method: 'dynamic_form',
        sqlalchemy_uri: `sqlite:///${emptyFile}`,
        parameters: { database: emptyFile },
      });
    });

    it('answers 422 for a duplicate name', async () => {
      const res = await createDb({
        database_name: 'sales',
        sqlalchemy_uri: `sqlite:///${salesFile}`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: { database_name: [DUPLICATE_NAME_MESSAGE] } });
    });

    it('answers 400 for malformed JSON', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        headers: { 'content-type': 'application/json' },
        payload: '{"database_name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
    });

    it('answers 400 with field problems for wrong types and missing fields', async () => {
      const wrong = await createDb({
        database_name: 'x',
        sqlalchemy_uri: `sqlite:///${salesFile}`,
        expose_in_sqllab: 'yes',
      });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().message)).toEqual(['expose_in_sqllab']);

      const missing = await createDb({ sqlalchemy_uri: `sqlite:///${salesFile}` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message.database_name).toEqual(['Missing data for required field.']);

      const noUri = await createDb({ database_name: 'no uri' });
      expect(noUri.statusCode).toBe(400);
      expect(noUri.json()).toEqual({
        message: { sqlalchemy_uri: ['Missing data for required field.'] },
      });
    });

    it('rejects a URI without a scheme and one whose driver is unknown', async () => {
      const bad = await createDb({ database_name: 'bad', sqlalchemy_uri: 'localhost:5432/db' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: { sqlalchemy_uri: [INVALID_URI_MESSAGE] } });

      const unknown = await createDb({
        database_name: 'bad',
        sqlalchemy_uri: 'oracle://scott:tiger@host/db',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        message: { sqlalchemy_uri: ['Could not load database driver: oracle'] },
      });
      expect(unknown.body).not.toContain('tiger');
    });

    it('rejects extra that is not a JSON object', async () => {
      const notJson = await createDb({
        database_name: 'x',
        sqlalchemy_uri: `sqlite:///${salesFile}`,
        extra: '{oops',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().message.extra[0]).toMatch(/^Field cannot be decoded by JSON\./);

      const array = await createDb({
        database_name: 'x',
        sqlalchemy_uri: `sqlite:///${salesFile}`,
        extra: '[1]',
      });
      expect(array.statusCode).toBe(400);
      expect(array.json()).toEqual({ message: { extra: ['extra must be a JSON object.'] } });
    });

    it('rejects form parameters the engine does not accept', async () => {
      const res = await createDb({
        database_name: 'x',
        engine: 'sqlite',
        configuration_method: 'dynamic_form',
        parameters: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message['parameters.database']).toBeDefined();

      const engine = await createDb({
        database_name: 'x',
        engine: 'nosuch',
        configuration_method: 'dynamic_form',
        parameters: {},
      });
      expect(engine.json()).toEqual({
        message: { engine: ['Engine "nosuch" is not a valid engine.'] },
      });
    });

    it('refuses a database whose connection fails, without saving it', async () => {
      const res = await createDb({
        database_name: 'missing file',
        sqlalchemy_uri: `sqlite:///${path.join(t.home, 'nope.db')}`,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().errors[0].error_type).toMatch(/_ERROR$/);
      const list = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison("(filters:!((col:database_name,opr:eq,value:'missing file')))")}`,
      });
      expect(list.json().count).toBe(0);
    });

    it('keeps a top-level disable_data_preview inside extra, as Superset stores it', async () => {
      const res = await createDb({
        database_name: 'no preview',
        sqlalchemy_uri: `sqlite:///${emptyFile}`,
        disable_data_preview: true,
        extra: '{"schemas_allowed_for_file_upload": ["main"]}',
      });
      expect(res.statusCode).toBe(201);
      expect(JSON.parse(res.json().result.extra)).toEqual({
        schemas_allowed_for_file_upload: ['main'],
        disable_data_preview: true,
      });
      expect(res.json().result.disable_data_preview).toBe(true);
    });

    it('is refused to Gamma (403), to anonymous callers (401) and without a CSRF token (400)', async () => {
      const body = { database_name: 'nope', sqlalchemy_uri: `sqlite:///${salesFile}` };
      expect(
        (await t.call('gamma', { method: 'POST', url: `${BASE}/`, payload: body })).statusCode,
      ).toBe(403);
      expect(
        (await t.call('anonymous', { method: 'POST', url: `${BASE}/`, payload: body })).statusCode,
      ).toBe(401);
      const { cookie } = await t.session('admin');
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: `${BASE}/`,
        headers: { cookie },
        payload: body,
      });
      expect(noCsrf.statusCode).toBe(400);
      expect(noCsrf.json()).toEqual({ message: 'The CSRF token is missing.' });
    });

    it('accepts a bearer token without a CSRF token', async () => {
      // An admin's: SQLite connections are admins' only (security/attacks/data.test.ts).
      const headers = await t.bearer('admin');
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/`,
        headers,
        payload: { database_name: 'by bearer', sqlalchemy_uri: `sqlite:///${emptyFile}` },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('GET /api/v1/database/', () => {
    it('lists with Superset list fields', async () => {
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBeGreaterThanOrEqual(3);
      expect(body.ids).toHaveLength(body.result.length);
      expect(body.list_title).toBe('List Database');
      const sales = body.result.find((d: { database_name: string }) => d.database_name === 'sales');
      expect(sales).toMatchObject({
        backend: 'sqlite',
        allow_dml: true,
        explore_database_id: sales.id,
        changed_by: { first_name: expect.any(String), last_name: expect.any(String) },
        created_by: { first_name: expect.any(String), last_name: expect.any(String) },
        changed_on_delta_humanized: 'a few seconds ago',
        engine_information: {
          supports_file_upload: true,
          supports_dynamic_catalog: false,
          disable_ssh_tunneling: true,
        },
      });
    });

    it('filters by name, orders and pages', async () => {
      const q =
        '(filters:!((col:database_name,opr:ct,value:EMPTY)),order_column:database_name,order_direction:asc,page:0,page_size:1)';
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/?q=${rison(q)}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(1);
      expect(body.result.map((d: { database_name: string }) => d.database_name)).toEqual([
        'empty via form',
      ]);

      const exposed = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:expose_in_sqllab,opr:eq,value:!f)))')}`,
      });
      expect(exposed.json().count).toBe(0);
    });

    it('restricts answer keys and columns as asked', async () => {
      const res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(keys:!(none),columns:!(id,database_name))')}`,
      });
      const body = res.json();
      expect(body.list_columns).toBeUndefined();
      expect(Object.keys(body.result[0]).sort()).toEqual(['database_name', 'id']);
    });

    it('answers 400 for a bad q', async () => {
      const bad = await t.call('admin', { method: 'GET', url: `${BASE}/?q=${rison('(page:')}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Not a valid rison/json argument' });
      const wrongType = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison("(page:'x')")}`,
      });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toMatch(/^Not a valid rison schema/);
      const badColumn = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:password,opr:eq,value:x)))')}`,
      });
      expect(badColumn.statusCode).toBe(400);
      const badOrder = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(order_column:sqlalchemy_uri)')}`,
      });
      expect(badOrder.statusCode).toBe(400);
    });

    it('shows Gamma nothing without grants, and anonymous callers get 401', async () => {
      const gamma = await t.call('gamma', { method: 'GET', url: `${BASE}/` });
      expect(gamma.statusCode).toBe(200);
      expect(gamma.json().count).toBe(0);
      expect((await t.call('anonymous', { method: 'GET', url: `${BASE}/` })).statusCode).toBe(401);
    });
  });

  describe('GET, PUT and DELETE /api/v1/database/{pk}', () => {
    let id: number;
    beforeAll(async () => {
      const res = await createDb({
        database_name: 'editable',
        sqlalchemy_uri: `sqlite:///${emptyFile}`,
      });
      id = res.json().id;
    });

    it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
      const missing = await t.call('admin', { method: 'GET', url: `${BASE}/99999` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found' });
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/abc` })).statusCode).toBe(400);
      expect(
        (
          await t.call('admin', {
            method: 'PUT',
            url: `${BASE}/99999`,
            payload: { allow_dml: true },
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.call('admin', { method: 'DELETE', url: `${BASE}/99999` })).statusCode).toBe(
        404,
      );
    });

    it('answers 400, never 500, for ids past 32 bits on every id route', async () => {
      const tooBig = { message: { pk: ['Too big: expected number to be <=2147483647'] } };
      for (const [method, suffix] of [
        ['GET', ''],
        ['DELETE', ''],
        ['GET', '/connection'],
        ['GET', `/schemas/`],
        ['GET', `/tables/?q=${rison('(schema_name:main)')}`],
        ['GET', '/table_metadata/?name=orders'],
        ['GET', '/select_star/orders/'],
        ['GET', '/function_names/'],
      ] as const) {
        const res = await t.call('admin', { method, url: `${BASE}/2147483648${suffix}` });
        expect(res.statusCode, `${method} ${suffix}`).toBe(400);
        expect(res.json()).toEqual(tooBig);
      }
      const put = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/9007199254740991`,
        payload: { allow_dml: true },
      });
      expect(put.statusCode).toBe(400);
      expect(put.json()).toEqual(tooBig);
    });

    it('answers 400 for a cache timeout past 32 bits and a NUL character in a name', async () => {
      const timeout = await createDb({
        database_name: 'big timeout',
        sqlalchemy_uri: `sqlite:///${emptyFile}`,
        cache_timeout: 2147483648,
      });
      expect(timeout.statusCode).toBe(400);
      expect(timeout.json()).toEqual({
        message: { cache_timeout: ['Too big: expected number to be <=2147483647'] },
      });
      // SQLite stores a NUL character; PostgreSQL refuses it, which is still the caller's input.
      const nul = await createDb({
        database_name: 'nul\u0000name',
        sqlalchemy_uri: `sqlite:///${emptyFile}`,
      });
      if (storeKind === 'postgres') {
        expect(nul.statusCode).toBe(400);
        expect(nul.json()).toEqual({
          message: 'Invalid input: a value is too long, out of range or contains a NUL character',
        });
      } else {
        expect(nul.statusCode).toBe(201);
        await t.call('admin', { method: 'DELETE', url: `${BASE}/${nul.json().id}` });
      }
    });

    it('answers 404 for an unknown id on every browsing route', async () => {
      for (const suffix of [
        'schemas/',
        'catalogs/',
        `tables/?q=${rison('(schema_name:main)')}`,
        'table_metadata/?name=orders',
        'table_metadata/extra/?name=orders',
        'select_star/orders/',
        'function_names/',
        'connection',
      ]) {
        const res = await t.call('admin', { method: 'GET', url: `${BASE}/99999/${suffix}` });
        expect(res.statusCode, suffix).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found' });
      }
    });

    it('answers 400 for malformed JSON and a missing CSRF token on every write route', async () => {
      const { cookie } = await t.session('admin');
      for (const [method, url] of [
        ['POST', `${BASE}/`],
        ['PUT', `${BASE}/${id}`],
        ['POST', `${BASE}/test_connection/`],
      ] as const) {
        const malformed = await t.call('admin', {
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"x":',
        });
        expect(malformed.statusCode, url).toBe(400);
        expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON' });
        // A valid body: schema validation runs before the CSRF check.
        const payload = { database_name: 'csrf', sqlalchemy_uri: 'sqlite://' };
        const noCsrf = await t.app.inject({ method, url, headers: { cookie }, payload });
        expect(noCsrf.statusCode, url).toBe(400);
        expect(noCsrf.json()).toEqual({ message: 'The CSRF token is missing.' });
      }
      const deleteNoCsrf = await t.app.inject({
        method: 'DELETE',
        url: `${BASE}/${id}`,
        headers: { cookie },
      });
      expect(deleteNoCsrf.statusCode).toBe(400);
    });

    it('updates only the fields sent', async () => {
      const res = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { expose_in_sqllab: false, cache_timeout: 60 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({
        database_name: 'editable',
        expose_in_sqllab: false,
        cache_timeout: 60,
      });
      const got = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
      expect(got.json().result).toMatchObject({
        expose_in_sqllab: false,
        cache_timeout: 60,
        sqlalchemy_uri: `sqlite:///${emptyFile}`,
      });
    });

    it('refuses to rename onto an existing name and rejects wrong types', async () => {
      const dup = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { database_name: 'sales' },
      });
      expect(dup.statusCode).toBe(422);
      expect(dup.json()).toEqual({ message: { database_name: [DUPLICATE_NAME_MESSAGE] } });
      const wrong = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { cache_timeout: 'soon' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().message)).toEqual(['cache_timeout']);
    });

    it('is hidden from Gamma (404) and refused to Gamma for writes (403)', async () => {
      expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${id}` })).statusCode).toBe(404);
      expect(
        (
          await t.call('gamma', {
            method: 'PUT',
            url: `${BASE}/${id}`,
            payload: { allow_dml: true },
          })
        ).statusCode,
      ).toBe(403);
      expect((await t.call('gamma', { method: 'DELETE', url: `${BASE}/${id}` })).statusCode).toBe(
        403,
      );
      expect((await t.call('anonymous', { method: 'GET', url: `${BASE}/${id}` })).statusCode).toBe(
        401,
      );
    });

    it('answers the connection details to admins only', async () => {
      const admin = await t.call('admin', { method: 'GET', url: `${BASE}/${id}/connection` });
      expect(admin.statusCode).toBe(200);
      expect(admin.json().result.sqlalchemy_uri).toBe(`sqlite:///${emptyFile}`);
      expect(
        (await t.call('alpha', { method: 'GET', url: `${BASE}/${id}/connection` })).statusCode,
      ).toBe(403);
    });

    it('masks the encrypted extra and keeps masked values on update', async () => {
      const put = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { masked_encrypted_extra: '{"token": "tok-123", "region": null}' },
      });
      expect(put.statusCode).toBe(200);
      expect(JSON.parse(put.json().result.masked_encrypted_extra)).toEqual({
        token: PASSWORD_MASK,
        region: null,
      });
      expect(put.body).not.toContain('tok-123');

      const again = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { masked_encrypted_extra: `{"token": "${PASSWORD_MASK}", "region": "eu"}` },
      });
      expect(again.statusCode).toBe(200);
      const row = await databaseRepository.get(t.store.db, id);
      expect(row?.encrypted_extra).not.toContain('tok-123');
      const plain = new SecretBox(t.config.secretKey).decrypt(row?.encrypted_extra as string);
      expect(JSON.parse(plain)).toEqual({ token: 'tok-123', region: 'eu' });
    });

    it('deletes, then answers 404', async () => {
      const res = await t.call('admin', { method: 'DELETE', url: `${BASE}/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).statusCode).toBe(404);
    });
  });

  describe('POST /api/v1/database/test_connection/', () => {
    it('answers OK for a working connection', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/test_connection/`,
        payload: { sqlalchemy_uri: `sqlite:///${salesFile}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
    });

    it('answers a structured engine error for a failing one', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/test_connection/`,
        payload: { sqlalchemy_uri: `sqlite:///${path.join(t.home, 'absent.db')}` },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const [error] = res.json().errors;
      expect(error.message).toBeTypeOf('string');
      expect(error.extra.issue_codes.length).toBeGreaterThan(0);
    });

    it('validates the body like create does', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/test_connection/`,
        payload: { sqlalchemy_uri: 42 },
      });
      expect(res.statusCode).toBe(400);
      const none = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/test_connection/`,
        payload: {},
      });
      expect(none.json()).toEqual({
        message: { sqlalchemy_uri: ['Missing data for required field.'] },
      });
    });

    it('is refused to Gamma and to anonymous callers', async () => {
      const payload = { sqlalchemy_uri: `sqlite:///${salesFile}` };
      expect(
        (await t.call('gamma', { method: 'POST', url: `${BASE}/test_connection/`, payload }))
          .statusCode,
      ).toBe(403);
      expect(
        (await t.call('anonymous', { method: 'POST', url: `${BASE}/test_connection/`, payload }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('GET /api/v1/database/available/', () => {
    it('lists engines with their form parameters', async () => {
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/available/` });
      expect(res.statusCode).toBe(200);
      const engines = res.json().databases as Array<Record<string, unknown>>;
      const sqlite = engines.find((e) => e.engine === 'sqlite');
      expect(sqlite).toMatchObject({
        name: expect.any(String),
        sqlalchemy_uri_placeholder: expect.stringMatching(/^sqlite:/),
        parameters: {
          type: 'object',
          required: ['database'],
          properties: { database: { type: 'string' } },
        },
        engine_information: { supports_file_upload: true },
      });
      expect(engines.some((e) => e.engine === 'duckdb')).toBe(true);
    });
  });

  describe('the OpenAPI document', () => {
    it('lists the database routes under the Database tag', async () => {
      const res = await t.call('admin', { method: 'GET', url: '/api/v1/_openapi' });
      const paths = Object.keys(res.json().paths);
      expect(paths).toContain('/api/v1/database/');
      expect(paths).toContain('/api/v1/database/{pk}/table_metadata/');
    });
  });
});
