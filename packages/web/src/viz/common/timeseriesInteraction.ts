import { formatWall } from '@tessera/shared/time-range/index';
import type { DatasourceMeta } from '@tessera/shared/viz/types';
import type { ChartFilterClause, DataMask } from '../types.ts';
import { NULL_LABEL, type SeriesMeta, type XAxisType } from './timeseriesSeries.ts';

/**
 * Cross-filters and drill clauses of time-series charts: a series stands for its dimension
 * values; a point adds the x bucket it sits in.
 */

/** Pivoted series names carry values as text; numeric dimensions get their numbers back. */
function typedValue(column: string, value: unknown, datasource: DatasourceMeta | null): unknown {
  const meta = datasource?.columns.find((c) => c.column_name === column);
  if (meta?.type_generic === 0 && typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (!Number.isNaN(n)) return n;
  }
  if (meta?.type_generic === 3 && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export function seriesClauses(
  meta: SeriesMeta,
  datasource: DatasourceMeta | null,
): ChartFilterClause[] {
  return meta.groupby.map((col, i) => {
    const value = meta.groupValues[i];
    if (value === NULL_LABEL || value === null || value === undefined) {
      return { col, op: 'IS NULL', formattedVal: NULL_LABEL };
    }
    return {
      col,
      op: '==',
      val: typedValue(col, value, datasource),
      formattedVal: String(value),
    };
  });
}

/** The mask a click on a series sends; clicking the selected series again clears it. */
export function seriesCrossFilter(
  meta: SeriesMeta | null,
  datasource: DatasourceMeta | null,
): DataMask {
  if (!meta || meta.groupby.length === 0) {
    return { extraFormData: {}, filterState: { value: null, selectedValues: null } };
  }
  const filters = seriesClauses(meta, datasource).map((clause) =>
    clause.op === 'IS NULL'
      ? { col: clause.col, op: 'IS NULL' }
      : { col: clause.col, op: 'IN', val: [clause.val] },
  );
  return {
    extraFormData: { filters },
    filterState: {
      value: [meta.groupValues],
      selectedValues: [meta.name],
      label: meta.name,
    },
  };
}

const GRAIN_STEPS: Record<string, [unit: 'ms' | 'month', amount: number]> = {
  PT1S: ['ms', 1_000],
  PT5S: ['ms', 5_000],
  PT30S: ['ms', 30_000],
  PT1M: ['ms', 60_000],
  PT5M: ['ms', 300_000],
  PT10M: ['ms', 600_000],
  PT15M: ['ms', 900_000],
  PT30M: ['ms', 1_800_000],
  PT1H: ['ms', 3_600_000],
  PT6H: ['ms', 21_600_000],
  P1D: ['ms', 86_400_000],
  P1W: ['ms', 604_800_000],
  P1M: ['month', 1],
  P3M: ['month', 3],
  P1Y: ['month', 12],
};

/** The end of the time bucket that starts at `start` (week variants are a week). */
export function bucketEnd(start: number, grain: string | null | undefined): number {
  const step = GRAIN_STEPS[grain ?? 'P1D'] ?? (grain?.includes('P1W') ? GRAIN_STEPS.P1W : null);
  if (!step) return start + 86_400_000;
  if (step[0] === 'ms') return start + step[1];
  const d = new Date(start);
  d.setUTCMonth(d.getUTCMonth() + step[1]);
  return d.getTime();
}

/** Drill clauses of one point: its x bucket (a time range on a time axis) and its series. */
export function pointClauses(options: {
  meta: SeriesMeta | undefined;
  x: unknown;
  xLabel: string;
  xType: XAxisType;
  grain: string | null | undefined;
  formatX: (x: number | string) => string;
  datasource: DatasourceMeta | null;
}): ChartFilterClause[] {
  const { meta, x, xLabel, xType, grain, formatX, datasource } = options;
  const clauses: ChartFilterClause[] = [];
  if (typeof x === 'number' && xType === 'time') {
    const range = `${formatWall(new Date(x))} : ${formatWall(new Date(bucketEnd(x, grain)))}`;
    clauses.push({
      col: xLabel,
      op: 'TEMPORAL_RANGE',
      val: range,
      formattedVal: formatX(x),
      grain: grain ?? undefined,
    });
  } else if (x === NULL_LABEL) {
    clauses.push({ col: xLabel, op: 'IS NULL', formattedVal: NULL_LABEL });
  } else if (x !== undefined) {
    clauses.push({
      col: xLabel,
      op: '==',
      val: typedValue(xLabel, x, datasource),
      formattedVal: formatX(x as number | string),
    });
  }
  if (meta) clauses.push(...seriesClauses(meta, datasource));
  return clauses;
}
