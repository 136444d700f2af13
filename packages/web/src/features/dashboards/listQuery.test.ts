import { describe, expect, it } from 'vitest';
import { dashboardListQuery } from './listQuery.ts';

describe('the dashboard list query', () => {
  it('searches title or slug and filters owner, status, favourite and certification', () => {
    expect(
      dashboardListQuery(
        { page: 1, pageSize: 25, search: 'sales', sortField: 'dashboard_title', sortOrder: 'asc' },
        { owner: 3, status: 'draft', favorite: true, certified: false },
      ),
    ).toEqual({
      page: 1,
      page_size: 25,
      order_column: 'dashboard_title',
      order_direction: 'asc',
      filters: [
        { col: 'dashboard_title', opr: 'dashboard_title_or_slug', value: 'sales' },
        { col: 'owners', opr: 'rel_m_m', value: 3 },
        { col: 'published', opr: 'eq', value: false },
        { col: 'id', opr: 'dashboard_is_favorite', value: true },
        { col: 'id', opr: 'dashboard_is_certified', value: false },
      ],
    });
  });

  it('sorts by last change, newest first, by default', () => {
    expect(dashboardListQuery({ page: 0, pageSize: 25, search: '' }, {})).toEqual({
      page: 0,
      page_size: 25,
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
    });
  });
});
