import { describe, expect, it } from 'vitest';
import { chartFiltersKey, chartListQuery } from './listQuery.ts';

describe('chartListQuery', () => {
  it('searches with chart_all_text and sorts by last change by default', () => {
    expect(chartListQuery({ page: 0, pageSize: 25, search: 'delay' }, {})).toEqual({
      page: 0,
      page_size: 25,
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'delay' }],
    });
  });

  it('sends every filter with the operator Superset uses for it', () => {
    const q = chartListQuery(
      { page: 2, pageSize: 25, search: '', sortField: 'datasource_name_text', sortOrder: 'asc' },
      { owner: 3, vizType: 'pie', datasetId: 7, dashboardId: 9, favorite: true, certified: false },
    );
    expect(q.order_column).toBe('datasource_name');
    expect(q.order_direction).toBe('asc');
    expect(q.filters).toEqual([
      { col: 'owners', opr: 'rel_m_m', value: 3 },
      { col: 'viz_type', opr: 'eq', value: 'pie' },
      { col: 'datasource_id', opr: 'eq', value: 7 },
      { col: 'dashboards', opr: 'rel_m_m', value: 9 },
      { col: 'id', opr: 'chart_is_favorite', value: true },
      { col: 'id', opr: 'chart_is_certified', value: false },
    ]);
  });

  it('keys filters independently of their order', () => {
    expect(chartFiltersKey({ owner: 1, vizType: 'pie' })).toBe(
      chartFiltersKey({ vizType: 'pie', owner: 1 }),
    );
  });
});
