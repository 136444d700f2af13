import type { FilterOperator, QueryContext, QueryObject } from '@tessera/shared/api/chartData';
import { buildQueryContext } from '@tessera/shared/viz/buildQueryContext';
import type { AdhocFilter, QueryFormData } from '@tessera/shared/viz/types';
import type { ChartFilterClause } from '../../viz/types.ts';

/** Drill to detail and drill by: the queries behind their dialogs (pure). */

export const DRILL_PAGE_SIZE = 50;
export const DRILL_COUNT_LABEL = 'row_count';

function clauseFilter(clause: ChartFilterClause): NonNullable<QueryObject['filters']>[number] {
  return {
    col: clause.col,
    op: clause.op as FilterOperator,
    ...(clause.val !== undefined ? { val: clause.val as never } : {}),
  };
}

/**
 * One page of the raw rows behind the chart (its filters and time range, plus the clicked
 * point's), and the total count of those rows: two queries of one context.
 */
export function drillDetailContext(
  formData: QueryFormData,
  filters: readonly ChartFilterClause[],
  page: number,
  pageSize = DRILL_PAGE_SIZE,
): QueryContext {
  return buildQueryContext(formData, { resultType: 'drill_detail' }, (base) => {
    const filtered: QueryObject = {
      ...base,
      filters: [...(base.filters ?? []), ...filters.map(clauseFilter)],
      annotation_layers: [],
    };
    return [
      {
        ...filtered,
        result_type: 'drill_detail',
        row_limit: pageSize,
        row_offset: page * pageSize,
      },
      {
        ...filtered,
        result_type: 'full',
        columns: [],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: DRILL_COUNT_LABEL }],
        orderby: [],
        row_limit: 1,
      },
    ];
  });
}

/** The clicked point's clauses as adhoc filters of the form data. */
export function clausesAsAdhocFilters(filters: readonly ChartFilterClause[]): AdhocFilter[] {
  return filters.map((clause) => ({
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: clause.col,
    operator: clause.op as FilterOperator,
    comparator: clause.val,
    isExtra: false,
  }));
}

/**
 * The same chart type grouped by another column, filtered to the clicked point: the column
 * replaces the chart's dimension (groupby, else columns, else the x-axis).
 */
export function drillByFormData(
  formData: QueryFormData,
  filters: readonly ChartFilterClause[],
  column: string,
): QueryFormData {
  const next: QueryFormData = {
    ...formData,
    adhoc_filters: [...(formData.adhoc_filters ?? []), ...clausesAsAdhocFilters(filters)],
  };
  delete next.slice_id;
  if (Array.isArray(formData.groupby)) next.groupby = [column];
  else if (Array.isArray(formData.columns)) next.columns = [column];
  else if (formData.x_axis !== undefined) next.x_axis = column;
  else next.groupby = [column];
  return next;
}
