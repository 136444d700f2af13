import { cleanSlug } from '@tessera/shared/dashboard/slug';
import { TesseraError } from '@tessera/shared/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveChart } from '../charts/service.ts';
import { type AppContext, createContext } from '../context.ts';
import {
  bundleFiles,
  importBundle,
  makeBundle,
  storeCounts,
} from '../dashboards/bundle/testBundle.ts';
import { createDashboard, getDashboard, listDashboards } from '../dashboards/service.ts';
import { BASE, layoutOf, userId } from '../dashboards/testFixtures.ts';
import { defineDataset } from '../datasets/service.ts';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { guestActor, systemActor } from '../security/actor.ts';
import { BUILTIN_ROLES } from '../security/roles.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { EXAMPLE_DASHBOARDS, exampleDashboardUuid, loadExampleDashboards } from './dashboards.ts';

/**
 * One write path per entity (issue 14): datasets, charts and dashboards are created through the
 * services without HTTP, as the system and as a guest; the example loader and the bundle
 * importer, which write through those services, follow the API's twin, owner and slug rules.
 */

const setting = { baseUrl: 'http://tessera.test', log: pino({ level: 'silent' }) };
const system = systemActor(setting);
const guest = guestActor(
  { user: { username: 'guest', first_name: 'G', last_name: 'Uest' }, resources: [], rls: [] },
  // Even a guest whose role holds every permission may only read.
  { Admin: BUILTIN_ROLES.Admin ?? [] },
  setting,
);

let t: TestApp;
let ctx: AppContext;
let shop: { id: number; file: string };

beforeAll(async () => {
  t = await createTestApp();
  ctx = createContext({ config: t.config, store: t.store, logger: t.app.log });
  shop = await addShopDatabase(t);
});
afterAll(async () => {
  await t?.close();
});

const statusOf = (work: Promise<unknown>) =>
  work.then(
    () => 'ok' as const,
    (error: unknown) => (error instanceof TesseraError ? error.status : Promise.reject(error)),
  );

const row = (table: 'tables' | 'slices' | 'dashboards', id: number) =>
  t.store.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the services, without HTTP', () => {
  it('the system creates a dataset, a chart and a dashboard, with no creator and no owner', async () => {
    const dataset = await defineDataset(ctx, system, {
      database: shop.id,
      table_name: 'regions',
      schema: 'main',
    });
    expect(dataset.outcome).toBe('created');
    const chart = await saveChart(ctx, system, {
      slice_name: 'Regions',
      viz_type: 'table',
      datasource_id: dataset.id,
    });
    expect(chart.outcome).toBe('created');
    const board = await createDashboard(ctx, system, {
      dashboard_title: 'Made by the system',
      slug: ' made by system ',
      position_json: JSON.stringify(layoutOf([chart.id])),
    });
    expect((await row('tables', dataset.id)).created_by_fk).toBeNull();
    expect((await row('slices', chart.id)).created_by_fk).toBeNull();
    const stored = await row('dashboards', board.id);
    expect(stored.created_by_fk).toBeNull();
    expect(stored.slug).toBe('made-by-system');
    const owners = await t.store.db
      .selectFrom('dashboard_user')
      .select('user_id')
      .where('dashboard_id', '=', board.id)
      .execute();
    expect(owners).toEqual([]);
    const links = await t.store.db
      .selectFrom('dashboard_slices')
      .select('slice_id')
      .where('dashboard_id', '=', board.id)
      .execute();
    expect(links.map((l) => l.slice_id)).toEqual([chart.id]);
    // The twin rule is the API's: a second dataset on the same table is refused.
    expect(
      await statusOf(
        defineDataset(ctx, system, { database: shop.id, table_name: 'regions', schema: 'main' }),
      ),
    ).toBe(422);
  });

  it('a guest is refused every write, and nothing is written', async () => {
    const before = await storeCounts(t);
    const sales = await createDataset(t, {
      database: shop.id,
      schema: 'main',
      table_name: 'sales',
    });
    const after = { ...before, datasets: before.datasets + 1 };
    expect(
      await statusOf(
        defineDataset(ctx, guest, { database: shop.id, table_name: 'eu_sales', schema: 'main' }),
      ),
    ).toBe(403);
    expect(
      await statusOf(
        saveChart(ctx, guest, { slice_name: 'No', viz_type: 'table', datasource_id: sales }),
      ),
    ).toBe(403);
    expect(await statusOf(createDashboard(ctx, guest, { dashboard_title: 'No' }))).toBe(403);
    expect(await storeCounts(t)).toEqual(after);
  });
});

describe('a guest reads only what its token grants', () => {
  it('reads the granted dashboard and gets 404 for any other, even with every permission', async () => {
    const granted = await createDashboard(ctx, system, {
      dashboard_title: 'Embedded',
      published: true,
    });
    const other = await createDashboard(ctx, system, {
      dashboard_title: 'Elsewhere',
      published: true,
    });
    const reader = guestActor(
      {
        user: { username: 'guest', first_name: 'G', last_name: 'Uest' },
        resources: [{ type: 'dashboard', id: String(granted.id) }],
        rls: [],
      },
      { Admin: BUILTIN_ROLES.Admin ?? [] },
      setting,
    );
    expect((await getDashboard(ctx, reader, String(granted.id))).id).toBe(granted.id);
    expect(await statusOf(getDashboard(ctx, reader, String(other.id)))).toBe(404);
    const list = await listDashboards(ctx, reader, {});
    expect(list.ids).toEqual([granted.id]);
  });
});

