import type { Config, Problems } from './files.ts';

/**
 * The fields each bundle file must carry, after Superset's ImportV1*Schema classes, checked before
 * anything is written. Problems come back the way marshmallow words them (`{field: [message]}`,
 * list items keyed by index), which is what Superset clients show.
 */

type Scalar =
  | 'uuid!'
  | 'name!'
  | 'string!'
  | 'string'
  | 'bool'
  | 'int'
  | 'mapping!'
  | 'mapping'
  | 'json';
type Rule = Scalar | { list: Shape };
type Shape = Record<string, Rule>;

const MISSING = 'Missing data for required field.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isMapping = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

const COLUMN: Shape = {
  column_name: 'name!',
  verbose_name: 'string',
  type: 'string',
  is_dttm: 'bool',
  is_active: 'bool',
  groupby: 'bool',
  filterable: 'bool',
  expression: 'string',
  description: 'string',
  python_date_format: 'string',
  advanced_data_type: 'string',
  extra: 'json',
};

const METRIC: Shape = {
  metric_name: 'name!',
  expression: 'name!',
  verbose_name: 'string',
  metric_type: 'string',
  description: 'string',
  d3format: 'string',
  warning_text: 'string',
  currency: 'json',
  extra: 'json',
};

export const SHAPES: Record<string, Shape> = {
  'databases/': {
    database_name: 'name!',
    sqlalchemy_uri: 'name!',
    uuid: 'uuid!',
    cache_timeout: 'int',
    expose_in_sqllab: 'bool',
    allow_run_async: 'bool',
    allow_ctas: 'bool',
    allow_cvas: 'bool',
    allow_dml: 'bool',
    allow_file_upload: 'bool',
    allow_csv_upload: 'bool',
    extra: 'json',
  },
  'datasets/': {
    table_name: 'name!',
    uuid: 'uuid!',
    database_uuid: 'uuid!',
    catalog: 'string',
    schema: 'string',
    sql: 'string',
    main_dttm_col: 'string',
    description: 'string',
    default_endpoint: 'string',
    fetch_values_predicate: 'string',
    offset: 'int',
    cache_timeout: 'int',
    params: 'json',
    template_params: 'json',
    extra: 'json',
    filter_select_enabled: 'bool',
    normalize_columns: 'bool',
    always_filter_main_dttm: 'bool',
    columns: { list: COLUMN },
    metrics: { list: METRIC },
  },
  'charts/': {
    slice_name: 'name!',
    viz_type: 'name!',
    uuid: 'uuid!',
    dataset_uuid: 'uuid!',
    params: 'json',
    query_context: 'json',
    description: 'string',
    certified_by: 'string',
    certification_details: 'string',
    cache_timeout: 'int',
  },
  'dashboards/': {
    dashboard_title: 'string!',
    uuid: 'uuid!',
    position: 'mapping!',
    metadata: 'mapping!',
    description: 'string',
    css: 'string',
    slug: 'string',
    certified_by: 'string',
    certification_details: 'string',
    published: 'bool',
  },
};

function checkScalar(rule: Scalar, value: unknown): string | null {
  const required = rule.endsWith('!');
  if (value === undefined || (value === null && required)) return required ? MISSING : null;
  if (value === null) return null;
  switch (rule) {
    case 'uuid!':
      return typeof value === 'string' && UUID.test(value) ? null : 'Not a valid UUID.';
    case 'name!':
      if (typeof value !== 'string') return 'Not a valid string.';
      return value.trim() === '' ? 'Must not be empty.' : null;
    case 'string!':
    case 'string':
      return typeof value === 'string' ? null : 'Not a valid string.';
    case 'bool':
      return typeof value === 'boolean' ? null : 'Not a valid boolean.';
    case 'int':
      return Number.isInteger(value) ? null : 'Not a valid integer.';
    case 'mapping!':
    case 'mapping':
      return isMapping(value) ? null : 'Not a valid mapping type.';
    case 'json':
      // Superset writes these as objects; older bundles carry them as JSON text.
      return isMapping(value) || typeof value === 'string' ? null : 'Not a valid mapping type.';
  }
}

function checkShape(shape: Shape, config: Config): Problems {
  const problems: Problems = {};
  for (const [field, rule] of Object.entries(shape)) {
    const value = config[field];
    if (typeof rule === 'string') {
      const problem = checkScalar(rule, value);
      if (problem) problems[field] = [problem];
      continue;
    }
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) {
      problems[field] = ['Not a valid list.'];
      continue;
    }
    const items: Problems = {};
    value.forEach((item, index) => {
      if (!isMapping(item)) {
        items[index] = { _schema: ['Invalid input type.'] };
        return;
      }
      const inner = checkShape(rule.list, item as Config);
      if (Object.keys(inner).length) items[index] = inner;
    });
    if (Object.keys(items).length) problems[field] = items;
  }
  return problems;
}

/** Problems of one file by the folder it sits in; null when it is fine or not a known kind. */
export function checkFile(path: string, config: Config): Problems | null {
  const prefix = Object.keys(SHAPES).find((p) => path.startsWith(p));
  if (!prefix) return null;
  const problems = checkShape(SHAPES[prefix] as Shape, config);
  return Object.keys(problems).length ? problems : null;
}
