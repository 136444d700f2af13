import {
  COLUMNS_DUPLICATED_MESSAGE,
  COLUMNS_NOT_FOUND_MESSAGE,
  type DatasetColumnInput,
  type DatasetMetricInput,
  METRICS_DUPLICATED_MESSAGE,
  METRICS_NOT_FOUND_MESSAGE,
} from '@tessera/shared/api/datasets';
import type { ColumnRow, ColumnWrite, MetricRow, MetricWrite } from './repository.ts';
import { invalid, type SourceColumn } from './source.ts';

/**
 * Plans for the columns and metrics of a dataset: what a PUT's arrays mean (with `id` update,
 * without create, left out delete), and what a refresh from the source changes.
 */

const flag = (value: boolean | null | undefined, fallback: boolean) =>
  (value ?? fallback) ? 1 : 0;

export const columnNameOf = (input: DatasetColumnInput) =>
  (input.column_name ?? input.name ?? '').trim();

export function newColumnWrite(input: DatasetColumnInput): ColumnWrite {
  return {
    column_name: columnNameOf(input),
    verbose_name: input.verbose_name ?? null,
    type: input.type ?? null,
    is_dttm: flag(input.is_dttm, false),
    groupby: flag(input.groupby, true),
    filterable: flag(input.filterable, true),
    expression: input.expression?.trim() ? input.expression : null,
    description: input.description ?? null,
    python_date_format: input.python_date_format ?? null,
    advanced_data_type: input.advanced_data_type ?? null,
    extra: input.extra ?? null,
    is_active: flag(input.is_active, true),
    uuid: input.uuid ?? null,
  };
}

/** Only the fields the caller sent. */
export function columnPatch(input: DatasetColumnInput): Partial<ColumnWrite> {
  const patch: Partial<ColumnWrite> = { column_name: columnNameOf(input) };
  if (input.verbose_name !== undefined) patch.verbose_name = input.verbose_name;
  if (input.type !== undefined) patch.type = input.type;
  if (input.is_dttm !== undefined) patch.is_dttm = flag(input.is_dttm, false);
  if (input.groupby !== undefined) patch.groupby = flag(input.groupby, true);
  if (input.filterable !== undefined) patch.filterable = flag(input.filterable, true);
  if (input.expression !== undefined)
    patch.expression = input.expression?.trim() ? input.expression : null;
  if (input.description !== undefined) patch.description = input.description;
  if (input.python_date_format !== undefined) patch.python_date_format = input.python_date_format;
  if (input.advanced_data_type !== undefined) patch.advanced_data_type = input.advanced_data_type;
  if (input.extra !== undefined) patch.extra = input.extra;
  if (input.is_active !== undefined) patch.is_active = flag(input.is_active, true);
  return patch;
}

function currencyText(value: DatasetMetricInput['currency']): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return JSON.stringify(value);
}

export function newMetricWrite(input: DatasetMetricInput): MetricWrite {
  return {
    metric_name: input.metric_name.trim(),
    verbose_name: input.verbose_name ?? null,
    metric_type: input.metric_type ?? null,
    expression: input.expression,
    description: input.description ?? null,
    d3format: input.d3format ?? null,
    currency: currencyText(input.currency),
    warning_text: input.warning_text ?? null,
    extra: input.extra ?? null,
    uuid: input.uuid ?? null,
  };
}

export function metricPatch(input: DatasetMetricInput): Partial<MetricWrite> {
  const patch: Partial<MetricWrite> = {
    metric_name: input.metric_name.trim(),
    expression: input.expression,
  };
  if (input.verbose_name !== undefined) patch.verbose_name = input.verbose_name;
  if (input.metric_type !== undefined) patch.metric_type = input.metric_type;
  if (input.description !== undefined) patch.description = input.description;
  if (input.d3format !== undefined) patch.d3format = input.d3format;
  if (input.currency !== undefined) patch.currency = currencyText(input.currency);
  if (input.warning_text !== undefined) patch.warning_text = input.warning_text;
  if (input.extra !== undefined) patch.extra = input.extra;
  return patch;
}

