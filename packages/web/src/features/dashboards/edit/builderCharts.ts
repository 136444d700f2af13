import type { ListQuery } from '@tessera/shared/api/common';
import type { DashboardChart } from '@tessera/shared/api/dashboards';
import { chartRoutes } from '@tessera/shared/api/routes/charts';
import { exploreRoutes } from '@tessera/shared/api/routes/explore';
import { getQueryBuilder } from '@tessera/shared/viz/queryBuilders';
import type { DatasourceMeta } from '@tessera/shared/viz/types';
import type { ApiClient } from '../../../app/api.ts';
import { chartsRefreshRequested } from '../state/chartsSlice.ts';
import { dashboardInfoLoaded } from '../state/dashboardInfoSlice.ts';
import type { DashboardThunk } from '../state/store.ts';
import type { BuilderChart } from './dragData.ts';

/**
 * The builder pane's charts: the spec's chart-list call (section 7), and what adding one of them
 * to the page takes (its definition in the page's state so the chart holder can draw it).
 */

export const FETCH_CHARTS_ERROR = 'Could not fetch all saved charts';
export const fetchChartsErrorMessage = (error: string) =>
  `Sorry there was an error fetching saved charts: ${error}`;
export const NO_CHART_DEFINITION_MESSAGE =
  'Sorry, there is no chart definition associated with the chart trying to be added.';

/** Page size and order of the spec's chart list (section 9: 200; changed_on descending). */
export const BUILDER_PAGE_SIZE = 200;

export const BUILDER_CHART_COLUMNS = [
  'changed_on_delta_humanized',
  'changed_on_utc',
  'datasource_id',
  'datasource_type',
  'datasource_url',
  'datasource_name_text',
  'description',
  'id',
  'params',
  'slice_name',
  'thumbnail_url',
  'url',
  'uuid',
  'viz_type',
  'owners.id',
  'created_by.id',
];

/** `GET /api/v1/chart/?q=(columns:..., filters:!(...), page_size:200, order_column:..., order_direction:desc)`. */
export function builderChartsQuery(search: string, userId: number | null | undefined): ListQuery {
  const filters: NonNullable<ListQuery['filters']> = [];
  if (search.trim())
    filters.push({ col: 'slice_name', opr: 'chart_all_text', value: search.trim() });
  if (typeof userId === 'number') filters.push({ col: 'owners', opr: 'rel_m_m', value: userId });
  return {
    columns: BUILDER_CHART_COLUMNS,
    filters,
    page_size: BUILDER_PAGE_SIZE,
    order_column: 'changed_on_delta_humanized',
    order_direction: 'desc',
  };
}

export async function fetchBuilderCharts(
  api: ApiClient,
  search: string,
  userId: number | null | undefined,
  signal?: AbortSignal,
): Promise<BuilderChart[]> {
  const answer = await api.call(chartRoutes.list, {
    q: builderChartsQuery(search, userId),
    signal,
  });
  // The rows carry BUILDER_CHART_COLUMNS, which the call names.
  return answer.result as BuilderChart[];
}

/** A chart can be added when its type has a definition here. */
export const hasChartDefinition = (chart: Pick<BuilderChart, 'viz_type'> | undefined) =>
  !!chart?.viz_type && !!getQueryBuilder(chart.viz_type);

function formDataOf(chart: BuilderChart): Record<string, unknown> {
  try {
    const parsed = JSON.parse(chart.params || '{}') as Record<string, unknown>;
    return { ...parsed, viz_type: chart.viz_type, slice_id: chart.id };
  } catch {
    return { viz_type: chart.viz_type, slice_id: chart.id };
  }
}

function toDashboardChart(chart: BuilderChart): DashboardChart {
  const changed = chart.changed_on_utc ?? new Date().toISOString();
  return {
    id: chart.id,
    uuid: chart.uuid ?? '',
    slice_name: chart.slice_name,
    slice_url: chart.url ?? `/explore/?slice_id=${chart.id}`,
    viz_type: chart.viz_type,
    form_data: formDataOf(chart),
    description: chart.description ?? null,
    description_markdown: chart.description ?? '',
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    changed_on: changed,
    changed_on_humanized: chart.changed_on_delta_humanized ?? '',
    modified: chart.changed_on_delta_humanized ?? '',
    datasource_id: chart.datasource_id ?? null,
    datasource_type: chart.datasource_type ?? null,
    datasource_name_text: chart.datasource_name_text ?? null,
    datasource_url: chart.datasource_url ?? null,
    is_managed_externally: false,
    owners: (chart.owners ?? []).map((o) => ({ id: o.id, first_name: '', last_name: '' })),
    thumbnail_url: chart.thumbnail_url ?? null,
  };
}

/**
 * Makes a chart just dropped from the builder pane drawable: its definition joins the page's
 * charts, its dataset's metadata is fetched when the page does not have it yet, and it is queued
 * to query when in view.
 */
export function registerAddedChart(chart: BuilderChart): DashboardThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    const state = getState().dashboardInfo;
    const slice = state.slices[chart.id] ?? toDashboardChart(chart);
    const key = String(
      slice.form_data.datasource ?? `${chart.datasource_id}__${chart.datasource_type ?? 'table'}`,
    );
    let datasources = state.datasources;
    if (chart.datasource_id && !datasources[key]) {
      try {
        const answer = await api.call(exploreRoutes.get, { query: { slice_id: chart.id } });
        const dataset = answer.result.dataset as unknown as DatasourceMeta | null;
        if (dataset) datasources = { ...datasources, [key]: dataset };
      } catch {
        // The chart still draws without dataset metadata (verbose names fall back to columns).
      }
    }
    const now = getState().dashboardInfo;
    dispatch(
      dashboardInfoLoaded({
        ...now,
        slices: { ...now.slices, [chart.id]: slice },
        datasources: { ...now.datasources, ...datasources },
      }),
    );
    dispatch(chartsRefreshRequested({ ids: [chart.id], force: false }));
  };
}