describe('the importer follows the API rules', () => {
  /** A bundle on the stored `shop` database (matched by name) with one dataset on `table`. */
  function shopBundle(table: string, dashboard: Record<string, unknown> = {}) {
    const f = bundleFiles({ name: 'shop', uri: `duckdb:///${shop.file}` });
    return {
      f,
      zip: makeBundle({
        'databases/shop.yaml': f.database,
        [`datasets/shop/${table}.yaml`]: { ...f.dataset, table_name: table },
        'charts/Chart.yaml': f.chart,
        'dashboards/Board.yaml': { ...f.dashboard, ...dashboard },
      }),
    };
  }

  it('reuses the twin dataset on the same table instead of adding a second', async () => {
    const existing = await t.store.db
      .selectFrom('tables')
      .select('id')
      .where('database_id', '=', shop.id)
      .where('table_name', '=', 'regions')
      .executeTakeFirstOrThrow();
    const before = await storeCounts(t);
    const { f, zip } = shopBundle('regions');
    const res = await importBundle(t, 'admin', await zip);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storeCounts(t)).datasets).toBe(before.datasets);
    const chart = await t.store.db
      .selectFrom('slices')
      .select('datasource_id')
      .where('uuid', '=', f.uuids.chart)
      .executeTakeFirstOrThrow();
    expect(chart.datasource_id).toBe(existing.id);
  });

  it('makes the importing user creator and owner of what it creates, as the API does', async () => {
    const alpha = await userId(t, 'alpha');
    const { f, zip } = shopBundle('eu_sales');
    const res = await importBundle(t, 'alpha', await zip);
    expect(res.statusCode, res.body).toBe(200);
    const dataset = await t.store.db
      .selectFrom('tables')
      .selectAll()
      .where('uuid', '=', f.uuids.dataset)
      .executeTakeFirstOrThrow();
    const chart = await t.store.db
      .selectFrom('slices')
      .selectAll()
      .where('uuid', '=', f.uuids.chart)
      .executeTakeFirstOrThrow();
    const board = await t.store.db
      .selectFrom('dashboards')
      .selectAll()
      .where('uuid', '=', f.uuids.dashboard)
      .executeTakeFirstOrThrow();
    for (const made of [dataset, chart, board]) {
      expect(made.created_by_fk).toBe(alpha);
      expect(made.changed_by_fk).toBe(alpha);
    }
    const owners = await Promise.all([
      t.store.db
        .selectFrom('dataset_owners')
        .select('user_id as id')
        .where('dataset_id', '=', dataset.id)
        .execute(),
      t.store.db
        .selectFrom('slice_user')
        .select('user_id as id')
        .where('slice_id', '=', chart.id)
        .execute(),
      t.store.db
        .selectFrom('dashboard_user')
        .select('user_id as id')
        .where('dashboard_id', '=', board.id)
        .execute(),
    ]);
    for (const list of owners) expect(list.map((o) => o.id)).toEqual([alpha]);
  });

  it('cleans the slug as the API does, and drops one another dashboard holds', async () => {
    const typed = '  Q3 board: EU!  ';
    const api = await t.call('admin', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { slug: typed },
    });
    expect(api.statusCode, api.body).toBe(201);
    const apiSlug = (await row('dashboards', api.json().id)).slug;
    expect(apiSlug).toBe(cleanSlug(typed));
    // The same slug imported: the API would answer 422; an import keeps the dashboard, slugless.
    const taken = shopBundle('regions', { slug: typed });
    expect((await importBundle(t, 'admin', await taken.zip)).statusCode).toBe(200);
    const imported = await t.store.db
      .selectFrom('dashboards')
      .select('slug')
      .where('uuid', '=', taken.f.uuids.dashboard)
      .executeTakeFirstOrThrow();
    expect(imported.slug).toBeNull();
    const fresh = shopBundle('regions', { slug: '  Fresh import  ' });
    expect((await importBundle(t, 'admin', await fresh.zip)).statusCode).toBe(200);
    const cleaned = await t.store.db
      .selectFrom('dashboards')
      .select('slug')
      .where('uuid', '=', fresh.f.uuids.dashboard)
      .executeTakeFirstOrThrow();
    expect(cleaned.slug).toBe(cleanSlug('  Fresh import  '));
  });
});

describe('the example loader follows the API rules', () => {
  it('saves the example dashboards as the system, owned by the admin, dropping a taken slug', async () => {
    const admin = await userId(t, 'admin');
    // Someone already holds the Flights dashboard's slug.
    await t.call('admin', { method: 'POST', url: `${BASE}/`, payload: { slug: 'flights' } });
    const quiet = { info: () => {}, warn: () => {} };
    const result = await loadExampleDashboards(
      { config: { home: t.home }, store: t.store, logger: quiet },
      { created: [], charts: new Map(), ownerId: admin },
    );
    expect(result.created).toEqual(EXAMPLE_DASHBOARDS.map((d) => d.key));
    const flights = await t.store.db
      .selectFrom('dashboards')
      .selectAll()
      .where('uuid', '=', exampleDashboardUuid('flights'))
      .executeTakeFirstOrThrow();
    expect(flights.slug).toBeNull();
    expect(flights.created_by_fk).toBeNull();
    const owners = await t.store.db
      .selectFrom('dashboard_user')
      .select('user_id')
      .where('dashboard_id', '=', flights.id)
      .execute();
    expect(owners.map((o) => o.user_id)).toEqual([admin]);
    const again = await loadExampleDashboards(
      { config: { home: t.home }, store: t.store, logger: quiet },
      { created: [], charts: new Map(), ownerId: admin },
    );
    expect(again.created).toEqual([]);
  });
});
