import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, runOnDuckdb } from '../../datasets/testFixtures.ts';
import { securityRepository } from '../../security/repository.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { insertChart, userId } from '../testFixtures.ts';
import { bundleFiles, importBundle, makeBundle, storeCounts } from './testBundle.ts';

/**
 * Import never hands out data access: creating a database, dataset or chart needs can_write on
 * that type (Superset's importers), a new dataset needs access to the data it reads, and a
 * database matched by uuid or name is used as it stands, never with the bundle's URI.
 */

const MADE_UP_URI = 'duckdb:////nowhere/made-up.duckdb';

function leakBundle(
  database: { name: string; uri: string; uuid?: string },
  sql: string | null,
  tableName = 'leak',
) {
  const f = bundleFiles(database);
  f.dataset.table_name = tableName;
  f.dataset.sql = sql;
  return {
    uuids: f.uuids,
    zip: makeBundle({
      'databases/shop.yaml': f.database,
      'datasets/shop/leak.yaml': f.dataset,
      'charts/Leak.yaml': f.chart,
      'dashboards/Leak.yaml': f.dashboard,
    }),
  };
}

const messageOf = (body: { message?: unknown; errors?: Array<{ message: string }> }) =>
  typeof body.message === 'string' ? body.message : (body.errors?.[0]?.message ?? '');

