import type { ColumnConfig } from '@tessera/shared/controls/columnConfig';
import { DEFAULT_TIME_GRAIN } from '@tessera/shared/controls/options';
import type { Currency } from '@tessera/shared/format/number';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import { asArray } from '@tessera/shared/viz/common/timeseriesQuery';
import { tableMetrics, tableQueryMode } from '@tessera/shared/viz/table/buildQuery';
import type { Column } from '@tessera/shared/viz/types';
import {
  type CellColorer,
  type ConditionalFormattingRule,
  conditionalColorer,
} from '../common/conditionalFormatting.ts';
import { standaloneTimeFormatter } from '../common/grainFormat.ts';
import type { ChartHooks, ChartProps, DrawnProps } from '../types.ts';

/** Turns the table's answer(s) into columns with their formats, rows, totals and the pager. */

export type TableColumnKind = 'dimension' | 'metric' | 'percent' | 'raw';

export interface TableColumn {
  key: string;
  label: string;
  kind: TableColumnKind;
  numeric: boolean;
  temporal: boolean;
  format: (value: unknown) => string;
  align: 'left' | 'right' | 'center';
  showCellBar: boolean;
  /** Cell bars grow from the left edge by absolute value (`align_pn`, or the column's own). */
  alignPositiveNegative: boolean;
  /** Cell bars red below zero, green above (`color_pn`, or the column's own). */
  colorPositiveNegative: boolean;
  width?: number;
  /** Value range of the column, for cell bars. */
  min: number;
  max: number;
}

export interface TableChartProps extends DrawnProps {
  columns: TableColumn[];
  rows: Array<Record<string, unknown>>;
  totals: Record<string, unknown> | null;
  /** Client-side page length; 0 draws every row (virtualized). */
  pageLength: number;
  serverPagination: boolean;
  serverPageSize: number;
  currentPage: number;
  /** Every row of the query when paginated on the server (the row-count query). */
  rowCount: number;
  includeSearch: boolean;
  cellColor: CellColorer;
  /** Dimension columns a click cross-filters by. */
  filterColumns: string[];
  selected: Record<string, unknown[]>;
  hooks: ChartHooks;
  ownState: Record<string, unknown>;
}

export const NULL_TEXT = 'N/A';
const TEMPORAL = 2;
const NUMERIC = 0;

