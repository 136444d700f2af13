import type { ChartListRow, ChartWriteAnswer, ChartWriteResult } from '@tessera/shared/api/charts';
import type { DashboardChart, DashboardItem } from '@tessera/shared/api/dashboards';

/**
 * Whole answers for test fakes. In tests the API client checks every answer against its route's
 * schema, so a fake answers what the server would: these give every field, and a test overrides
 * the ones it is about.
 */

export function dashboardItem(overrides: Partial<DashboardItem> = {}): DashboardItem {
  return {
    id: 1,
    uuid: 'dashboard-1',
    slug: null,
    url: '/superset/dashboard/1/',
    dashboard_title: 'Dashboard',
    thumbnail_url: null,
    published: true,
    css: '',
    json_metadata: '{}',
    position_json: null,
    certified_by: null,
    certification_details: null,
    description: null,
    changed_on: '2024-01-01T00:00:00',
    changed_on_humanized: 'a day ago',
    changed_on_delta_humanized: 'a day ago',
    changed_by: null,
    changed_by_name: '',
    created_on_delta_humanized: 'a week ago',
    created_by: null,
    charts: [],
    owners: [],
    roles: [],
    tags: [],
    is_managed_externally: false,
    external_url: null,
    ...overrides,
  };
}

/** `GET /api/v1/dashboard/{id}`: `{id, result}`. */
export const dashboardItemAnswer = (overrides: Partial<DashboardItem> = {}) => {
  const result = dashboardItem(overrides);
  return { id: result.id, result };
};

export function chartListRow(overrides: Partial<ChartListRow> = {}): ChartListRow {
  return {
    id: 1,
    uuid: 'chart-1',
    slice_name: 'Chart',
    url: '/explore/?slice_id=1',
    viz_type: 'table',
    params: null,
    description: null,
    cache_timeout: null,
    datasource_id: null,
    datasource_type: null,
    datasource_name_text: null,
    datasource_url: null,
    certified_by: null,
    certification_details: null,
    changed_on_delta_humanized: 'a day ago',
    changed_on_utc: '2024-01-01T00:00:00+00:00',
    changed_by: null,
    changed_by_name: '',
    created_by: null,
    created_on_delta_humanized: 'a week ago',
    owners: [],
    dashboards: [],
    last_saved_at: null,
    last_saved_by: null,
    thumbnail_url: '',
    is_managed_externally: false,
    tags: [],
    ...overrides,
  };
}

/** One chart of `GET /api/v1/dashboard/{id}/charts`. */
export function dashboardChart(overrides: Partial<DashboardChart> = {}): DashboardChart {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `chart-${id}`,
    slice_name: `Chart ${id}`,
    slice_url: `/explore/?slice_id=${id}`,
    viz_type: 'table',
    form_data: {},
    description: null,
    description_markdown: '',
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    changed_on: '2024-01-01T00:00:00',
    changed_on_humanized: 'a day ago',
    modified: '',
    datasource_id: null,
    datasource_type: null,
    datasource_name_text: null,
    datasource_url: null,
    is_managed_externally: false,
    owners: [],
    thumbnail_url: null,
    ...overrides,
  };
}

/** `POST /api/v1/chart/` and `PUT /api/v1/chart/{id}`: the id and the fields as stored. */
export function chartWriteAnswer(
  id: number,
  overrides: Partial<ChartWriteResult> = {},
): ChartWriteAnswer {
  return {
    id,
    result: {
      slice_name: `Chart ${id}`,
      viz_type: 'table',
      params: null,
      query_context: null,
      description: null,
      cache_timeout: null,
      datasource_id: null,
      datasource_type: null,
      owners: [],
      dashboards: [],
      certified_by: null,
      certification_details: null,
      ...overrides,
    },
    last_modified_time: 0,
  };
}
