import type { QueryContext } from '@tessera/shared/api/chartData';
import { applyFiltersChange, type FilterConfigItem } from '@tessera/shared/dashboard/nativeFilters';
import { api } from '../../../app/api.ts';
import { dashboardChart, dashboardItemAnswer } from '../../../test/answers.ts';

/**
 * A dashboard of three charts (5 and 6 in a row, 7 on a tab of its own) and a fake server that
 * notes every chart-data call, for the native filter tests.
 */

export const layout = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROW-2'], parents: ['ROOT_ID'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-5', 'CHART-6'], meta: {} },
  'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-7'], meta: {} },
  ...Object.fromEntries(
    [5, 6, 7].map((id) => [
      `CHART-${id}`,
      {
        id: `CHART-${id}`,
        type: 'CHART',
        children: [],
        meta: { chartId: id, width: 4, height: 20 },
      },
    ]),
  ),
};

/** The dashboard's one dataset, as `GET {id}/datasets` answers it. */
const FLIGHTS = {
  id: 1,
  uid: '1__table',
  type: 'table',
  name: 'flights',
  columns: [
    { column_name: 'origin', is_dttm: false, type_generic: 1 },
    { column_name: 'distance', is_dttm: false, type_generic: 0 },
    { column_name: 'date', is_dttm: true, type_generic: 2 },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

export const ORIGIN_FILTER: FilterConfigItem = {
  id: 'NATIVE_FILTER-origin',
  type: 'NATIVE_FILTER',
  name: 'Origin',
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'origin' } }],
  controlValues: { multiSelect: true, enableEmptyFilter: false },
  defaultDataMask: {},
  cascadeParentIds: [],
  // Chart 7 is left out of the filter's scope.
  scope: { rootPath: ['ROOT_ID'], excluded: [7] },
};

export interface ChartDataCall {
  sliceId: number | null;
  vizType: string;
  extraFormData: unknown;
  body: QueryContext;
}

export function fakeDashboardServer(options: {
  config: FilterConfigItem[];
  filterStates?: Record<string, string>;
  filterPuts?: unknown[];
  filterChanges?: unknown[];
  /** More of the dashboard's json_metadata. */
  metadata?: Record<string, unknown>;
  /** Value options are answered once this settles. */
  optionsHeld?: Promise<void>;
  /** Notes each `PUT /api/v1/dashboard/1` body; `refusePut` answers them 403. */
  dashboardPuts?: unknown[];
  refusePut?: boolean;
}) {
  let config = [...options.config];
  const calls: ChartDataCall[] = [];
  const stored = { ...(options.filterStates ?? {}) };
  api.configure({
    fetch: async (input, init) => {
      const path = String(input).split('?')[0];
      const method = init?.method ?? 'GET';
      if (path === '/api/v1/security/csrf_token/') return Response.json({ result: 't' });
      if (path === '/api/v1/dashboard/favorite_status/') return Response.json({ result: [] });
      if (path === '/api/v1/dashboard/1' && method === 'PUT') {
        options.dashboardPuts?.push(JSON.parse(String(init?.body)));
        return options.refusePut
          ? Response.json({ message: 'Forbidden' }, { status: 403 })
          : Response.json({ id: 1, result: {}, last_modified_time: 1_700_000_000 });
      }
      if (path === '/api/v1/dashboard/1') {
        return Response.json(
          dashboardItemAnswer({
            id: 1,
            dashboard_title: 'Flights',
            json_metadata: JSON.stringify({
              ...options.metadata,
              native_filter_configuration: config,
            }),
            position_json: JSON.stringify(layout),
            owners: [{ id: 1, first_name: 'A', last_name: 'B' }],
          }),
        );
      }
      if (path === '/api/v1/dashboard/1/charts') {
        return Response.json({
          result: [5, 6, 7].map((id) =>
            dashboardChart({
              id,
              slice_name: `Chart ${id}`,
              viz_type: 'big_number_total',
              form_data: { datasource: '1__table', viz_type: 'big_number_total', metric: 'count' },
            }),
          ),
        });
      }
      if (path === '/api/v1/dashboard/1/datasets') return Response.json({ result: [FLIGHTS] });
      if (path === '/api/v1/dataset/') {
        return Response.json({ count: 1, ids: [1], result: [{ id: 1, table_name: 'flights' }] });
      }
      if (path === '/api/v1/dashboard/1/filters' && method === 'PUT') {
        const change = JSON.parse(String(init?.body)) as {
          modified: Record<string, unknown>[];
          deleted: string[];
          reordered: string[];
        };
        options.filterChanges?.push(change);
        config = applyFiltersChange(config, change) as FilterConfigItem[];
        return Response.json({ result: config });
      }
      const state = /^\/api\/v1\/dashboard\/1\/filter_state(?:\/(.+))?$/.exec(path);
      if (state) {
        if (method === 'GET') {
          const value = stored[state[1] ?? ''];
          return value === undefined
            ? Response.json({ message: 'Not found' }, { status: 404 })
            : Response.json({ value });
        }
        const key = state[1] ?? `key${Object.keys(stored).length + 1}`;
        stored[key] = (JSON.parse(String(init?.body)) as { value: string }).value;
        options.filterPuts?.push({ method, key, value: stored[key] });
        return Response.json({ key }, { status: method === 'POST' ? 201 : 200 });
      }
      if (path === '/api/v1/chart/data/batch') {
        return Response.json({ message: 'Not found' }, { status: 404 });
      }
      if (path === '/api/v1/chart/data') {
        const body = JSON.parse(String(init?.body)) as QueryContext;
        const formData = (body.form_data ?? {}) as Record<string, unknown>;
        calls.push({
          sliceId: typeof formData.slice_id === 'number' ? formData.slice_id : null,
          vizType: String(formData.viz_type),
          extraFormData: formData.extra_form_data,
          body,
        });
        if (formData.viz_type === 'filter_range') {
          return Response.json({
            result: [{ data: [{ min: 10, max: 500 }], colnames: ['min', 'max'], rowcount: 1 }],
          });
        }
        if (formData.viz_type === 'filter_select') {
          await options.optionsHeld;
          return Response.json({
            result: [
              { data: [{ origin: 'LAX' }, { origin: 'SFO' }], colnames: ['origin'], rowcount: 2 },
            ],
          });
        }
        return Response.json({
          result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }],
        });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    },
  });
  return { calls, stored };
}

/** The chart queries (not the filters' own option queries) made so far. */
export const chartQueries = (calls: readonly ChartDataCall[]) =>
  calls.filter((call) => call.sliceId !== null);
