import type { DatasetColumn, DatasetItem, DatasetMetric } from '@tessera/shared/api/datasets';
import rison from 'rison-node';
import { vi } from 'vitest';

/**
 * A stand-in for the server in component tests: `fetch` is replaced (the app's one API client
 * is the real one) and answers the routes given, the way the server answers them.
 */

export interface FakeCall {
  method: string;
  path: string;
  /** The decoded rison `q`, if any. */
  q: unknown;
  body: unknown;
}

export type FakeReply = { status?: number; body?: unknown };
export type FakeRoute = [
  method: string,
  path: RegExp,
  reply: FakeReply | ((call: FakeCall) => FakeReply),
];

export function fakeServer(routes: FakeRoute[]) {
  const calls: FakeCall[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const qText = url.searchParams.get('q');
    const call: FakeCall = {
      method,
      path: url.pathname,
      q: qText === null ? undefined : rison.decode(qText),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    if (url.pathname === '/api/v1/security/csrf_token/') {
      return Response.json({ result: 'token' });
    }
    calls.push(call);
    const route = routes.find(([m, pattern]) => m === method && pattern.test(url.pathname));
    if (!route) return Response.json({ message: 'Not found' }, { status: 404 });
    const reply = typeof route[2] === 'function' ? route[2](call) : route[2];
    return Response.json(reply.body ?? {}, { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchImpl);
  return {
    calls,
    /** The calls made with this method to paths matching `path`. */
    made: (method: string, path: RegExp) =>
      calls.filter((c) => c.method === method && path.test(c.path)),
  };
}

const STAMP = '2026-01-05T10:00:00.000Z';

export function columnFixture(
  id: number,
  name: string,
  patch: Partial<DatasetColumn> = {},
): DatasetColumn {
  return {
    id,
    uuid: `c-${id}`,
    column_name: name,
    verbose_name: null,
    type: 'DOUBLE',
    type_generic: 0,
    is_dttm: false,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
    python_date_format: null,
    advanced_data_type: null,
    is_active: true,
    extra: null,
    warning_markdown: null,
    certified_by: null,
    certification_details: null,
    is_certified: false,
    created_on: STAMP,
    changed_on: STAMP,
    ...patch,
  };
}

export function metricFixture(
  id: number,
  name: string,
  expression: string,
  patch: Partial<DatasetMetric> = {},
): DatasetMetric {
  return {
    id,
    uuid: `m-${id}`,
    metric_name: name,
    verbose_name: null,
    metric_type: null,
    expression,
    description: null,
    d3format: null,
    currency: null,
    warning_text: null,
    extra: null,
    warning_markdown: null,
    certified_by: null,
    certification_details: null,
    is_certified: false,
    created_on: STAMP,
    changed_on: STAMP,
    ...patch,
  };
}

/** The `cars` example as GET /api/v1/dataset/{id} answers it. */
export function datasetFixture(patch: Partial<DatasetItem> = {}): DatasetItem {
  return {
    id: 7,
    uuid: 'd-7',
    uid: '7__table',
    name: 'main.cars',
    datasource_name: 'cars',
    datasource_type: 'table',
    kind: 'physical',
    table_name: 'cars',
    database: {
      id: 1,
      database_name: 'examples',
      uuid: 'db-1',
      backend: 'duckdb',
      allow_multi_catalog: false,
    },
    catalog: null,
    schema: 'main',
    sql: null,
    description: null,
    main_dttm_col: 'year',
    currency_code_column: null,
    default_endpoint: null,
    offset: 0,
    cache_timeout: null,
    is_sqllab_view: false,
    template_params: null,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    normalize_columns: false,
    always_filter_main_dttm: false,
    is_managed_externally: false,
    external_url: null,
    extra: '{"owner_team": "data"}',
    select_star: null,
    url: '/tablemodelview/edit/7',
    owners: [{ id: 7, first_name: 'Sam', last_name: 'Tester' }],
    columns: [
      columnFixture(1, 'horsepower', { type: 'INTEGER' }),
      columnFixture(2, 'year', { type: 'DATE', type_generic: 2, is_dttm: true }),
      columnFixture(3, 'power_to_weight', { expression: 'horsepower / weight_in_lbs' }),
    ],
    metrics: [metricFixture(11, 'count', 'COUNT(*)')],
    folders: null,
    column_formats: {},
    verbose_map: {},
    granularity_sqla: [['year', 'year']],
    time_grain_sqla: [
      ['P1D', 'Day'],
      ['P1M', 'Month'],
    ],
    order_by_choices: [],
    created_on: STAMP,
    created_on_humanized: '2 days ago',
    created_by: { first_name: 'Sam', last_name: 'Tester' },
    changed_on: STAMP,
    changed_on_humanized: '2 days ago',
    changed_by: { first_name: 'Sam', last_name: 'Tester' },
    ...patch,
  };
}