export interface Plan<W> {
  create: W[];
  update: Array<{ id: number; patch: Partial<W> }>;
  remove: number[];
}

function duplicates(names: string[]): boolean {
  return new Set(names).size !== names.length;
}

/** A PUT's `columns`: validated against the dataset's current columns. */
export function planColumns(
  current: ColumnRow[],
  inputs: DatasetColumnInput[],
  override: boolean,
): Plan<ColumnWrite> {
  if (duplicates(inputs.map(columnNameOf))) throw invalid('columns', COLUMNS_DUPLICATED_MESSAGE);
  if (override) {
    return { create: inputs.map(newColumnWrite), update: [], remove: current.map((c) => c.id) };
  }
  const known = new Set(current.map((c) => c.id));
  for (const input of inputs) {
    if (input.id !== undefined && !known.has(input.id))
      throw invalid('columns', COLUMNS_NOT_FOUND_MESSAGE);
  }
  const kept = new Set(inputs.map((i) => i.id).filter((id): id is number => id !== undefined));
  return {
    create: inputs.filter((i) => i.id === undefined).map(newColumnWrite),
    update: inputs
      .filter((i): i is DatasetColumnInput & { id: number } => i.id !== undefined)
      .map((i) => ({ id: i.id, patch: columnPatch(i) })),
    remove: current.filter((c) => !kept.has(c.id)).map((c) => c.id),
  };
}

export function planMetrics(current: MetricRow[], inputs: DatasetMetricInput[]): Plan<MetricWrite> {
  if (duplicates(inputs.map((m) => m.metric_name.trim())))
    throw invalid('metrics', METRICS_DUPLICATED_MESSAGE);
  const known = new Set(current.map((m) => m.id));
  for (const input of inputs) {
    if (input.id !== undefined && !known.has(input.id))
      throw invalid('metrics', METRICS_NOT_FOUND_MESSAGE);
  }
  const kept = new Set(inputs.map((i) => i.id).filter((id): id is number => id !== undefined));
  return {
    create: inputs.filter((i) => i.id === undefined).map(newMetricWrite),
    update: inputs
      .filter((i): i is DatasetMetricInput & { id: number } => i.id !== undefined)
      .map((i) => ({ id: i.id, patch: metricPatch(i) })),
    remove: current.filter((m) => !kept.has(m.id)).map((m) => m.id),
  };
}

export function sourceColumnWrite(column: SourceColumn): ColumnWrite {
  return {
    column_name: column.name,
    verbose_name: null,
    type: column.type,
    is_dttm: column.is_dttm ? 1 : 0,
    groupby: 1,
    filterable: 1,
    expression: null,
    description: null,
    python_date_format: null,
    advanced_data_type: null,
    extra: null,
    is_active: 1,
  };
}

/**
 * A refresh: source columns update the type of the columns of the same name (a column that
 * became temporal is marked so; a mark set by hand stays), new ones are added, physical columns
 * gone from the source are dropped; calculated columns and metrics are untouched.
 */
export function planRefresh(current: ColumnRow[], source: SourceColumn[]): Plan<ColumnWrite> {
  const byName = new Map(current.map((c) => [c.column_name, c]));
  const sourceNames = new Set(source.map((c) => c.name));
  const plan: Plan<ColumnWrite> = { create: [], update: [], remove: [] };
  for (const column of source) {
    const existing = byName.get(column.name);
    if (!existing) {
      plan.create.push(sourceColumnWrite(column));
      continue;
    }
    if (existing.expression) continue;
    const patch: Partial<ColumnWrite> = {};
    if (existing.type !== column.type) patch.type = column.type;
    if (column.is_dttm && !existing.is_dttm) patch.is_dttm = 1;
    if (Object.keys(patch).length > 0) plan.update.push({ id: existing.id, patch });
  }
  for (const column of current) {
    if (!column.expression && !sourceNames.has(column.column_name)) plan.remove.push(column.id);
  }
  return plan;
}

/** The first temporal column, Superset's choice of main datetime column. */
export function firstTemporal(
  columns: Array<{ column_name: string; is_dttm: number }>,
): string | null {
  return columns.find((c) => c.is_dttm)?.column_name ?? null;
}
