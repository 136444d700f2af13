import { TesseraError } from '@tessera/shared/errors';
import { lookupSpec, openConnection } from '../databases/connections.ts';
import { databaseRepository } from '../databases/repository.ts';
import { datasetRepository } from '../datasets/repository.ts';
import { defineDataset } from '../datasets/service.ts';
import { readPhysicalColumns } from '../datasets/source.ts';
import type { Actor } from '../security/actor.ts';
import { loaderActor } from './actor.ts';
import { EXAMPLE_DATASETS } from './datasets.ts';
import type { LoadExamplesContext } from './load.ts';

/**
 * Registers every example table as a dataset of the `examples` database, so a new user can chart
 * at once: temporal columns marked, the first one as main datetime column, a `count` metric on
 * each and a few useful ones where the columns exist. Idempotent: a table that already has a
 * dataset (perhaps edited by someone) is left alone.
 */

export const EXAMPLES_SCHEMA = 'main';

interface MetricSpec {
  name: string;
  verbose: string;
  expression: string;
  /** Columns the expression reads; the metric is skipped when one is missing. */
  needs: string[];
  d3format?: string;
}

const COUNT: MetricSpec = { name: 'count', verbose: 'COUNT(*)', expression: 'COUNT(*)', needs: [] };

const sum = (column: string, d3format?: string): MetricSpec => ({
  name: `sum__${column}`,
  verbose: `SUM(${column})`,
  expression: `SUM("${column}")`,
  needs: [column],
  d3format,
});
const avg = (column: string, d3format = ',.2f'): MetricSpec => ({
  name: `avg__${column}`,
  verbose: `AVG(${column})`,
  expression: `AVG("${column}")`,
  needs: [column],
  d3format,
});

export const EXAMPLE_METRICS: Record<string, MetricSpec[]> = {
  flights: [sum('delay'), avg('delay'), sum('distance', ',d')],
  cars: [avg('horsepower'), avg('miles_per_gallon'), avg('weight_in_lbs', ',d')],
  gapminder: [sum('pop', ',d'), avg('life_expect'), avg('fertility')],
  population: [sum('people', ',d')],
  seattle_weather: [avg('temp_max'), avg('temp_min'), sum('precipitation', ',.1f')],
  stocks: [avg('price')],
  sp500: [avg('price')],
  unemployment_across_industries: [sum('count', ',d'), avg('rate')],
  movies: [sum('worldwide_gross', '$,.0f'), avg('imdb_rating')],
  iowa_electricity: [sum('net_generation', ',d')],
  income: [sum('total', ',d')],
  jobs: [sum('count', ',d')],
  barley: [sum('yield', ',.1f')],
  penguins: [avg('body_mass_g', ',d')],
  co2_concentration: [avg('co2')],
  disasters: [sum('deaths', ',d')],
  weather: [avg('temp_max'), sum('precipitation', ',.1f')],
  birdstrikes: [sum('cost_total', '$,d')],
};

export interface RegisterSummary {
  created: string[];
  skipped: string[];
}

export async function registerExampleDatasets(
  ctx: LoadExamplesContext,
  databaseId: number,
  actor: Actor = loaderActor(ctx),
): Promise<RegisterSummary> {
  const summary: RegisterSummary = { created: [], skipped: [] };
  const database = await databaseRepository.get(ctx.store.db, databaseId);
  if (!database) return summary;
  const missing = [];
  for (const example of EXAMPLE_DATASETS) {
    const existing = await datasetRepository.findByName(ctx.store.db, databaseId, example.table);
    if (existing.some((row) => (row.schema ?? EXAMPLES_SCHEMA) === EXAMPLES_SCHEMA))
      summary.skipped.push(example.table);
    else missing.push(example);
  }
  if (missing.length === 0) return summary;

  // A throwaway connection: the examples database has no secrets, and this runs before (or
  // beside) the server's connection manager. DuckDB shares one instance per file in-process.
  const connection = await openConnection(
    { spec: lookupSpec(database.engine), uri: database.sqlalchemy_uri, password: null, extra: {} },
    ctx.config.home,
  );
  try {
    for (const example of missing) {
      const source = { table_name: example.table, schema: EXAMPLES_SCHEMA, catalog: null };
      let names: Set<string>;
      try {
        const columns = await readPhysicalColumns(
          connection,
          source,
          () => new TesseraError(404, example.table),
        );
        names = new Set(columns.map((c) => c.name));
      } catch (error) {
        // An admin may have pointed `examples` elsewhere; a missing table is no reason to fail.
        ctx.logger.warn(
          { table: example.table, error: (error as Error).message },
          'example table not registered',
        );
        continue;
      }
      const metrics = [COUNT, ...(EXAMPLE_METRICS[example.table] ?? [])]
        .filter((m) => m.needs.every((n) => names.has(n)))
        .map((m) => ({
          metric_name: m.name,
          verbose_name: m.verbose,
          metric_type: m.name === 'count' ? 'count' : m.name.split('__')[0],
          expression: m.expression,
          d3format: m.d3format ?? null,
        }));
      // The datasets feature's own write path: twins, owners, columns and audit columns as in
      // the API; the columns are read again there, through this same connection.
      const defined = await defineDataset(
        ctx,
        actor,
        { database: databaseId, ...source, description: example.description, metrics },
        { connection, ifExists: 'keep' },
      );
      if (defined.outcome === 'created') summary.created.push(example.table);
      else summary.skipped.push(example.table);
    }
  } finally {
    await connection.close().catch(() => undefined);
  }
  if (summary.created.length > 0)
    ctx.logger.info({ datasets: summary.created.length }, 'example datasets registered');
  return summary;
}
