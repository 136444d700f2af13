import { getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import { ensureArray } from '@tessera/shared/viz/common/distributionQuery';
import type { Column, Metric } from '@tessera/shared/viz/types';
import type { ChartFilterClause, ChartHooks, ChartProps, DataMask } from '../types.ts';

/**
 * What the distribution, comparison, word-cloud and map chart types (heatmap_v2, box_plot,
 * histogram_v2, bubble_v2, waterfall, word_cloud, world_map, mapbox) share on the browser side:
 * reading the answer, readable errors, colours from controls, and cross-filter masks.
 */

/** Superset's text for a NULL dimension value. */
export const NULL_VALUE_LABEL = '<NULL>';
const TEMPORAL = 2;

export interface Answer {
  rows: Array<Record<string, unknown>>;
  colnames: string[];
  /** Names of the columns that hold dates as epoch milliseconds. */
  temporal: Set<string>;
}

export function readAnswer(chartProps: ChartProps, index = 0): Answer {
  const result = chartProps.queriesData[index];
  const rows = Array.isArray(result?.data) ? result.data : [];
  const colnames = result?.colnames ?? Object.keys(rows[0] ?? {});
  const coltypes = result?.coltypes ?? [];
  return { rows, colnames, temporal: new Set(colnames.filter((_, i) => coltypes[i] === TEMPORAL)) };
}

/** The label of the control's metric, or an error telling the analyst which control is empty. */
export function metricLabelOf(value: unknown, control: string): string {
  const metric = ensureArray(value as Metric | Metric[] | undefined)[0];
  if (metric === undefined || metric === null || metric === '') {
    throw new Error(`Choose a metric in "${control}" to draw this chart.`);
  }
  return getMetricLabel(metric);
}

/** The label of the control's column, or an error naming the empty control. */
export function columnLabelOf(value: unknown, control: string): string {
  const column = ensureArray(value as Column | Column[] | undefined)[0];
  if (column === undefined || column === null || column === '') {
    throw new Error(`Choose a column in "${control}" to draw this chart.`);
  }
  return typeof column === 'string' ? column : (column.label ?? column.sqlExpression);
}

/** Fails when the answer lacks a column the chart draws (a renamed metric, a stale chart). */
export function requireColumns(answer: Answer, names: readonly string[]): void {
  if (!answer.rows.length) return;
  const present = new Set(answer.colnames);
  const missing = names.filter((name) => !present.has(name));
  if (missing.length) {
    throw new Error(
      `The query results have no column ${missing.map((m) => `"${m}"`).join(', ')}. Run the query again, or check the chart's metrics and columns.`,
    );
  }
}

export function displayValue(value: unknown): string {
  return value === null || value === undefined ? NULL_VALUE_LABEL : String(value);
}

export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A ColorPickerControl value ({r, g, b, a}) as CSS, else the fallback. */
export function rgbaColor(value: unknown, fallback: string): string {
  if (!value || typeof value !== 'object') return fallback;
  const { r, g, b, a } = value as { r?: number; g?: number; b?: number; a?: number };
  if ([r, g, b].some((c) => typeof c !== 'number')) return fallback;
  return `rgba(${r}, ${g}, ${b}, ${typeof a === 'number' ? a : 1})`;
}

/** Rotation of x-axis labels for Superset's `x_ticks_layout`. */
export function tickRotation(layout: unknown): number | undefined {
  if (layout === '45°') return 45;
  if (layout === '90°') return 90;
  if (layout === 'flat') return 0;
  return undefined;
}

/** The values this chart currently cross-filters by. */
export function selectedValues(filterState: ChartProps['filterState']): Set<string> {
  const raw = filterState?.selectedValues ?? filterState?.value;
  return new Set(ensureArray(raw as unknown[]).map(displayValue));
}

/** A clickable point: what it cross-filters by and what drill to detail / drill by receive. */
export interface ChartPoint {
  label: string;
  filters: ChartFilterClause[];
}

/**
 * Cross-filter on a point, or clear the filter when the point is already the one selected
 * (Superset's toggle).
 */
export function toggleCrossFilter(
  hooks: ChartHooks,
  point: ChartPoint,
  selected: Set<string>,
): void {
  if (!hooks.setDataMask) return;
  const clearing = selected.size === 1 && selected.has(point.label);
  const mask: DataMask = clearing
    ? { extraFormData: {}, filterState: { value: null, selectedValues: null } }
    : {
        extraFormData: {
          filters: point.filters.map(({ col, val }) => ({ col, op: 'IN', val: ensureArray(val) })),
        },
        filterState: {
          value: point.filters.length === 1 ? ensureArray(point.filters[0]?.val) : [point.label],
          selectedValues: [point.label],
          label: point.label,
        },
      };
  hooks.setDataMask(mask);
}

/** Filter clauses of a point for drill to detail and drill by. */
export function pointFilter(
  col: string,
  value: unknown,
  formattedVal?: string,
  grain?: string,
): ChartFilterClause {
  if (value === null || value === undefined) return { col, op: 'IS NULL', formattedVal };
  return {
    col,
    op: '==',
    val: value,
    ...(formattedVal !== undefined ? { formattedVal } : {}),
    ...(grain ? { grain } : {}),
  };
}
