import type { GenericDataType, QueryContext } from '@tessera/shared/api/chartData';
import { TesseraError } from '@tessera/shared/errors';
import { getQueryBuilder } from '@tessera/shared/viz/queryBuilders';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { type DataPart, toCsv, toXlsx } from '../../charts-data/answer.ts';
import { postChartData } from '../../charts-data/endpoints.ts';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../security/actor.ts';
import { rowsOf, tableFromBatches } from '../../sqllab/payload.ts';
import { escapeHtml } from '../delivery/notification.ts';
import { reportRepository } from '../repository.ts';
import { planReportSql, QUERY_REPORT_MAX_ROWS } from '../sqlCheck.ts';

/**
 * The data of a report: a chart's rows through charts-data's export path (the executor's
 * access, RLS and the full export limit, as "Export to full CSV" gives them), or a saved query's
 * SQL run as the executor under SQL Lab's rules. CSV and XLSX go as attachments; TEXT is an
 * HTML table in the mail's body.
 */

export const TEXT_MAX_ROWS = 1000;

export interface DataFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function chartContext(
  ctx: AppContext,
  chartId: number,
  format: 'csv' | 'xlsx' | 'json',
): Promise<QueryContext> {
  const chart = await reportRepository.chartParams(ctx.store.db, chartId);
  if (!chart) throw new TesseraError(404, 'Chart does not exist');
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(chart.params ?? '{}') as Record<string, unknown>;
  } catch {
    params = {};
  }
  const vizType = String(params.viz_type ?? chart.viz_type);
  const buildQuery = getQueryBuilder(vizType);
  if (!buildQuery) throw new TesseraError(400, `Unknown chart type: ${vizType}`);
  const formData = {
    ...params,
    viz_type: vizType,
    slice_id: chartId,
    datasource: params.datasource ?? `${chart.datasource_id}__${chart.datasource_type ?? 'table'}`,
    row_limit: ctx.config.exportRowLimit,
  } as unknown as QueryFormData;
  return buildQuery(formData, { resultType: 'full', resultFormat: format });
}

/** A chart's rows as CSV or XLSX, as the executor may read them. */
export async function chartFile(
  ctx: AppContext,
  actor: Actor,
  chartId: number,
  format: 'CSV' | 'XLSX',
): Promise<DataFile> {
  const kind = format === 'CSV' ? 'csv' : 'xlsx';
  const context = await chartContext(ctx, chartId, kind);
  const reply = await postChartData(ctx, actor, context, {
    force: true,
    formData: { slice_id: chartId },
  });
  if (reply.kind !== 'file') throw new TesseraError(500, 'The chart answered no file');
  return {
    filename: reply.filename,
    contentType: reply.contentType,
    body: typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body,
  };
}

/** A chart's first result (columns and rows), for the TEXT format. */
export async function chartRows(
  ctx: AppContext,
  actor: Actor,
  chartId: number,
): Promise<{ columns: string[]; rows: Array<Record<string, unknown>> }> {
  const context = await chartContext(ctx, chartId, 'json');
  const reply = await postChartData(ctx, actor, context, {
    force: true,
    formData: { slice_id: chartId },
  });
  if (reply.kind !== 'json') throw new TesseraError(500, 'The chart answered a file');
  // One JSON text per query object; the first is the chart's rows.
  const first = reply.json[0]
    ? (JSON.parse(reply.json[0]) as { colnames?: string[]; data?: Array<Record<string, unknown>> })
    : undefined;
  return { columns: first?.colnames ?? [], rows: first?.data ?? [] };
}

/** A saved query's rows, run as the executor (SQL Lab's rules, at most 100,000 rows). */
export async function queryRows(
  ctx: AppContext,
  actor: Actor,
  databaseId: number,
  sql: string,
  limit = QUERY_REPORT_MAX_ROWS,
): Promise<{ columns: string[]; types: GenericDataType[]; rows: Array<Record<string, unknown>> }> {
  const planned = await planReportSql(ctx, actor, databaseId, sql, limit);
  const connection = await ctx.connections.forRow(planned.database);
  const result = await connection.execute(planned.statement, { maxRows: limit + 1 });
  const batches = [];
  let count = 0;
  for await (const batch of result.batches) {
    batches.push(batch);
    count += batch.numRows;
    if (count > limit) break;
  }
  const table = tableFromBatches(result.schema, batches, limit);
  return {
    columns: result.columns.map((c) => c.name),
    types: result.columns.map((c) => (c.is_dttm ? 2 : c.type_generic) as GenericDataType),
    rows: rowsOf(table),
  };
}

export async function queryFile(
  ctx: AppContext,
  actor: Actor,
  databaseId: number,
  sql: string,
  format: 'CSV' | 'XLSX',
  name: string,
): Promise<DataFile> {
  const { columns, types, rows } = await queryRows(ctx, actor, databaseId, sql);
  const part: DataPart = {
    colnames: columns,
    coltypes: types,
    data: rows as DataPart['data'],
    rowcount: rows.length,
    indexnames: rows.map((_, i) => i),
    label_map: Object.fromEntries(columns.map((c) => [c, [c]])),
  };
  const base = name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'query';
  return format === 'CSV'
    ? {
        filename: `${base}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: Buffer.from(toCsv(part), 'utf8'),
      }
    : { filename: `${base}.xlsx`, contentType: XLSX_TYPE, body: await toXlsx(part) };
}

/** Rows as an HTML table for a mail's body, every cell escaped, at most 1,000 rows. */
export function htmlTable(columns: string[], rows: Array<Record<string, unknown>>): string {
  const shown = rows.slice(0, TEXT_MAX_ROWS);
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = shown
    .map((r) => `<tr>${columns.map((c) => `<td>${escapeHtml(r[c])}</td>`).join('')}</tr>`)
    .join('');
  const more =
    rows.length > shown.length
      ? `<p>The first ${TEXT_MAX_ROWS} of ${rows.length} rows are shown.</p>`
      : '';
  return `<table border="1" cellpadding="4" style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${more}`;
}
