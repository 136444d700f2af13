import { describe, expect, it } from 'vitest';
import type { DashboardPermissions } from '../pageContext.ts';
import { CHART_MENU_LABELS, chartMenuKeys, exportRequest } from './chartMenu.ts';

const all: DashboardPermissions = {
  canEdit: true,
  canSave: true,
  canShare: true,
  canFullscreen: true,
  canExplore: true,
  canShareChart: true,
  canCsv: true,
  canWriteChart: true,
};
const none: DashboardPermissions = Object.fromEntries(
  Object.keys(all).map((k) => [k, false]),
) as unknown as DashboardPermissions;

describe('the chart action menu', () => {
  it('offers every entry to a user with every permission', () => {
    expect(
      chartMenuKeys({
        permissions: all,
        vizType: 'pivot_table_v2',
        hasDescription: true,
        drillToDetail: true,
        canOverwriteChart: true,
      }),
    ).toEqual([
      'force_refresh',
      'fullscreen',
      'toggle_description',
      'explore',
      'view_query',
      'view_results',
      'drill_to_detail',
      'share_copy_link',
      'share_email',
      'export_csv',
      'export_pivot_csv',
      'export_full_csv',
      'export_xlsx',
      'export_full_xlsx',
      'download_image',
      'edit_properties',
    ]);
  });

  it('hides each entry without its permission', () => {
    expect(
      chartMenuKeys({
        permissions: none,
        vizType: 'table',
        hasDescription: false,
        drillToDetail: true,
        canOverwriteChart: true,
      }),
    ).toEqual(['force_refresh', 'fullscreen', 'download_image']);
    const noCsv = chartMenuKeys({
      permissions: { ...all, canCsv: false },
      vizType: 'pie',
      hasDescription: false,
      drillToDetail: false,
      canOverwriteChart: false,
    });
    expect(noCsv).not.toContain('export_csv');
    expect(noCsv).not.toContain('drill_to_detail');
    expect(noCsv).not.toContain('edit_properties');
  });

  it('exports full results with the export row limit and pivoted CSV post-processed', () => {
    const formData = { datasource: '1__table', viz_type: 'table', row_limit: 100 };
    expect(exportRequest('export_full_xlsx', formData, 5000)).toEqual({
      formData: { ...formData, row_limit: 5000 },
      options: { result_format: 'xlsx', result_type: 'full' },
    });
    expect(exportRequest('export_pivot_csv', formData, 5000).options).toEqual({
      result_format: 'csv',
      result_type: 'post_processed',
    });
  });

  it('offers cross-filter scoping to editors, on charts that cross-filter, when cross-filters are on', () => {
    const input = {
      permissions: all,
      vizType: 'pie',
      hasDescription: false,
      drillToDetail: true,
      canOverwriteChart: true,
      crossFiltersEnabled: true,
    };
    expect(chartMenuKeys(input)).toContain('cross_filter_scoping');
    expect(CHART_MENU_LABELS.cross_filter_scoping).toBe('Cross-filter scoping');
    expect(chartMenuKeys({ ...input, crossFiltersEnabled: false })).not.toContain(
      'cross_filter_scoping',
    );
    expect(chartMenuKeys({ ...input, vizType: 'big_number_total' })).not.toContain(
      'cross_filter_scoping',
    );
    expect(chartMenuKeys({ ...input, permissions: { ...all, canEdit: false } })).not.toContain(
      'cross_filter_scoping',
    );
  });
});
