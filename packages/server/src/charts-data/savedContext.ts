import { QueryContext } from '@tessera/shared/api/chartData';
import { badRequest, notFound } from '@tessera/shared/errors';
import { visibleChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import type { Actor } from '../security/actor.ts';
import { chartRepository } from './repository.ts';

/**
 * The query context saved with a chart the caller may see (else 404 before anything about it is
 * revealed), for `GET /api/v1/chart/{pk}/data/` and chart-sourced annotation layers.
 */
export async function savedQueryContext(
  ctx: AppContext,
  actor: Actor,
  chartId: number,
): Promise<QueryContext> {
  await visibleChart(ctx, actor, chartId);
  const chart = await chartRepository.get(ctx.store, chartId);
  if (!chart) throw notFound('Chart not found');
  let stored: unknown = null;
  try {
    stored = chart.query_context ? JSON.parse(chart.query_context) : null;
  } catch {
    stored = null;
  }
  const parsed = QueryContext.safeParse(stored);
  if (!parsed.success) {
    throw badRequest('Chart has no query context saved. Please save the chart again.');
  }
  return parsed.data;
}
