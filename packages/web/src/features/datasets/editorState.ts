import type {
  DatasetColumn,
  DatasetColumnInput,
  DatasetItem,
  DatasetMetric,
  DatasetMetricInput,
  DatasetUpdateBody,
} from '@tessera/shared/api/datasets';
import { parseJsonObject } from '@tessera/shared/json';

/**
 * The dataset editor works on a draft: plain text fields (an empty box means "not set"), rows
 * keyed for React, ids kept so the PUT updates rows instead of recreating them. The functions
 * here turn a dataset into a draft, a draft into the PUT body, and find what it says is wrong.
 */

export interface ColumnDraft {
  key: string;
  id?: number;
  column_name: string;
  verbose_name: string;
  type: string;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  /** Set for calculated columns only. */
  expression: string;
  description: string;
  python_date_format: string;
  warning_markdown: string;
  certified_by: string;
  certification_details: string;
  /** The stored `extra` JSON, so keys the editor does not show survive a save. */
  extra: string | null;
  calculated: boolean;
}

export interface MetricDraft {
  key: string;
  id?: number;
  metric_name: string;
  verbose_name: string;
  expression: string;
  d3format: string;
  currency_symbol: string;
  currency_position: 'prefix' | 'suffix';
  description: string;
  warning_text: string;
  certified_by: string;
  certification_details: string;
  extra: string | null;
}

export interface SettingsDraft {
  table_name: string;
  description: string;
  main_dttm_col: string;
  default_time_grain: string;
  /** Seconds, as typed; empty uses the database's timeout. */
  cache_timeout: string;
  owners: number[];
  sql: string;
  template_params: string;
  certified_by: string;
  certification_details: string;
  warning_markdown: string;
  filter_select_enabled: boolean;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  extra: string | null;
}

export interface DatasetDraft {
  settings: SettingsDraft;
  columns: ColumnDraft[];
  metrics: MetricDraft[];
}

