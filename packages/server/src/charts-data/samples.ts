import {
  type QueryContext,
  type QueryObject,
  QueryObjectExtras,
  QueryObjectFilter,
} from '@tessera/shared/api/chartData';
import { TesseraError } from '@tessera/shared/errors';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { chartData, type QueryResult } from './service.ts';

/**
 * `POST /datasource/samples?datasource_type=&datasource_id=&force=&page=&per_page=`: a page of
 * raw rows of a dataset (or of a SQL Lab query), at most SAMPLES_ROW_LIMIT per page, with the
 * payload's filters, and the total count of rows those filters keep. Both run as chart-data
 * queries, so access checks, row-level security and the cache are the same as for charts.
 */

export const SamplesPayload = z
  .looseObject({
    filters: z.array(QueryObjectFilter).nullish(),
    granularity: z.string().nullish(),
    time_range: z.string().nullish(),
    extras: QueryObjectExtras.nullish(),
  })
  .nullish();
export type SamplesPayload = z.infer<typeof SamplesPayload>;

export interface SamplesParams {
  datasource_type: string;
  datasource_id: number;
  force: boolean;
  page?: number;
  per_page?: number;
}

function rangeError(field: string, max: number): TesseraError {
  return new TesseraError(400, 'Invalid input', {
    fields: { [field]: [`Must be greater than or equal to 1 and less than or equal to ${max}.`] },
  });
}

export async function datasourceSamples(
  ctx: AppContext,
  actor: Actor,
  params: SamplesParams,
  payload: SamplesPayload,
): Promise<{ result: QueryResult }> {
  requirePermission(actor, 'can_read', 'Datasource');
  const limit = ctx.config.samplesRowLimit;
  const perPage = params.per_page ?? limit;
  const page = params.page ?? 1;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > limit)
    throw rangeError('per_page', limit);
  if (!Number.isInteger(page) || page < 1) {
    throw new TesseraError(400, 'Invalid input', {
      fields: { page: ['Must be greater than or equal to 1.'] },
    });
  }
  const base: QueryObject = {
    filters: payload?.filters ?? [],
    granularity: payload?.granularity ?? null,
    time_range: payload?.time_range ?? null,
    extras: payload?.extras ?? {},
  };
  const context = (query: QueryObject, resultType: 'samples' | 'full'): QueryContext => ({
    datasource: { id: params.datasource_id, type: params.datasource_type },
    queries: [query],
    result_type: resultType,
    result_format: 'json',
    force: params.force,
  });
  const samples = await chartData(
    ctx,
    actor,
    context({ ...base, row_limit: perPage, row_offset: (page - 1) * perPage }, 'samples'),
    { force: params.force },
  );
  const count = await chartData(
    ctx,
    actor,
    context(
      {
        ...base,
        columns: [],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'COUNT(*)' }],
        orderby: [],
      },
      'full',
    ),
    { force: params.force },
  );
  const sample = samples.results[0] as QueryResult;
  const countRow = ((count.results[0]?.data ?? []) as Array<Record<string, unknown>>)[0];
  return {
    result: {
      ...sample,
      page,
      per_page: perPage,
      total_count: Number(countRow?.['COUNT(*)'] ?? 0),
    },
  };
}
