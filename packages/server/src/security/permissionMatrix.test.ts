import path from 'node:path';
import Database from 'better-sqlite3';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../testing/harness.ts';

/**
 * Every route of the platform issue against every kind of caller. `allow` means a 2xx answer;
 * `deny` means 401 (anonymous), 403 (signed in without the permission) or 404 (an object the
 * caller may not know exists).
 */
type Outcome = 'allow' | 'deny';
const CALLERS: Caller[] = ['anonymous', 'gamma', 'sqllab', 'alpha', 'admin'];

interface RouteCase {
  name: string;
  /** Built per caller so that writes never collide (each caller gets its own objects). */
  request: (caller: Caller) => Promise<InjectOptions> | InjectOptions;
  expect: Record<Caller, Outcome>;
}

const everyone: Record<Caller, Outcome> = {
  anonymous: 'allow',
  gamma: 'allow',
  sqllab: 'allow',
  alpha: 'allow',
  admin: 'allow',
};
const signedIn: Record<Caller, Outcome> = { ...everyone, anonymous: 'deny' };
const adminOnly: Record<Caller, Outcome> = {
  anonymous: 'deny',
  gamma: 'deny',
  sqllab: 'deny',
  alpha: 'deny',
  admin: 'allow',
};
const databaseWriters: Record<Caller, Outcome> = {
  anonymous: 'deny',
  gamma: 'deny',
  sqllab: 'deny',
  alpha: 'allow',
  admin: 'allow',
};

/** Charts and explore: Gamma reads them but is granted no dataset here; sql_lab has neither. */
const chartReaders: Record<Caller, Outcome> = { ...databaseWriters, gamma: 'allow' };

let t: TestApp;
let dbFile: string;
let dbId: number;
let datasetId: number;
let chartId: number;
let roleIds: Record<string, number>;

async function adminCreates(url: string, payload: Record<string, unknown>): Promise<number> {
  const res = await t.call('admin', { method: 'POST', url, payload });
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.body}`);
  return (res.json() as { id: number }).id;
}

const newDatabase = (caller: Caller) => ({
  database_name: `db of ${caller}`,
  sqlalchemy_uri: `sqlite:///${dbFile}`,
});
const newChart = () => ({
  slice_name: 'chart',
  viz_type: 'table',
  datasource_id: datasetId,
  datasource_type: 'table',
});
const newUser = (caller: Caller) => ({
  username: `made-by-${caller}`,
  first_name: 'Made',
  email: `made-by-${caller}@example.com`,
  password: 'longenough',
  roles: [roleIds.Gamma],
});

