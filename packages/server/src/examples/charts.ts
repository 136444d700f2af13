import { saveChart } from '../charts/service.ts';
import { dashboardRepository } from '../dashboards/repository.ts';
import { datasetRepository } from '../datasets/repository.ts';
import type { Actor } from '../security/actor.ts';
import { securityRepository } from '../security/repository.ts';
import { loaderActor } from './actor.ts';
import { EXAMPLE_CHARTS, exampleChartDocuments, exampleChartUuid } from './chartCatalogue.ts';
import type { LoadExamplesContext } from './load.ts';
import { EXAMPLES_SCHEMA } from './registerDatasets.ts';

export interface SavedExampleChart {
  id: number;
  uuid: string;
  sliceName: string;
  vizType: string;
}

export interface ExampleChartsSummary {
  /** Example keys saved by this run. */
  created: string[];
  /** Every example chart present after the run, by key. */
  charts: Map<string, SavedExampleChart>;
  /** The owner of what the loader creates: the first admin, or null when there is none yet. */
  ownerId: number | null;
}

/** The first user holding the Admin role: example charts and dashboards belong to them. */
export async function exampleOwnerId(ctx: LoadExamplesContext): Promise<number | null> {
  const users = await securityRepository.listUsers(ctx.store.db);
  const roles = await securityRepository.userRoles(
    ctx.store.db,
    users.map((u) => u.id),
  );
  return users.find((u) => roles.get(u.id)?.some((r) => r.name === 'Admin'))?.id ?? null;
}

/**
 * Saves every example chart that is not there yet (matched by its uuid), owned by the admin.
 * Idempotent: a chart that exists, perhaps edited, is left alone. Nothing is created before an
 * admin exists (`tessera load-examples` on an empty store); the next start adds them.
 */
export async function loadExampleCharts(
  ctx: LoadExamplesContext,
  databaseId: number,
  actor: Actor = loaderActor(ctx),
): Promise<ExampleChartsSummary> {
  const ownerId = await exampleOwnerId(ctx);
  const summary: ExampleChartsSummary = { created: [], charts: new Map(), ownerId };
  if (ownerId === null) return summary;
  const db = ctx.store.db;
  const uuids = EXAMPLE_CHARTS.map((e) => exampleChartUuid(e.key));
  const existing = new Map(
    (await dashboardRepository.slicesByUuid(db, uuids)).map((row) => [row.uuid, row]),
  );
  const datasets = new Map<string, number | null>();
  const datasetOf = async (table: string) => {
    if (!datasets.has(table)) {
      const rows = await datasetRepository.findByName(db, databaseId, table);
      const row = rows.find((r) => (r.schema ?? EXAMPLES_SCHEMA) === EXAMPLES_SCHEMA);
      datasets.set(table, row?.id ?? null);
    }
    return datasets.get(table) ?? null;
  };

  for (const example of EXAMPLE_CHARTS) {
    const uuid = exampleChartUuid(example.key);
    const found = existing.get(uuid);
    if (found) {
      summary.charts.set(example.key, {
        id: found.id,
        uuid,
        sliceName: found.slice_name,
        vizType: found.viz_type,
      });
      continue;
    }
    const datasetId = await datasetOf(example.table);
    if (datasetId === null) {
      ctx.logger.warn({ chart: example.key, table: example.table }, 'example chart not saved');
      continue;
    }
    const { params, queryContext } = exampleChartDocuments(example, datasetId);
    // The charts feature's own write path, as the system, with the admin as owner.
    const saved = await saveChart(ctx, actor, {
      uuid,
      slice_name: example.sliceName,
      viz_type: example.formData.viz_type,
      datasource_id: datasetId,
      params,
      query_context: JSON.stringify(queryContext),
      owners: [ownerId],
    });
    const id = saved.id;
    summary.created.push(example.key);
    summary.charts.set(example.key, {
      id,
      uuid,
      sliceName: example.sliceName,
      vizType: example.formData.viz_type,
    });
  }
  if (summary.created.length > 0) {
    ctx.logger.info({ charts: summary.created.length }, 'example charts saved');
  }
  return summary;
}