describe('dashboard import permissions', () => {
  let t: TestApp;
  let shopUuid: string;
  let shopFile: string;

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await addShopDatabase(t);
    shopFile = shop.file;
    await runOnDuckdb(shopFile, 'CREATE SCHEMA other; CREATE TABLE other.v AS SELECT 1 AS x;');
    await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    const row = await t.store.db
      .selectFrom('dbs')
      .select('uuid')
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    shopUuid = row.uuid;
    // The sql_lab user also gets a role that may write datasets and read the `other` schema
    // only: enough to import, not enough to read main.sales.
    const db = t.store.db;
    const writers = await securityRepository.insertRole(db, 'DatasetWriters');
    const pairs: Array<[string, string]> = [
      ['can_read', 'Dashboard'],
      ['can_write', 'Dashboard'],
      ['can_read', 'Chart'],
      ['can_write', 'Chart'],
      ['can_read', 'Dataset'],
      ['can_write', 'Dataset'],
      ['schema_access', '[shop].[other]'],
    ];
    await securityRepository.ensurePermissionViews(db, pairs);
    await securityRepository.setRolePermissions(db, writers, pairs, 'add');
    const sqllab = await securityRepository.getRoleByName(db, 'sql_lab');
    await securityRepository.setUserRoles(db, await userId(t, 'sqllab'), [
      sqllab?.id as number,
      writers,
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses Gamma a dataset on a database that only shares its name, and writes nothing', async () => {
    const before = await storeCounts(t);
    const { zip } = leakBundle({ name: 'shop', uri: MADE_UP_URI }, 'SELECT * FROM main.sales');
    const res = await importBundle(t, 'gamma', await zip);
    expect(res.statusCode, res.body).toBe(403);
    expect(messageOf(res.json())).toBe(
      "Dataset doesn't exist and user doesn't have permission to create datasets",
    );
    expect(await storeCounts(t)).toEqual(before);
  });

  it('refuses Gamma a database the store does not have', async () => {
    const before = await storeCounts(t);
    const { zip } = leakBundle({ name: 'elsewhere', uri: MADE_UP_URI }, 'SELECT 1');
    const res = await importBundle(t, 'gamma', await zip);
    expect(res.statusCode, res.body).toBe(403);
    expect(messageOf(res.json())).toBe(
      "Database doesn't exist and user doesn't have permission to create databases",
    );
    expect(await storeCounts(t)).toEqual(before);
  });

  it('refuses Gamma a new dataset on an existing database', async () => {
    const before = await storeCounts(t);
    const { zip } = leakBundle(
      { name: 'shop', uri: MADE_UP_URI, uuid: shopUuid },
      'SELECT * FROM main.sales',
    );
    const res = await importBundle(t, 'gamma', await zip);
    expect(res.statusCode, res.body).toBe(403);
    expect(messageOf(res.json())).toBe(
      "Dataset doesn't exist and user doesn't have permission to create datasets",
    );
    expect(await storeCounts(t)).toEqual(before);
  });

  it('lands a same-named database on the stored one, keeping its own connection', async () => {
    const stored = () =>
      t.store.db
        .selectFrom('dbs')
        .select(['id', 'uuid', 'sqlalchemy_uri'])
        .where('database_name', '=', 'shop')
        .executeTakeFirstOrThrow();
    const before = await stored();
    const counts = await storeCounts(t);
    // A Superset export names its own examples database, with another uuid and URI.
    const { zip } = leakBundle(
      { name: 'shop', uri: MADE_UP_URI },
      'SELECT * FROM main.sales',
      'from_superset',
    );
    const res = await importBundle(t, 'admin', await zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual(before);
    const dataset = await t.store.db
      .selectFrom('tables')
      .select('database_id')
      .where('table_name', '=', 'from_superset')
      .executeTakeFirstOrThrow();
    expect(dataset.database_id).toBe(before.id);
    expect((await storeCounts(t)).databases).toBe(counts.databases);
  });

  it('refuses a dataset writer a virtual dataset reading tables it has no access to', async () => {
    const before = await storeCounts(t);
    const { zip } = leakBundle(
      { name: 'shop', uri: MADE_UP_URI, uuid: shopUuid },
      'SELECT * FROM main.sales',
    );
    const res = await importBundle(t, 'sqllab', await zip);
    expect(res.statusCode, res.body).toBe(403);
    expect(messageOf(res.json())).toContain('main.sales');
    expect(await storeCounts(t)).toEqual(before);
  });

  it('refuses a dataset writer a physical dataset on a table it has no access to', async () => {
    const before = await storeCounts(t);
    const { zip } = leakBundle({ name: 'shop', uri: MADE_UP_URI, uuid: shopUuid }, null);
    const res = await importBundle(t, 'sqllab', await zip);
    expect(res.statusCode, res.body).toBe(403);
    expect(messageOf(res.json())).toContain('main.leak');
    expect(await storeCounts(t)).toEqual(before);
  });

  it('lets a dataset writer import a dataset over data it may already read', async () => {
    const { zip, uuids } = leakBundle(
      { name: 'shop', uri: MADE_UP_URI, uuid: shopUuid },
      'SELECT * FROM other.v',
    );
    const res = await importBundle(t, 'sqllab', await zip);
    expect(res.statusCode, res.body).toBe(200);
    const dataset = await t.store.db
      .selectFrom('tables')
      .innerJoin('dbs', 'dbs.id', 'tables.database_id')
      .select(['dbs.uuid as database_uuid', 'dbs.sqlalchemy_uri'])
      .where('tables.uuid', '=', uuids.dataset)
      .executeTakeFirstOrThrow();
    // The existing database, found by uuid, is used as it is: its URI is not the bundle's.
    expect(dataset.database_uuid).toBe(shopUuid);
    expect(dataset.sqlalchemy_uri).toBe(`duckdb:///${shopFile}`);
  });

  it("refuses placing someone else's chart whose data the importer cannot read", async () => {
    const db = t.store.db;
    const sales = await db
      .selectFrom('tables')
      .select(['id', 'uuid'])
      .where('table_name', '=', 'sales')
      .executeTakeFirstOrThrow();
    const chartId = await insertChart(t, 'Admin sales', sales.id);
    const chart = await db
      .selectFrom('slices')
      .select('uuid')
      .where('id', '=', chartId)
      .executeTakeFirstOrThrow();
    const f = bundleFiles({ name: 'shop', uri: MADE_UP_URI, uuid: shopUuid });
    f.dataset.uuid = sales.uuid;
    f.dataset.table_name = 'sales';
    f.dataset.sql = null;
    f.chart.uuid = chart.uuid;
    f.chart.dataset_uuid = sales.uuid;
    const layout = f.dashboard.position as Record<string, { meta?: Record<string, unknown> }>;
    for (const item of Object.values(layout)) {
      if (item.meta && 'chartId' in item.meta) item.meta.uuid = chart.uuid;
    }
    const before = await storeCounts(t);
    const res = await importBundle(
      t,
      'sqllab',
      await makeBundle({
        'databases/shop.yaml': f.database,
        'datasets/shop/sales.yaml': f.dataset,
        'charts/Sales.yaml': f.chart,
        'dashboards/Sales.yaml': f.dashboard,
      }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(messageOf(res.json())).toBe(`You do not have access to the data of chart ${chartId}`);
    expect(await storeCounts(t)).toEqual(before);
  });

  it('refuses a non-admin who may write databases a bundle that brings a SQLite connection to the metadata store, and writes nothing', async () => {
    const db = t.store.db;
    const creators = await securityRepository.insertRole(db, 'DatabaseCreators');
    const pairs: Array<[string, string]> = [
      ['can_read', 'Dashboard'],
      ['can_write', 'Dashboard'],
      ['can_write', 'Chart'],
      ['can_write', 'Dataset'],
      ['can_read', 'Database'],
      ['can_write', 'Database'],
      ['all_database_access', 'all_database_access'],
    ];
    await securityRepository.ensurePermissionViews(db, pairs);
    await securityRepository.setRolePermissions(db, creators, pairs, 'add');
    const alphaId = await userId(t, 'alpha');
    const alphaRoles = ((await securityRepository.userRoles(db, [alphaId])).get(alphaId) ?? []).map(
      (role) => role.id,
    );
    await securityRepository.setUserRoles(db, alphaId, [creators]);
    try {
      const before = await storeCounts(t);
      const { zip } = leakBundle(
        { name: 'store', uri: `sqlite:///${t.home}/tessera.db` },
        'SELECT * FROM sessions',
      );
      const res = await importBundle(t, 'alpha', await zip);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain('SQLite cannot be used as a data source for security reasons.');
      expect(await storeCounts(t)).toEqual(before);
    } finally {
      await securityRepository.setUserRoles(db, alphaId, alphaRoles);
    }
  });
});