export function transformProps(chartProps: ChartProps): TableChartProps {
  const { formData, queriesData, datasource } = chartProps;
  const mode = tableQueryMode(formData);
  const main = queriesData[0];
  const rows = Array.isArray(main?.data) ? main.data : [];
  const colnames = main?.colnames ?? Object.keys(rows[0] ?? {});
  const coltypes = main?.coltypes ?? [];
  const serverPagination = Boolean(formData.server_pagination);
  const totalsAnswer = queriesData[serverPagination ? 2 : 1];
  const countAnswer = serverPagination ? queriesData[1] : undefined;

  const wanted: Array<{ key: string; kind: TableColumnKind }> = [];
  if (mode === 'raw') {
    for (const c of asArray(formData.all_columns as Column[] | undefined)) {
      wanted.push({ key: getColumnLabel(c), kind: 'raw' });
    }
  } else {
    const { metrics, percent } = tableMetrics(formData);
    const percentLabels = new Set(percent.map(getMetricLabel));
    for (const c of asArray(formData.groupby))
      wanted.push({ key: getColumnLabel(c), kind: 'dimension' });
    for (const m of metrics) {
      const label = getMetricLabel(m);
      if (
        !percentLabels.has(label) ||
        asArray(formData.metrics).some((x) => getMetricLabel(x) === label)
      ) {
        wanted.push({ key: label, kind: 'metric' });
      }
    }
    for (const label of percentLabels) wanted.push({ key: `%${label}`, kind: 'percent' });
  }
  if (wanted.length === 0) {
    throw new Error(
      mode === 'raw'
        ? 'This table needs columns: choose them in the "Columns" control.'
        : 'This table needs dimensions or metrics: choose them in the "Dimensions" or "Metrics" control.',
    );
  }
  if (rows.length) {
    const present = new Set(colnames);
    const missing = wanted.find((w) => !present.has(w.key));
    if (missing) {
      const what = missing.kind === 'metric' || missing.kind === 'percent' ? 'metric' : 'column';
      throw new Error(
        `The ${what} "${missing.key}" is missing from the query results. Run the query again or choose another ${what}.`,
      );
    }
  }

  const config = (formData.column_config ?? {}) as Record<string, ColumnConfig>;
  const currency = (formData.currency_format ?? null) as Currency | null;
  const verbose = datasource?.verbose_map ?? {};
  const metricFormats = new Map(
    (datasource?.metrics ?? []).map((m) => [m.metric_name, m.d3format ?? undefined]),
  );
  const showBars = formData.show_cell_bars !== false;
  const alignPn = Boolean(formData.align_pn);
  const colorPn = formData.color_pn !== false;

  const columns = wanted.map(({ key, kind }): TableColumn => {
    const i = colnames.indexOf(key);
    const type = coltypes[i];
    const values = rows.map((r) => r[key]);
    const numeric =
      type === NUMERIC ||
      (type === undefined && values.some((v) => typeof v === 'number') && kind !== 'dimension');
    const temporal = type === TEMPORAL;
    const own = config[key] ?? {};
    let format: (value: unknown) => string;
    if (temporal) {
      // A cell has no neighbours to give a smart date its context: by the time grain instead
      // (none in raw mode), so a timestamp never shows as a bare "12:01".
      const f = standaloneTimeFormatter(
        own.d3TimeFormat ?? formData.table_timestamp_format,
        mode === 'raw' ? null : (formData.time_grain_sqla ?? DEFAULT_TIME_GRAIN),
      );
      format = (v) => (v === null || v === undefined ? NULL_TEXT : f(v as number));
    } else if (numeric) {
      const f = getNumberFormatter(
        own.d3NumberFormat ??
          (kind === 'percent' ? '.3%' : undefined) ??
          (formData.number_format as string | undefined) ??
          metricFormats.get(key),
        kind === 'percent' ? null : (own.currencyFormat ?? currency),
      );
      format = (v) => (v === null || v === undefined ? NULL_TEXT : f(Number(v)));
    } else {
      format = (v) => (v === null || v === undefined ? NULL_TEXT : String(v));
    }
    const nums = numeric ? values.filter((v): v is number => typeof v === 'number') : [];
    return {
      key,
      label: kind === 'percent' ? key : (verbose[key] ?? key),
      kind,
      numeric,
      temporal,
      format,
      align: own.horizontalAlign ?? (numeric ? 'right' : 'left'),
      showCellBar: numeric && kind !== 'raw' && (own.showCellBars ?? showBars),
      alignPositiveNegative: own.alignPositiveNegative ?? alignPn,
      colorPositiveNegative: own.colorPositiveNegative ?? colorPn,
      ...(own.columnWidth ? { width: own.columnWidth } : {}),
      min: nums.length ? nums.reduce((a, b) => Math.min(a, b)) : 0,
      max: nums.length ? nums.reduce((a, b) => Math.max(a, b)) : 0,
    };
  });

  const own = chartProps.ownState ?? {};
  const pageSizeDefault = Number(formData.server_page_length ?? 10) || 10;
  const count = countAnswer?.data?.[0]?.rowcount;
  const totalsRow = totalsAnswer?.data?.[0] ?? null;
  const selected = chartProps.filterState?.value;

  return {
    width: chartProps.width,
    height: chartProps.height,
    columns,
    rows,
    totals: formData.show_totals && mode === 'aggregate' ? totalsRow : null,
    pageLength: Number(formData.page_length ?? 0) || 0,
    serverPagination,
    serverPageSize: Number(own.pageSize ?? pageSizeDefault) || pageSizeDefault,
    currentPage: Number(own.currentPage ?? 0) || 0,
    rowCount: typeof count === 'number' ? count : rows.length,
    includeSearch: Boolean(formData.include_search),
    cellColor: conditionalColorer(
      formData.conditional_formatting as ConditionalFormattingRule[] | undefined,
      (column) => rows.map((r) => r[column]),
    ),
    filterColumns: columns.filter((c) => c.kind === 'dimension').map((c) => c.key),
    selected:
      selected && typeof selected === 'object' && !Array.isArray(selected)
        ? (selected as Record<string, unknown[]>)
        : {},
    hooks: chartProps.hooks,
    ownState: own,
  };
}
