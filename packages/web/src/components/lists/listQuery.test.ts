import { describe, expect, it } from 'vitest';
import { filtersKey, isFiltered, listPageQuery } from './listQuery.ts';

const firstPage = { page: 0, pageSize: 25, search: '' };

describe('the list page query', () => {
  it('asks for the most recently changed objects first, without filters when there are none', () => {
    expect(listPageQuery(firstPage, [])).toEqual({
      page: 0,
      page_size: 25,
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
    });
  });

  it('sorts by the API name of a mapped column and passes the conditions through', () => {
    const owner = { col: 'owners', opr: 'rel_m_m', value: 3 };
    expect(
      listPageQuery(
        { page: 2, pageSize: 50, search: '', sortField: 'database', sortOrder: 'asc' },
        [owner],
        { database: 'database.database_name' },
      ),
    ).toEqual({
      page: 2,
      page_size: 50,
      order_column: 'database.database_name',
      order_direction: 'asc',
      filters: [owner],
    });
  });

  it('sorts an unmapped column under its own name', () => {
    const q = listPageQuery({ ...firstPage, sortField: 'slice_name' }, [], { other: 'x' });
    expect(q.order_column).toBe('slice_name');
  });
});

describe('list filters', () => {
  it('key the same in any order and differently for other values', () => {
    expect(filtersKey({ owner: 1, certified: true })).toBe(
      filtersKey({ certified: true, owner: 1 }),
    );
    expect(filtersKey({ owner: 1 })).not.toBe(filtersKey({ owner: 2 }));
  });

  it('count as set only when a value is defined', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ owner: undefined })).toBe(false);
    expect(isFiltered({ favorite: false })).toBe(true);
  });
});
