import type { QueryContext } from '@tessera/shared/api/chartData';
import { badRequest } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { toCsv, toXlsx } from './answer.ts';
import { checkSliceId, parseFormData } from './legacy.ts';
import { savedQueryContext } from './savedContext.ts';
import { chartData } from './service.ts';

/**
 * The services behind `POST /api/v1/chart/data` and `GET /api/v1/chart/{pk}/data/`: every check
 * a route used to make (the export permission, the named chart) is made here, so a
 * job computing chart data for someone gets the same answer as their browser.
 */

export type ChartDataReply =
  | { kind: 'json'; json: string[]; answer?: Buffer }
  | { kind: 'file'; contentType: string; filename: string; body: string | Buffer };

export interface ChartDataCall {
  force: boolean;
  /** The query string's `form_data` (legacy callers name the chart there), as sent. */
  formData?: unknown;
  /** The query string's `dashboard_id`. */
  dashboardId?: string;
  /** Answer from the cache or throw `NotCached` (GLOBAL_ASYNC_QUERIES, see service.ts). */
  cachedOnly?: boolean;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function postChartData(
  ctx: AppContext,
  actor: Actor,
  body: QueryContext,
  call: ChartDataCall,
): Promise<ChartDataReply> {
  // Who may ask at all comes before anything about the request is judged.
  requirePermission(actor, 'can_read', 'Chart');
  const formData = parseFormData(call.formData);
  await checkSliceId(ctx, formData);
  if (body.result_format === 'csv' || body.result_format === 'xlsx') {
    requirePermission(actor, 'can_csv', 'Superset');
  }
  const outcome = await chartData(ctx, actor, body, {
    force: call.force,
    dashboard: { dashboardId: call.dashboardId, sliceId: formData.slice_id },
    cachedOnly: call.cachedOnly,
  });
  if (outcome.format === 'json')
    return { kind: 'json', json: outcome.json, answer: outcome.answer };
  const [part] = outcome.parts;
  if (outcome.parts.length !== 1 || !part) {
    throw badRequest('A CSV or XLSX export takes exactly one query');
  }
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '');
  if (outcome.format === 'csv') {
    return {
      kind: 'file',
      contentType: 'text/csv; charset=utf-8',
      filename: `chart_data_${stamp}.csv`,
      body: toCsv(part),
    };
  }
  return {
    kind: 'file',
    contentType: XLSX_TYPE,
    filename: `chart_data_${stamp}.xlsx`,
    body: await toXlsx(part),
  };
}

/** A saved chart's data by the query context stored with it. */
export async function savedChartData(
  ctx: AppContext,
  actor: Actor,
  chartId: number,
  options: { force: boolean },
): Promise<string[]> {
  requirePermission(actor, 'can_read', 'Chart');
  const context = await savedQueryContext(ctx, actor, chartId);
  const outcome = await chartData(ctx, actor, context, { force: options.force });
  return outcome.json;
}
