import { type Currency, getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import { asArray } from '@tessera/shared/viz/common/timeseriesQuery';
import {
  AGGREGATOR_NAMES,
  type AggregatorName,
  fractionOf,
} from '@tessera/shared/viz/pivot_table_v2/aggregators';
import type { Column } from '@tessera/shared/viz/types';
import {
  type CellColorer,
  type ConditionalFormattingRule,
  conditionalColorer,
} from '../common/conditionalFormatting.ts';
import type { ChartHooks, ChartProps, DrawnProps } from '../types.ts';
import {
  buildPivot,
  type Key,
  type KeyNode,
  type KeyOrder,
  orderedKeys,
  type Pivot,
} from './pivot.ts';

export interface PivotTableProps extends DrawnProps {
  rowDims: string[];
  colDims: string[];
  metrics: string[];
  /** What a metric's header says: the dataset's verbose name when it has one. */
  metricNames: Record<string, string>;
  metricsLayout: 'COLUMNS' | 'ROWS';
  combineMetric: boolean;
  pivot: Pivot;
  colNodes: KeyNode[];
  rowOrder: KeyOrder;
  rowTotals: boolean;
  colTotals: boolean;
  rowSubTotals: boolean;
  formatValue: (value: number | string | null) => string;
  formatKey: (dim: string, value: unknown) => string;
  cellColor: CellColorer;
  hooks: ChartHooks;
  selected: Record<string, unknown[]>;
}

const TEMPORAL = 2;
const ORDERS: KeyOrder[] = ['key_a_to_z', 'key_z_to_a', 'value_a_to_z', 'value_z_to_a'];

export function transformProps(chartProps: ChartProps): PivotTableProps {
  const { formData, queriesData } = chartProps;
  const answer = queriesData[0];
  const rows = Array.isArray(answer?.data) ? answer.data : [];
  const colnames = answer?.colnames ?? Object.keys(rows[0] ?? {});
  const metrics = asArray(formData.metrics).map(getMetricLabel);
  if (metrics.length === 0) {
    throw new Error('This chart needs at least one metric: choose one in the "Metrics" control.');
  }
  let rowDims = asArray(formData.groupbyRows as Column[] | undefined).map(getColumnLabel);
  let colDims = asArray(formData.groupbyColumns as Column[] | undefined).map(getColumnLabel);
  if (rows.length) {
    for (const label of [...metrics, ...rowDims, ...colDims]) {
      if (!colnames.includes(label)) {
        const what = metrics.includes(label) ? 'metric' : 'column';
        throw new Error(
          `The ${what} "${label}" is missing from the query results. Run the query again or choose another ${what}.`,
        );
      }
    }
  }
  if (formData.transposePivot) [rowDims, colDims] = [colDims, rowDims];
  const aggregator = (
    AGGREGATOR_NAMES.includes(formData.aggregateFunction as AggregatorName)
      ? formData.aggregateFunction
      : 'Sum'
  ) as AggregatorName;
  const pivot = buildPivot({ rows, rowDims, colDims, metrics, aggregator });

  const order = (value: unknown): KeyOrder =>
    ORDERS.includes(value as KeyOrder) ? (value as KeyOrder) : 'key_a_to_z';
  const first = metrics[0] as string;
  const numberOf = (v: number | string | null) => (typeof v === 'number' ? v : 0);
  const colNodes = orderedKeys(pivot.colKeys, colDims.length, {
    order: order(formData.colOrder),
    subtotals: Boolean(formData.colSubTotals),
    groupValue: (prefix: Key) => numberOf(pivot.value([], prefix, first)),
  });

  const format = (formData.valueFormat as string | undefined) ?? undefined;
  const fraction = fractionOf(aggregator) !== null;
  const formatNumber = getNumberFormatter(
    fraction && !(format ?? '').endsWith('%') ? '.1%' : format,
    (formData.currency_format ?? null) as Currency | null,
  );
  const temporal = new Set(colnames.filter((_, i) => answer?.coltypes?.[i] === TEMPORAL));
  const formatTime = getTimeFormatter(formData.date_format as string | undefined);
  const cellValues = (metric: string) =>
    pivot.rowKeys.flatMap((rk) => pivot.colKeys.map((ck) => pivot.value(rk, ck, metric)));
  const selected = chartProps.filterState?.value;

  return {
    width: chartProps.width,
    height: chartProps.height,
    rowDims,
    colDims,
    metrics,
    metricNames: Object.fromEntries(
      metrics.map((m) => [m, chartProps.datasource?.verbose_map?.[m] ?? m]),
    ),
    metricsLayout: formData.metricsLayout === 'ROWS' ? 'ROWS' : 'COLUMNS',
    combineMetric: Boolean(formData.combineMetric),
    pivot,
    colNodes,
    rowOrder: order(formData.rowOrder),
    rowTotals: Boolean(formData.rowTotals),
    colTotals: Boolean(formData.colTotals),
    rowSubTotals: Boolean(formData.rowSubTotals),
    formatValue: (v) => (v === null ? '' : typeof v === 'number' ? formatNumber(v) : String(v)),
    formatKey: (dim, v) =>
      v === null || v === undefined
        ? '<NULL>'
        : temporal.has(dim) && typeof v === 'number'
          ? formatTime(v)
          : String(v),
    cellColor: conditionalColorer(
      formData.conditional_formatting as ConditionalFormattingRule[] | undefined,
      cellValues,
    ),
    hooks: chartProps.hooks,
    selected:
      selected && typeof selected === 'object' && !Array.isArray(selected)
        ? (selected as Record<string, unknown[]>)
        : {},
  };
}
