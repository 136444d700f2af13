import { badRequest, forbidden, notFound } from '@tessera/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { principalOf } from '../databases/access.ts';
import { canAccessDataset } from '../datasets/access.ts';
import {
  activeColumns,
  type LoadedDataset,
  loadDataset,
  parseJsonObject,
} from '../datasets/model.ts';
import { typeGenericOf } from '../datasets/typeGeneric.ts';
import type { DatasetForQuery } from '../query-engine/types.ts';
import { requirePermission } from '../security/currentUser.ts';

/**
 * The datasource of a query context: a dataset the caller may read. Chart data needs
 * ('can_read', 'Chart') and data access (`datasource_access` on `[db].[table](id:N)`, a schema,
 * database or all-datasource grant, or ownership); a dataset the caller cannot see is a 404.
 */

export function parseDatasourceId(raw: number | string, type: string): number {
  if (type !== 'table' && type !== 'dataset') {
    throw badRequest(`Datasource type "${type}" is not supported for chart data`);
  }
  const id = typeof raw === 'number' ? raw : Number(String(raw).split('__')[0]);
  if (!Number.isInteger(id) || id <= 0) throw badRequest('Invalid datasource id');
  return id;
}

export async function readableDatasource(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
): Promise<LoadedDataset> {
  requirePermission(request, 'can_read', 'Chart');
  const dataset = await loadDataset(ctx.store, id);
  if (!dataset) throw notFound();
  if (!canAccessDataset(principalOf(request), dataset, request.user?.id)) {
    throw forbidden(
      `This endpoint requires the datasource ${dataset.row.table_name}, database or \`all_datasource_access\` permission`,
      { errorType: 'DATASOURCE_SECURITY_ACCESS_ERROR' },
    );
  }
  return dataset;
}

/** The compiler's view of a loaded dataset: active columns, metrics, virtual SQL. */
export function datasetForQuery(dataset: LoadedDataset): DatasetForQuery {
  const engine = dataset.database.engine;
  return {
    id: dataset.row.id,
    table_name: dataset.row.table_name,
    schema: dataset.row.schema,
    catalog: dataset.row.catalog,
    sql: dataset.row.sql,
    main_dttm_col: dataset.row.main_dttm_col,
    template_params: parseJsonObject(dataset.row.template_params),
    columns: activeColumns(dataset).map((c) => ({
      column_name: c.column_name,
      expression: c.expression,
      is_dttm: c.is_dttm === 1,
      type: c.type,
      type_generic: c.is_dttm === 1 ? 2 : typeGenericOf(engine, c.type),
      filterable: c.filterable === 1,
      groupby: c.groupby === 1,
    })),
    metrics: dataset.metrics.map((m) => ({
      metric_name: m.metric_name,
      expression: m.expression,
      verbose_name: m.verbose_name,
    })),
  };
}

/**
 * Everything of the dataset that changes its data: its row's change time and each column and
 * metric (a deleted column changes the list), so an edit gives every query a new cache key.
 */
export function datasetVersion(dataset: LoadedDataset): unknown {
  return [
    dataset.row.changed_on,
    dataset.database.changed_on,
    dataset.columns.map((c) => [c.id, c.changed_on]),
    dataset.metrics.map((m) => [m.id, m.changed_on]),
  ];
}