let keySeed = 0;
/** A key for a row the server has not stored yet. */
export function newRowKey(prefix: string): string {
  keySeed += 1;
  return `${prefix}-new-${keySeed}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Certification and warning kept in a dataset's (or column's, metric's) `extra` JSON. */
export function certificationFromExtra(extraText: string | null | undefined) {
  return certificationOf(parseJsonObject(extraText));
}

function certificationOf(extra: Record<string, unknown>) {
  const certification = parseJsonObject(JSON.stringify(extra.certification ?? null));
  return {
    certified_by: text(certification.certified_by),
    certification_details: text(certification.details),
    warning_markdown: text(extra.warning_markdown),
  };
}

/**
 * `extra` with the editor's certification and warning written in: empty values remove their key,
 * other keys stay; nothing left gives null.
 */
export function mergeExtra(
  stored: string | null,
  fields: { certified_by: string; certification_details: string; warning_markdown?: string },
  more: Record<string, string> = {},
): string | null {
  const extra = parseJsonObject(stored);
  delete extra.certification;
  if (fields.certified_by.trim() || fields.certification_details.trim()) {
    extra.certification = {
      certified_by: fields.certified_by.trim() || null,
      details: fields.certification_details.trim() || null,
    };
  }
  const extraFields: Record<string, string> = { ...more };
  if (fields.warning_markdown !== undefined) extraFields.warning_markdown = fields.warning_markdown;
  for (const [name, value] of Object.entries(extraFields)) {
    if (value.trim()) extra[name] = value;
    else delete extra[name];
  }
  return Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
}

export function columnDraft(column: DatasetColumn): ColumnDraft {
  return {
    key: `column-${column.id}`,
    id: column.id,
    column_name: column.column_name,
    verbose_name: column.verbose_name ?? '',
    type: column.type ?? '',
    is_dttm: column.is_dttm,
    groupby: column.groupby,
    filterable: column.filterable,
    expression: column.expression ?? '',
    description: column.description ?? '',
    python_date_format: column.python_date_format ?? '',
    warning_markdown: column.warning_markdown ?? '',
    certified_by: column.certified_by ?? '',
    certification_details: column.certification_details ?? '',
    extra: column.extra,
    calculated: Boolean(column.expression?.trim()),
  };
}

export function newCalculatedColumn(): ColumnDraft {
  return {
    key: newRowKey('column'),
    column_name: '',
    verbose_name: '',
    type: '',
    is_dttm: false,
    groupby: true,
    filterable: true,
    expression: '',
    description: '',
    python_date_format: '',
    warning_markdown: '',
    certified_by: '',
    certification_details: '',
    extra: null,
    calculated: true,
  };
}

export function metricDraft(metric: DatasetMetric): MetricDraft {
  return {
    key: `metric-${metric.id}`,
    id: metric.id,
    metric_name: metric.metric_name,
    verbose_name: metric.verbose_name ?? '',
    expression: metric.expression,
    d3format: metric.d3format ?? '',
    currency_symbol: metric.currency?.symbol ?? '',
    currency_position: metric.currency?.symbolPosition === 'suffix' ? 'suffix' : 'prefix',
    description: metric.description ?? '',
    warning_text: metric.warning_text ?? '',
    certified_by: metric.certified_by ?? '',
    certification_details: metric.certification_details ?? '',
    extra: metric.extra,
  };
}

export function newMetric(): MetricDraft {
  return {
    key: newRowKey('metric'),
    metric_name: '',
    verbose_name: '',
    expression: '',
    d3format: '',
    currency_symbol: '',
    currency_position: 'prefix',
    description: '',
    warning_text: '',
    certified_by: '',
    certification_details: '',
    extra: null,
  };
}

export function draftFromDataset(dataset: DatasetItem): DatasetDraft {
  const extra = parseJsonObject(dataset.extra);
  const certification = certificationOf(extra);
  return {
    settings: {
      table_name: dataset.table_name,
      description: dataset.description ?? '',
      main_dttm_col: dataset.main_dttm_col ?? '',
      default_time_grain: text(extra.default_time_grain),
      cache_timeout: dataset.cache_timeout === null ? '' : String(dataset.cache_timeout),
      owners: dataset.owners.map((owner) => owner.id),
      sql: dataset.sql ?? '',
      template_params: dataset.template_params ?? '',
      ...certification,
      filter_select_enabled: dataset.filter_select_enabled,
      normalize_columns: dataset.normalize_columns,
      always_filter_main_dttm: dataset.always_filter_main_dttm,
      extra: dataset.extra,
    },
    columns: dataset.columns.map(columnDraft),
    metrics: dataset.metrics.map(metricDraft),
  };
}

const orNull = (value: string): string | null => (value.trim() ? value : null);

function columnInput(column: ColumnDraft): DatasetColumnInput {
  return {
    ...(column.id !== undefined ? { id: column.id } : {}),
    column_name: column.column_name.trim(),
    verbose_name: orNull(column.verbose_name.trim()),
    type: orNull(column.type.trim()),
    is_dttm: column.is_dttm,
    groupby: column.groupby,
    filterable: column.filterable,
    expression: column.calculated ? column.expression : null,
    description: orNull(column.description),
    python_date_format: orNull(column.python_date_format.trim()),
    extra: mergeExtra(column.extra, column),
  };
}

function metricInput(metric: MetricDraft): DatasetMetricInput {
  const symbol = metric.currency_symbol.trim();
  return {
    ...(metric.id !== undefined ? { id: metric.id } : {}),
    metric_name: metric.metric_name.trim(),
    verbose_name: orNull(metric.verbose_name.trim()),
    expression: metric.expression,
    d3format: orNull(metric.d3format.trim()),
    currency: symbol ? { symbol, symbolPosition: metric.currency_position } : null,
    description: orNull(metric.description),
    warning_text: orNull(metric.warning_text),
    extra: mergeExtra(metric.extra, metric),
  };
}

/**
 * The PUT body for a draft. Owners go only when the editor may change them (admins): for others
 * the server keeps the stored ones. A physical dataset's name is its table and is not sent.
 */
export function updateBody(
  draft: DatasetDraft,
  options: { virtual: boolean; sendOwners: boolean },
): DatasetUpdateBody {
  const { settings } = draft;
  const timeout = settings.cache_timeout.trim();
  return {
    ...(options.virtual
      ? {
          table_name: settings.table_name.trim(),
          sql: settings.sql,
          template_params: orNull(settings.template_params.trim()),
        }
      : {}),
    description: orNull(settings.description),
    main_dttm_col: orNull(settings.main_dttm_col),
    cache_timeout: timeout === '' ? null : Number(timeout),
    filter_select_enabled: settings.filter_select_enabled,
    normalize_columns: settings.normalize_columns,
    always_filter_main_dttm: settings.always_filter_main_dttm,
    extra: mergeExtra(settings.extra, settings, {
      default_time_grain: settings.default_time_grain,
    }),
    ...(options.sendOwners ? { owners: settings.owners } : {}),
    columns: draft.columns.map(columnInput),
    metrics: draft.metrics.map(metricInput),
  };
}

/** Problems the editor can see before asking the server, keyed by row key or settings field. */
export type DraftProblems = Record<string, string>;

function templateParamsProblem(value: string): string | null {
  if (!value.trim()) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return null;
    return 'Template parameters must be a JSON object.';
  } catch {
    return 'Template parameters are not valid JSON.';
  }
}

/** Missing names and expressions, duplicates, a bad timeout or template parameters. */
export function draftProblems(draft: DatasetDraft, options: { virtual: boolean }): DraftProblems {
  const problems: DraftProblems = {};
  const { settings } = draft;
  if (options.virtual && !settings.table_name.trim())
    problems.table_name = 'The dataset needs a name.';
  if (options.virtual && !settings.sql.trim()) problems.sql = 'A virtual dataset needs SQL.';
  const timeout = settings.cache_timeout.trim();
  if (timeout && !/^\d+$/.test(timeout))
    problems.cache_timeout = 'The cache timeout is a whole number of seconds.';
  const params = templateParamsProblem(settings.template_params);
  if (params) problems.template_params = params;

  const seenColumns = new Set<string>();
  for (const column of draft.columns) {
    const name = column.column_name.trim();
    if (!name) problems[column.key] = 'The column needs a name.';
    else if (seenColumns.has(name)) problems[column.key] = `Another column is named "${name}".`;
    else if (column.calculated && !column.expression.trim())
      problems[column.key] = 'A calculated column needs a SQL expression.';
    seenColumns.add(name);
  }
  const seenMetrics = new Set<string>();
  for (const metric of draft.metrics) {
    const name = metric.metric_name.trim();
    if (!name) problems[metric.key] = 'The metric needs a name.';
    else if (seenMetrics.has(name)) problems[metric.key] = `Another metric is named "${name}".`;
    else if (!metric.expression.trim()) problems[metric.key] = 'The metric needs a SQL expression.';
    seenMetrics.add(name);
  }
  return problems;
}

export interface LocatedError {
  kind: 'column' | 'metric';
  key: string;
}

/**
 * The row a server message is about: the engine check answers `Invalid expression for metric
 * "name": ...` (or `column "name"`), which names the row; other messages belong to no row.
 */
export function locateServerError(message: string, draft: DatasetDraft): LocatedError | null {
  const match = /\b(metric|column) "((?:[^"\\]|\\.)*)"/.exec(message);
  if (!match) return null;
  const [, kind, name] = match;
  if (kind === 'metric') {
    const metric = draft.metrics.find((m) => m.metric_name.trim() === name);
    return metric ? { kind: 'metric', key: metric.key } : null;
  }
  const column = draft.columns.find((c) => c.column_name.trim() === name);
  return column ? { kind: 'column', key: column.key } : null;
}

export function isDirty(draft: DatasetDraft, saved: DatasetDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(saved);
}
