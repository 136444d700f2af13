import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase } from '../../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { BASE } from '../testFixtures.ts';
import { bundleFiles, importBundle, makeBundle, storeCounts } from './testBundle.ts';

/**
 * A bundle is checked whole before anything is written: a bad file answers Superset's 422
 * "Error importing dashboard" naming the file and field, and the store is left as it was.
 */

describe('dashboard import validation', () => {
  let t: TestApp;
  let shopUri: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A database of this app gives the bundles a real URI to point at.
    const shop = await addShopDatabase(t, 'warehouse');
    shopUri = `duckdb:///${shop.file}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const files = () => bundleFiles({ name: 'imported', uri: shopUri });

  async function expectRefused(zip: Buffer) {
    const before = await storeCounts(t);
    const res = await importBundle(t, 'admin', zip);
    expect(res.statusCode, res.body).toBe(422);
    const [error] = res.json().errors;
    expect(error.message).toBe('Error importing dashboard');
    expect(await storeCounts(t)).toEqual(before);
    return error.extra as Record<string, unknown>;
  }

  it('refuses two dashboards with the same uuid', async () => {
    const f = files();
    const extra = await expectRefused(
      await makeBundle({
        'databases/imported.yaml': f.database,
        'datasets/imported/sales.yaml': f.dataset,
        'charts/Chart.yaml': f.chart,
        'dashboards/A.yaml': f.dashboard,
        'dashboards/B.yaml': { ...f.dashboard, dashboard_title: 'Twin' },
      }),
    );
    expect(extra['dashboards/B.yaml']).toEqual({
      uuid: ['dashboards/A.yaml has the same uuid; each object may appear once in a bundle.'],
    });
  });

  it('refuses a dataset whose columns are not a list, naming the file and field', async () => {
    const f = files();
    const extra = await expectRefused(
      await makeBundle({
        'databases/imported.yaml': f.database,
        'datasets/imported/sales.yaml': { ...f.dataset, columns: 'oops' },
        'charts/Chart.yaml': f.chart,
        'dashboards/Board.yaml': f.dashboard,
      }),
    );
    expect(extra['datasets/imported/sales.yaml']).toEqual({ columns: ['Not a valid list.'] });
  });

  it('refuses a metric without an expression and a column without a name', async () => {
    const f = files();
    const extra = await expectRefused(
      await makeBundle({
        'databases/imported.yaml': f.database,
        'datasets/imported/sales.yaml': {
          ...f.dataset,
          columns: [{ column_name: 'region' }, { type: 'VARCHAR' }],
          metrics: [{ metric_name: 'count' }],
        },
        'charts/Chart.yaml': f.chart,
        'dashboards/Board.yaml': f.dashboard,
      }),
    );
    expect(extra['datasets/imported/sales.yaml']).toEqual({
      columns: { 1: { column_name: ['Missing data for required field.'] } },
      metrics: { 0: { expression: ['Missing data for required field.'] } },
    });
  });

  it('refuses a dashboard bundle holding no dashboard', async () => {
    const f = files();
    const extra = await expectRefused(
      await makeBundle({
        'databases/imported.yaml': f.database,
        'datasets/imported/sales.yaml': f.dataset,
        'charts/Chart.yaml': f.chart,
      }),
    );
    expect(extra['dashboards/']).toEqual([
      'The bundle holds no dashboard: a dashboard export has at least one file under dashboards/.',
    ]);
  });

  it('writes nothing when a later file is bad', async () => {
    const f = files();
    const extra = await expectRefused(
      await makeBundle({
        'databases/imported.yaml': f.database,
        'datasets/imported/sales.yaml': f.dataset,
        'charts/Chart.yaml': f.chart,
        'dashboards/Board.yaml': f.dashboard,
        'dashboards/Other.yaml': { ...f.dashboard, uuid: randomUUID(), metadata: 'nope' },
      }),
    );
    expect(extra['dashboards/Other.yaml']).toEqual({ metadata: ['Not a valid mapping type.'] });
  });

  it('skips a chart whose dataset is neither in the bundle nor in the store', async () => {
    const f = files();
    const orphanUuid = randomUUID();
    type Slot = { id: string; children: string[]; meta: Record<string, unknown> };
    const position = structuredClone(f.dashboard.position) as Record<string, Slot>;
    position['ROW-1']?.children.push('CHART-2');
    position['CHART-2'] = {
      ...position['CHART-1'],
      id: 'CHART-2',
      meta: { chartId: 9002, uuid: orphanUuid, width: 4, height: 50 },
    };
    const res = await importBundle(
      t,
      'admin',
      await makeBundle({
        'databases/imported.yaml': f.database,
        'datasets/imported/sales.yaml': f.dataset,
        'charts/Chart.yaml': f.chart,
        'charts/Orphan.yaml': {
          ...f.chart,
          slice_name: 'Orphan',
          uuid: orphanUuid,
          dataset_uuid: randomUUID(),
        },
        'dashboards/Board.yaml': { ...f.dashboard, slug: 'orphans', position },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const orphan = await t.store.db
      .selectFrom('slices')
      .select('id')
      .where('uuid', '=', orphanUuid)
      .executeTakeFirst();
    expect(orphan).toBeUndefined();
    const charts = (await t.call('admin', { method: 'GET', url: `${BASE}/orphans/charts` })).json()
      .result as Array<{ slice_name: string; form_data: { datasource?: string } }>;
    expect(charts.map((c) => c.slice_name)).toEqual(['Imported chart']);
    expect(charts[0]?.form_data.datasource).toMatch(/^\d+__table$/);
    const board = (await t.call('admin', { method: 'GET', url: `${BASE}/orphans` })).json().result;
    const layout = JSON.parse(board.position_json);
    // The skipped chart's slot goes too: its chartId was the exporting instance's.
    expect(layout['CHART-2']).toBeUndefined();
    expect(layout['ROW-1'].children).toEqual(['CHART-1']);
  });

  it('asks for the password of a new database whose URI masks it, and imports it once given', async () => {
    const f = bundleFiles({
      name: 'warehouse on postgres',
      uri: 'postgresql://reader:XXXXXXXXXX@127.0.0.1:5432/warehouse',
    });
    const zip = await makeBundle({
      'databases/warehouse.yaml': f.database,
      'datasets/warehouse/sales.yaml': f.dataset,
      'charts/Chart.yaml': f.chart,
      'dashboards/Board.yaml': f.dashboard,
    });
    const extra = await expectRefused(zip);
    expect(extra['databases/warehouse.yaml']).toEqual({
      _schema: ['Must provide a password for the database'],
    });
    const res = await importBundle(t, 'admin', zip, {
      passwords: JSON.stringify({ 'databases/warehouse.yaml': 'secret' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
