import { getCategoricalScale } from '@tessera/shared/color/categorical';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import type { Column, Metric, QueryFormData } from '@tessera/shared/viz/types';
import type { ChartFilterClause, ChartHooks, ChartProps, DataMask } from '../types.ts';
import { textWidth } from './textMeasure.ts';

/**
 * What the "parts of a whole" and "flow" chart types (pie, funnel, gauge, treemap, sunburst,
 * radar, graph, sankey) share when they turn a chart-data answer into an ECharts option: reading
 * the answer, naming and formatting values, colours, legends, labels and cross-filters.
 */

/** How Superset shows a NULL dimension value. */
export const NULL_LABEL = '<NULL>';

const TEMPORAL = 2;

export interface ResultTable {
  rows: Array<Record<string, unknown>>;
  colnames: string[];
  /** Columns holding dates (epoch ms), formatted with the date format. */
  temporal: Set<string>;
}

export function resultTable(chartProps: ChartProps): ResultTable {
  const answer = chartProps.queriesData[0];
  const rows = Array.isArray(answer?.data) ? answer.data : [];
  const colnames = answer?.colnames ?? Object.keys(rows[0] ?? {});
  const coltypes = answer?.coltypes ?? [];
  const temporal = new Set(colnames.filter((_, i) => coltypes[i] === TEMPORAL));
  return { rows, colnames, temporal };
}

/** The metric's label, or an error an analyst can act on when the chart has none. */
export function requireMetric(metric: Metric | null | undefined, control = 'Metric'): string {
  if (metric === undefined || metric === null || metric === '') {
    throw new Error(`This chart needs a metric: choose one in the "${control}" control.`);
  }
  return getMetricLabel(metric);
}

/** The column's label, or an error naming the empty control. */
export function requireColumn(column: Column | null | undefined, control: string): string {
  if (column === undefined || column === null || column === '') {
    throw new Error(`This chart needs a column in the "${control}" control.`);
  }
  return getColumnLabel(column);
}

/** Fails when the answer lacks a column the chart draws (a stale saved chart, a renamed metric). */
export function checkColumns(table: ResultTable, metrics: string[], columns: string[] = []): void {
  if (!table.rows.length) return;
  const present = new Set(
    table.colnames.length ? table.colnames : Object.keys(table.rows[0] ?? {}),
  );
  for (const label of metrics) {
    if (!present.has(label)) {
      throw new Error(
        `The metric "${label}" is missing from the query results. Run the query again or choose another metric.`,
      );
    }
  }
  for (const label of columns) {
    if (!present.has(label)) {
      throw new Error(
        `The column "${label}" is missing from the query results. Run the query again or choose another column.`,
      );
    }
  }
}

