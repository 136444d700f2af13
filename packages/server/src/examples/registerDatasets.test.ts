import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupSpec, openConnection } from '../databases/connections.ts';
import { databaseRepository } from '../databases/repository.ts';
import { loadDatasets } from '../datasets/model.ts';
import { datasetRepository } from '../datasets/repository.ts';
import { validateExpressions } from '../datasets/source.ts';
import {
  type MetadataStore,
  migrateToLatest,
  openMetadataStore,
} from '../platform/metadata/store.ts';
import { createScratchPostgresDatabase, storeKinds } from '../testing/stores.ts';
import { EXAMPLE_DATASETS } from './datasets.ts';
import { type LoadExamplesSummary, loadExamples } from './load.ts';
import { registerExampleDatasets } from './registerDatasets.ts';

const silent = { info: () => {}, warn: () => {} };

describe.each(storeKinds())('example datasets on the %s metadata store', (kind) => {
  let home: string;
  let store: MetadataStore;
  let summary: LoadExamplesSummary;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'tessera-example-datasets-'));
    const scratch = kind === 'postgres' ? await createScratchPostgresDatabase() : null;
    drop = scratch?.drop;
    store = openMetadataStore({ home, databaseUrl: scratch?.url ?? null });
    await migrateToLatest(store);
    summary = await loadExamples({ config: { home }, store, logger: silent });
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await drop?.();
    rmSync(home, { recursive: true, force: true });
  });

  const datasets = async () =>
    loadDatasets(
      store,
      (await datasetRepository.list(store.db)).filter((r) => r.database_id === summary.databaseId),
    );

  it('registers every example table as a physical dataset of the examples database', async () => {
    const all = await datasets();
    expect(all.map((d) => d.row.table_name).sort()).toEqual(
      EXAMPLE_DATASETS.map((d) => d.table).sort(),
    );
    for (const dataset of all) {
      expect(dataset.row.schema).toBe('main');
      expect(dataset.row.sql).toBeNull();
      expect(dataset.row.description).toBeTruthy();
      expect(dataset.columns.length).toBeGreaterThan(1);
      expect(dataset.metrics.map((m) => m.metric_name)).toContain('count');
    }
  });

  it('marks temporal columns and sets the main datetime column', async () => {
    const byName = new Map((await datasets()).map((d) => [d.row.table_name, d]));
    const flights = byName.get('flights');
    expect(flights?.row.main_dttm_col).toBe('date');
    expect(flights?.columns.find((c) => c.column_name === 'date')?.is_dttm).toBe(1);
    expect(flights?.columns.find((c) => c.column_name === 'delay')?.is_dttm).toBe(0);
    expect(byName.get('seattle_weather')?.row.main_dttm_col).toBe('date');
    expect(byName.get('stocks')?.row.main_dttm_col).toBe('date');
    // Years as integers are no time column.
    expect(byName.get('gapminder')?.row.main_dttm_col).toBeNull();
  });

  it('defines the useful metrics, and every metric runs on the engine', async () => {
    const all = await datasets();
    const metric = (table: string, name: string) =>
      all.find((d) => d.row.table_name === table)?.metrics.find((m) => m.metric_name === name)
        ?.expression;
    expect(metric('flights', 'sum__delay')).toBe('SUM("delay")');
    expect(metric('cars', 'avg__horsepower')).toBe('AVG("horsepower")');
    expect(metric('population', 'sum__people')).toBe('SUM("people")');
    const database = await databaseRepository.get(store.db, summary.databaseId);
    if (!database) throw new Error('examples database missing');
    const spec = lookupSpec(database.engine);
    const connection = await openConnection(
      { spec, uri: database.sqlalchemy_uri, password: null, extra: {} },
      home,
    );
    try {
      for (const dataset of all) {
        await validateExpressions(
          connection,
          spec.dialect,
          dataset.row,
          dataset.metrics.map((m) => ({
            field: 'metrics',
            label: `${dataset.row.table_name}.${m.metric_name}`,
            expression: m.expression,
          })),
          {},
        );
      }
    } finally {
      await connection.close();
    }
  });

  it('is idempotent and leaves edited datasets alone', async () => {
    const before = await datasets();
    const cars = before.find((d) => d.row.table_name === 'cars');
    if (!cars) throw new Error('cars missing');
    await datasetRepository.update(store.db, cars.row.id, { description: 'edited by hand' }, null);
    const again = await loadExamples({ config: { home }, store, logger: silent });
    expect(again.built).toBe(false);
    const direct = await registerExampleDatasets(
      { config: { home }, store, logger: silent },
      summary.databaseId,
    );
    expect(direct.created).toEqual([]);
    expect(direct.skipped).toHaveLength(EXAMPLE_DATASETS.length);
    const after = await datasets();
    expect(after.map((d) => d.row.id)).toEqual(before.map((d) => d.row.id));
    expect(after.find((d) => d.row.id === cars.row.id)?.row.description).toBe('edited by hand');
  });

  it('registers a table whose dataset was deleted, and only that one', async () => {
    const stocks = (await datasets()).find((d) => d.row.table_name === 'stocks');
    if (!stocks) throw new Error('stocks missing');
    await datasetRepository.delete(store.db, [stocks.row.id]);
    const result = await registerExampleDatasets(
      { config: { home }, store, logger: silent },
      summary.databaseId,
    );
    expect(result.created).toEqual(['stocks']);
  });
});