const ROUTES: RouteCase[] = [
  { name: 'GET /health', request: () => ({ method: 'GET', url: '/health' }), expect: everyone },
  {
    name: 'GET /api/v1/_openapi',
    request: () => ({ method: 'GET', url: '/api/v1/_openapi' }),
    expect: everyone,
  },
  {
    name: 'GET /api/v1/security/csrf_token/',
    request: () => ({ method: 'GET', url: '/api/v1/security/csrf_token/' }),
    expect: everyone,
  },
  {
    name: 'GET /api/v1/me/',
    request: () => ({ method: 'GET', url: '/api/v1/me/' }),
    expect: signedIn,
  },
  {
    name: 'GET /api/v1/me/roles/',
    request: () => ({ method: 'GET', url: '/api/v1/me/roles/' }),
    expect: signedIn,
  },
  {
    name: 'GET /api/v1/security/users/',
    request: () => ({ method: 'GET', url: '/api/v1/security/users/' }),
    expect: adminOnly,
  },
  {
    name: 'GET /api/v1/security/users/{pk}',
    request: () => ({ method: 'GET', url: '/api/v1/security/users/1' }),
    expect: adminOnly,
  },
  {
    name: 'POST /api/v1/security/users/',
    request: (c) => ({ method: 'POST', url: '/api/v1/security/users/', payload: newUser(c) }),
    expect: adminOnly,
  },
  {
    name: 'PUT /api/v1/security/users/{pk}',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/v1/security/users/${await adminCreates('/api/v1/security/users/', newUser(`${c}-put` as Caller))}`,
      payload: { first_name: 'Renamed' },
    }),
    expect: adminOnly,
  },
  {
    name: 'DELETE /api/v1/security/users/{pk}',
    request: async (c) => ({
      method: 'DELETE',
      url: `/api/v1/security/users/${await adminCreates('/api/v1/security/users/', newUser(`${c}-del` as Caller))}`,
    }),
    expect: adminOnly,
  },
  {
    name: 'GET /api/v1/security/roles/',
    request: () => ({ method: 'GET', url: '/api/v1/security/roles/' }),
    expect: adminOnly,
  },
  {
    name: 'GET /api/v1/security/roles/{pk}',
    request: () => ({ method: 'GET', url: `/api/v1/security/roles/${roleIds.Gamma}` }),
    expect: adminOnly,
  },
  {
    name: 'POST /api/v1/security/roles/',
    request: (c) => ({
      method: 'POST',
      url: '/api/v1/security/roles/',
      payload: { name: `role of ${c}` },
    }),
    expect: adminOnly,
  },
  {
    name: 'PUT /api/v1/security/roles/{pk}',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/v1/security/roles/${await adminCreates('/api/v1/security/roles/', { name: `put role ${c}` })}`,
      payload: { permissions: [['can_read', 'Chart']] },
    }),
    expect: adminOnly,
  },
  {
    name: 'DELETE /api/v1/security/roles/{pk}',
    request: async (c) => ({
      method: 'DELETE',
      url: `/api/v1/security/roles/${await adminCreates('/api/v1/security/roles/', { name: `del role ${c}` })}`,
    }),
    expect: adminOnly,
  },
  {
    name: 'GET /api/v1/security/permissions/',
    request: () => ({ method: 'GET', url: '/api/v1/security/permissions/' }),
    expect: adminOnly,
  },
  // Databases: Gamma and sql_lab may read databases they are granted; none is granted here.
  {
    name: 'GET /api/v1/database/',
    request: () => ({ method: 'GET', url: '/api/v1/database/' }),
    expect: signedIn,
  },
  {
    name: 'GET /api/v1/database/available/',
    request: () => ({ method: 'GET', url: '/api/v1/database/available/' }),
    expect: signedIn,
  },
  {
    name: 'GET /api/v1/database/{pk}',
    request: () => ({ method: 'GET', url: `/api/v1/database/${dbId}` }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/database/{pk}/connection',
    request: () => ({ method: 'GET', url: `/api/v1/database/${dbId}/connection` }),
    expect: adminOnly,
  },
  {
    name: 'GET /api/v1/database/{pk}/catalogs/',
    request: () => ({ method: 'GET', url: `/api/v1/database/${dbId}/catalogs/` }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/database/{pk}/schemas/',
    request: () => ({ method: 'GET', url: `/api/v1/database/${dbId}/schemas/` }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/database/{pk}/tables/',
    request: () => ({
      method: 'GET',
      url: `/api/v1/database/${dbId}/tables/?q=(schema_name:main)`,
    }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/database/{pk}/table_metadata/',
    request: () => ({
      method: 'GET',
      url: `/api/v1/database/${dbId}/table_metadata/?name=orders&schema=main`,
    }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/database/{pk}/table_metadata/extra/',
    request: () => ({
      method: 'GET',
      url: `/api/v1/database/${dbId}/table_metadata/extra/?name=orders&schema=main`,
    }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/database/{pk}/select_star/{table}/',
    request: () => ({ method: 'GET', url: `/api/v1/database/${dbId}/select_star/orders/` }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/database/{pk}/function_names/',
    request: () => ({ method: 'GET', url: `/api/v1/database/${dbId}/function_names/` }),
    expect: databaseWriters,
  },
  {
    name: 'POST /api/v1/database/',
    request: (c) => ({ method: 'POST', url: '/api/v1/database/', payload: newDatabase(c) }),
    expect: databaseWriters,
  },
  {
    name: 'POST /api/v1/database/test_connection/',
    request: (c) => ({
      method: 'POST',
      url: '/api/v1/database/test_connection/',
      payload: newDatabase(c),
    }),
    expect: databaseWriters,
  },
  {
    name: 'PUT /api/v1/database/{pk}',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/v1/database/${await adminCreates('/api/v1/database/', newDatabase(`${c}-put` as Caller))}`,
      payload: { expose_in_sqllab: false },
    }),
    expect: databaseWriters,
  },
  {
    name: 'DELETE /api/v1/database/{pk}',
    request: async (c) => ({
      method: 'DELETE',
      url: `/api/v1/database/${await adminCreates('/api/v1/database/', newDatabase(`${c}-del` as Caller))}`,
    }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/chart/',
    request: () => ({ method: 'GET', url: '/api/v1/chart/' }),
    expect: chartReaders,
  },
  {
    name: 'GET /api/v1/chart/related/owners',
    request: () => ({ method: 'GET', url: '/api/v1/chart/related/owners' }),
    expect: chartReaders,
  },
  {
    name: 'GET /api/v1/chart/{pk} (a chart on a dataset Gamma is not granted)',
    request: () => ({ method: 'GET', url: `/api/v1/chart/${chartId}` }),
    expect: databaseWriters,
  },
  {
    name: "PUT /api/v1/chart/{pk} (the admin's chart)",
    request: () => ({ method: 'PUT', url: `/api/v1/chart/${chartId}`, payload: {} }),
    expect: adminOnly,
  },
  {
    name: 'GET /api/v1/explore/',
    request: () => ({ method: 'GET', url: '/api/v1/explore/' }),
    expect: chartReaders,
  },
  {
    name: 'POST /api/v1/explore/permalink',
    request: () => ({
      method: 'POST',
      url: '/api/v1/explore/permalink',
      payload: { formData: { datasource: `${datasetId}__table`, viz_type: 'table' } },
    }),
    expect: databaseWriters,
  },
  {
    name: 'GET /api/v1/dashboard/',
    request: () => ({ method: 'GET', url: '/api/v1/dashboard/' }),
    expect: { ...signedIn, sqllab: 'deny' },
  },
  {
    name: 'POST /api/v1/dashboard/',
    request: (caller) => ({
      method: 'POST',
      url: '/api/v1/dashboard/',
      payload: { dashboard_title: `of ${caller}` },
    }),
    expect: { ...signedIn, sqllab: 'deny' },
  },
  {
    name: 'GET /api/v1/css_template/',
    request: () => ({ method: 'GET', url: '/api/v1/css_template/' }),
    expect: { ...signedIn, sqllab: 'deny' },
  },
  {
    name: 'POST /api/v1/css_template/',
    request: (caller) => ({
      method: 'POST',
      url: '/api/v1/css_template/',
      payload: { template_name: `of ${caller}` },
    }),
    expect: databaseWriters,
  },
];

describe('permissions matrix of the platform routes', () => {
  beforeAll(async () => {
    // The matrix checks role grants; who may add SQLite files is databases/unsafe.ts's test.
    t = await createTestApp({ env: { TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS: 'false' } });
    dbFile = path.join(t.home, 'matrix.db');
    const file = new Database(dbFile);
    file.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, amount REAL)');
    file.close();
    dbId = await adminCreates('/api/v1/database/', {
      database_name: 'matrix',
      sqlalchemy_uri: `sqlite:///${dbFile}`,
    });
    datasetId = await adminCreates('/api/v1/dataset/', { database: dbId, table_name: 'orders' });
    chartId = await adminCreates('/api/v1/chart/', newChart());
    const roles = (
      await t.call('admin', { method: 'GET', url: '/api/v1/security/roles/' })
    ).json() as {
      result: Array<{ id: number; name: string }>;
    };
    roleIds = Object.fromEntries(roles.result.map((r) => [r.name, r.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const route of ROUTES) {
    it.each(CALLERS)(`${route.name} as %s`, async (caller) => {
      const res = await t.call(caller, await route.request(caller));
      const expected = route.expect[caller];
      if (expected === 'allow') {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(300);
      } else {
        expect(caller === 'anonymous' ? [401] : [403, 404], res.body).toContain(res.statusCode);
      }
    });
  }

  it('lists to Gamma only the databases it is granted', async () => {
    const gammaSees = (
      await t.call('gamma', { method: 'GET', url: '/api/v1/database/' })
    ).json() as { count: number };
    expect(gammaSees.count).toBe(0);
    const role = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/security/roles/',
      payload: {
        name: 'matrix readers',
        permissions: [['database_access', `[matrix].(id:${dbId})`]],
      },
    });
    const gammaUser = (
      (await t.call('admin', { method: 'GET', url: '/api/v1/security/users/' })).json() as {
        result: Array<{ id: number; username: string }>;
      }
    ).result.find((u) => u.username === 'gamma');
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/security/users/${gammaUser?.id}`,
      payload: { roles: [roleIds.Gamma, (role.json() as { id: number }).id] },
    });
    const after = (await t.call('gamma', { method: 'GET', url: '/api/v1/database/' })).json() as {
      count: number;
      result: Array<{ database_name: string }>;
    };
    expect(after.result.map((d) => d.database_name)).toEqual(['matrix']);
    const tables = await t.call('gamma', {
      method: 'GET',
      url: `/api/v1/database/${dbId}/tables/?q=(schema_name:main)`,
    });
    expect(tables.statusCode).toBe(200);
    // Reading is granted; writing still needs can_write on Database.
    expect(
      (await t.call('gamma', { method: 'DELETE', url: `/api/v1/database/${dbId}` })).statusCode,
    ).toBe(403);
  });
});
