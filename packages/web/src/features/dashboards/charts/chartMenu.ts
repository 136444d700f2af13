import type { QueryContext } from '@tessera/shared/api/chartData';
import type { QueryFormData } from '@tessera/shared/viz/types';
import type { DashboardPermissions } from '../pageContext.ts';

/**
 * The chart action menu of a dashboard chart: which entries a user sees (each hidden without
 * its permission) and what the data exports send.
 */

export type ChartMenuKey =
  | 'explore'
  | 'export_csv'
  | 'export_pivot_csv'
  | 'export_full_csv'
  | 'export_xlsx'
  | 'export_full_xlsx'
  | 'download_image'
  | 'force_refresh'
  | 'fullscreen'
  | 'toggle_description'
  | 'view_query'
  | 'view_results'
  | 'drill_to_detail'
  | 'cross_filter_scoping'
  | 'share_copy_link'
  | 'share_email'
  | 'edit_properties';

export const CHART_MENU_LABELS: Record<ChartMenuKey, string> = {
  explore: 'Edit chart',
  export_csv: 'Export to .CSV',
  export_pivot_csv: 'Export to Pivoted .CSV',
  export_full_csv: 'Export to full .CSV',
  export_xlsx: 'Export to Excel',
  export_full_xlsx: 'Export to full Excel',
  download_image: 'Download as image',
  force_refresh: 'Force refresh',
  fullscreen: 'Maximize chart',
  toggle_description: 'Toggle chart description',
  view_query: 'View query',
  view_results: 'View as table',
  drill_to_detail: 'Drill to detail',
  cross_filter_scoping: 'Cross-filter scoping',
  share_copy_link: 'Copy permalink to clipboard',
  share_email: 'Share chart by email',
  edit_properties: 'Edit chart properties',
};

/** Chart types whose clicks emit a cross-filter (Superset's INTERACTIVE_CHART behaviour). */
export const CROSS_FILTER_VIZ_TYPES: ReadonlySet<string> = new Set([
  'table',
  'pivot_table_v2',
  'echarts_timeseries_bar',
  'echarts_timeseries_line',
  'echarts_timeseries_step',
  'echarts_area',
  'echarts_timeseries_scatter',
  'pie',
  'funnel',
  'world_map',
  'heatmap_v2',
  'sunburst_v2',
  'treemap_v2',
  'graph_chart',
  'word_cloud',
]);

/** Chart types whose full result is worth exporting beyond the chart's row limit. */
const TABLE_LIKE = new Set(['table', 'pivot_table_v2']);

export interface ChartMenuInput {
  permissions: DashboardPermissions;
  vizType: string;
  hasDescription: boolean;
  drillToDetail: boolean;
  canOverwriteChart: boolean;
  /** The dashboard has cross-filters on (`cross_filters_enabled`). */
  crossFiltersEnabled?: boolean;
}

export function chartMenuKeys(input: ChartMenuInput): ChartMenuKey[] {
  const p = input.permissions;
  const keys: ChartMenuKey[] = ['force_refresh', 'fullscreen'];
  if (input.hasDescription) keys.push('toggle_description');
  if (p.canExplore) keys.push('explore', 'view_query', 'view_results');
  if (p.canExplore && input.drillToDetail) keys.push('drill_to_detail');
  // Scoping is saved with the dashboard: only for those who may edit it.
  if (p.canEdit && input.crossFiltersEnabled && CROSS_FILTER_VIZ_TYPES.has(input.vizType)) {
    keys.push('cross_filter_scoping');
  }
  if (p.canShareChart) keys.push('share_copy_link', 'share_email');
  if (p.canCsv) {
    keys.push('export_csv');
    if (input.vizType === 'pivot_table_v2') keys.push('export_pivot_csv');
    if (TABLE_LIKE.has(input.vizType)) keys.push('export_full_csv');
    keys.push('export_xlsx');
    if (TABLE_LIKE.has(input.vizType)) keys.push('export_full_xlsx');
  }
  keys.push('download_image');
  if (p.canWriteChart && input.canOverwriteChart) keys.push('edit_properties');
  return keys;
}

export type ExportKind = Extract<
  ChartMenuKey,
  'export_csv' | 'export_pivot_csv' | 'export_full_csv' | 'export_xlsx' | 'export_full_xlsx'
>;

/** The form data and the result type/format of one data export. */
export function exportRequest(
  kind: ExportKind,
  formData: QueryFormData,
  exportRowLimit: number,
): { formData: QueryFormData; options: Pick<QueryContext, 'result_type' | 'result_format'> } {
  const full = kind === 'export_full_csv' || kind === 'export_full_xlsx';
  return {
    formData: full ? { ...formData, row_limit: exportRowLimit } : formData,
    options: {
      result_format: kind === 'export_xlsx' || kind === 'export_full_xlsx' ? 'xlsx' : 'csv',
      result_type: kind === 'export_pivot_csv' ? 'post_processed' : 'full',
    },
  };
}