/** A metric cell as a number; NULL and non-numeric cells count as missing. */
export function metricValue(row: Record<string, unknown>, label: string): number | null {
  const raw = row[label];
  if (raw === null || raw === undefined || raw === '') return null;
  const value = typeof raw === 'number' ? raw : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Formats a dimension cell: dates with the chart's date format, NULL as Superset shows it. */
export function dimensionFormatter(
  table: ResultTable,
  formData: QueryFormData,
): (column: string, value: unknown) => string {
  const formatTime = getTimeFormatter((formData.date_format as string | undefined) ?? null);
  return (column, value) => {
    if (value === null || value === undefined) return NULL_LABEL;
    if (table.temporal.has(column)) return formatTime(value as number | string);
    return String(value);
  };
}

/** The chart's number formatter, with the currency the form data asks for. */
export function metricFormatter(
  formData: QueryFormData,
  format: unknown = formData.number_format,
): (value: number | null | undefined) => string {
  const currency = formData.currency_format as { symbol?: string; symbolPosition?: string } | null;
  return getNumberFormatter(
    typeof format === 'string' ? format : null,
    currency?.symbol
      ? {
          symbol: currency.symbol,
          symbolPosition: currency.symbolPosition === 'suffix' ? 'suffix' : 'prefix',
        }
      : null,
  );
}

export const formatPercent = getNumberFormatter('.2%');

/** The dashboard-wide categorical colours: a label keeps its colour across charts. */
export function categoricalColors(chartProps: ChartProps): (label: string) => string {
  const { formData, colorNamespace, labelColors, sliceId } = chartProps;
  return getCategoricalScale({
    scheme: (formData.color_scheme as string | undefined) ?? null,
    ...(colorNamespace ? { namespace: colorNamespace } : {}),
    ...(labelColors ? { forcedColors: labelColors } : {}),
    ...(sliceId !== undefined ? { sliceId } : {}),
  });
}

export type LabelType =
  | 'key'
  | 'value'
  | 'percent'
  | 'key_value'
  | 'key_percent'
  | 'key_value_percent'
  | 'value_percent';

/** A label's text as the label-type control asks (`key_value` is "name: value"). */
export function formatLabel(
  type: unknown,
  parts: { name: string; value: string; percent?: string },
): string {
  const { name, value, percent = '' } = parts;
  switch (type as LabelType) {
    case 'value':
      return value;
    case 'percent':
      return percent;
    case 'key_value':
      return `${name}: ${value}`;
    case 'key_percent':
      return `${name}: ${percent}`;
    case 'key_value_percent':
      return `${name}: ${value} (${percent})`;
    case 'value_percent':
      return `${value} (${percent})`;
    default:
      return name;
  }
}

/** Tooltips are HTML: values from the data are escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A tooltip: a bold title, then "label: value" lines (or plain text lines). */
export function tooltipHtml(
  title: string,
  lines: Array<[label: string, value: string] | string>,
): string {
  const body = lines
    .map((line) =>
      typeof line === 'string'
        ? escapeHtml(line)
        : `${escapeHtml(line[0])}: <b>${escapeHtml(line[1])}</b>`,
    )
    .join('<br/>');
  return `<b>${escapeHtml(title)}</b>${body ? `<br/>${body}` : ''}`;
}

export interface LegendLayout {
  legend: Record<string, unknown>;
  /** Room (px) the legend takes on each side, for series to stay clear of it. */
  margin: { top: number; bottom: number; left: number; right: number };
}

/** Widest a legend beside a chart may be, and the share of the chart's width it may take. */
const SIDE_LEGEND_MAX_PX = 160;
const SIDE_LEGEND_MAX_SHARE = 0.35;
/** A legend item's symbol, the gap after it and the legend's padding, beside its text. */
const LEGEND_ITEM_CHROME_PX = 45;
const LEGEND_FONT_SIZE = 12;

/**
 * The legend the show_legend / legendType / legendOrientation controls ask for. A legend beside
 * the chart is as wide as its longest name needs, at most 160 px and, given the chart's width,
 * a third of it; longer names are cut short with an ellipsis rather than run over the series.
 */
export function legendLayout(
  formData: QueryFormData,
  names: string[],
  chartWidth?: number,
): LegendLayout {
  const margin = { top: 0, bottom: 0, left: 0, right: 0 };
  if (formData.show_legend === false || !names.length) {
    return { legend: { show: false }, margin };
  }
  const orientation = (formData.legendOrientation as string | undefined) ?? 'top';
  const vertical = orientation === 'left' || orientation === 'right';
  const side = ['top', 'bottom', 'left', 'right'].includes(orientation)
    ? (orientation as keyof typeof margin)
    : 'top';
  let textStyle: Record<string, unknown> | undefined;
  if (vertical) {
    const widest = Math.max(...names.map((name) => textWidth(name, LEGEND_FONT_SIZE)));
    const cap =
      chartWidth === undefined
        ? SIDE_LEGEND_MAX_PX
        : Math.min(SIDE_LEGEND_MAX_PX, chartWidth * SIDE_LEGEND_MAX_SHARE);
    margin[side] = Math.min(cap, Math.ceil(widest) + LEGEND_ITEM_CHROME_PX);
    textStyle = { width: margin[side] - LEGEND_ITEM_CHROME_PX, overflow: 'truncate' };
  } else {
    margin[side] = 32;
  }
  return {
    legend: {
      show: true,
      type: formData.legendType === 'plain' ? 'plain' : 'scroll',
      orient: vertical ? 'vertical' : 'horizontal',
      [side]: 0,
      ...(vertical ? { top: 'middle', textStyle } : { left: 'center' }),
      data: names,
    },
    margin,
  };
}

/** One value of a clicked point: the column it filters and its raw (unformatted) value. */
export interface PointFilter {
  col: Column;
  val: unknown;
  formattedVal: string;
}

/** A data point a click cross-filters by and a right-click drills into. */
export interface InteractivePoint {
  label: string;
  filters: PointFilter[];
}

/** The dashboard filter a click on a point emits; `null` clears this chart's cross-filter. */
export function crossFilterMask(point: InteractivePoint | null): DataMask {
  if (!point) {
    return { extraFormData: {}, filterState: { value: null, selectedValues: null } };
  }
  return {
    extraFormData: {
      filters: point.filters.map(({ col, val }) =>
        val === null || val === undefined ? { col, op: 'IS NULL' } : { col, op: 'IN', val: [val] },
      ),
    },
    filterState: {
      value: [point.filters.map((f) => f.val)],
      selectedValues: [point.label],
      label: point.label,
    },
  };
}

/** The point's filters as drill to detail / drill by take them. */
export function drillClauses(point: InteractivePoint): ChartFilterClause[] {
  return point.filters.map(({ col, val, formattedVal }) =>
    val === null || val === undefined
      ? { col: getColumnLabel(col), op: 'IS NULL' as const, formattedVal }
      : { col: getColumnLabel(col), op: '==' as const, val, formattedVal },
  );
}

/** The label this chart currently filters the dashboard by, if any. */
export function selectedLabel(chartProps: ChartProps): string | null {
  const state = chartProps.filterState;
  if (!state || state.value === null || state.value === undefined) return null;
  const selected = state.selectedValues;
  if (Array.isArray(selected) && selected.length) return String(selected[0]);
  return typeof state.label === 'string' ? state.label : null;
}

/** Points that are not the cross-filtered one fade out. */
export function fadeUnless(
  selected: string | null,
  label: string,
): { opacity: number } | undefined {
  return selected !== null && selected !== label ? { opacity: 0.3 } : undefined;
}

/** Parses a control's number (text controls keep strings); blank and junk give the fallback. */
export function numberOr<T>(value: unknown, fallback: T): number | T {
  if (value === null || value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** The smallest "round" number at or above the value (1, 2, 5 steps), for an axis without max. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

interface EchartsEventParams {
  name?: string;
  data?: { pointKey?: string } | null;
  event?: { event?: MouseEvent };
}

/**
 * ECharts event handlers: a click cross-filters by the point (a second click on the same point
 * clears the filter), a right-click opens drill to detail / drill by with the point's filters.
 * Points are found by the data item's `pointKey`, else its name.
 */
export function interactionHandlers(
  points: Record<string, InteractivePoint>,
  selected: string | null,
  hooks: ChartHooks,
): Record<string, (params: unknown) => void> {
  const pointOf = (params: EchartsEventParams) => {
    const key = params.data?.pointKey ?? params.name;
    return key === undefined ? undefined : points[key];
  };
  return {
    click: (raw) => {
      const point = pointOf(raw as EchartsEventParams);
      if (!point || !hooks.setDataMask) return;
      hooks.setDataMask(crossFilterMask(point.label === selected ? null : point));
    },
    contextmenu: (raw) => {
      const params = raw as EchartsEventParams;
      const point = pointOf(params);
      const native = params.event?.event;
      if (!point || !native || !hooks.onContextMenu) return;
      native.preventDefault();
      hooks.onContextMenu(native.clientX, native.clientY, drillClauses(point));
    },
  };
}
