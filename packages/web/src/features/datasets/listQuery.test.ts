import { describe, expect, it } from 'vitest';
import { datasetListQuery, filtersKey } from './listQuery.ts';

const firstPage = { page: 0, pageSize: 25, search: '' };

describe('dataset list query', () => {
  it('asks for the most recently changed datasets first by default', () => {
    expect(datasetListQuery(firstPage, {})).toEqual({
      page: 0,
      page_size: 25,
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
    });
  });

  it('sends search and filters with Superset’s operators', () => {
    const q = datasetListQuery(
      { ...firstPage, search: 'car' },
      { database: 1, schema: 'main', owner: 4, kind: 'virtual', certified: true },
    );
    expect(q.filters).toEqual([
      { col: 'table_name', opr: 'ct', value: 'car' },
      { col: 'database', opr: 'rel_o_m', value: 1 },
      { col: 'schema', opr: 'eq', value: 'main' },
      { col: 'owners', opr: 'rel_m_m', value: 4 },
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: false },
      { col: 'id', opr: 'dataset_is_certified', value: true },
    ]);
  });

  it('asks for physical datasets as those whose SQL is empty', () => {
    expect(datasetListQuery(firstPage, { kind: 'physical' }).filters).toEqual([
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: true },
    ]);
  });

  it('sorts by the database name when the Database column is sorted', () => {
    const q = datasetListQuery({ ...firstPage, sortField: 'database', sortOrder: 'asc' }, {});
    expect(q.order_column).toBe('database.database_name');
    expect(q.order_direction).toBe('asc');
  });

  it('gives the same key for the same filters in any order', () => {
    expect(filtersKey({ schema: 'main', database: 1 })).toBe(
      filtersKey({ database: 1, schema: 'main' }),
    );
    expect(filtersKey({ database: 1 })).not.toBe(filtersKey({ database: 2 }));
  });
});
