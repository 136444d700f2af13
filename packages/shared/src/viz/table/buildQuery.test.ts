import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { AGGREGATE_REQUIRED_MESSAGE, controlPanel } from './controlPanel.ts';
import { tableExample } from './example.ts';

const aggregate: QueryFormData = {
  datasource: '5__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby: ['major_genre'],
  metrics: ['count'],
  percent_metrics: ['sum__worldwide_gross'],
  row_limit: 1000,
};

describe('table queries', () => {
  it('aggregate mode: dimensions, metrics then percentage metrics as contributions', () => {
    const [q] = buildQuery(aggregate).queries;
    expect(q?.columns).toEqual(['major_genre']);
    expect(q?.metrics).toEqual(['count', 'sum__worldwide_gross']);
    expect(q?.orderby).toEqual([['count', false]]);
    expect(q?.post_processing).toEqual([
      {
        operation: 'contribution',
        options: { columns: ['sum__worldwide_gross'], rename_columns: ['%sum__worldwide_gross'] },
      },
    ]);
  });

  it('raw mode: the listed columns, no metrics, ordering from order_by_cols', () => {
    const [q] = buildQuery({
      datasource: '5__table',
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['title', 'us_gross'],
      order_by_cols: ['["us_gross", false]', 'not json'],
    }).queries;
    expect(q?.columns).toEqual(['title', 'us_gross']);
    expect(q?.metrics).toBeUndefined();
    expect(q?.orderby).toEqual([['us_gross', false]]);
  });

  it('adds a totals query without dimensions when "Show summary" is on', () => {
    const queries = buildQuery({ ...aggregate, show_totals: true }).queries;
    expect(queries).toHaveLength(2);
    expect(queries[1]?.columns).toEqual([]);
    expect(queries[1]?.post_processing).toEqual([]);
  });

  it('server pagination: page and search from the own state, and a row-count query', () => {
    const queries = buildQuery(
      { ...aggregate, server_pagination: true, server_page_length: 20, show_totals: true },
      {
        ownState: {
          currentPage: 2,
          pageSize: 50,
          searchColumn: 'major_genre',
          searchText: 'Dra',
          sortBy: [{ key: 'count', desc: true }],
        },
      },
    ).queries;
    expect(queries).toHaveLength(3);
    const [page, count, totals] = queries;
    expect(page?.row_limit).toBe(50);
    expect(page?.row_offset).toBe(100);
    expect(page?.orderby).toEqual([['count', false]]);
    expect(page?.filters).toContainEqual({ col: 'major_genre', op: 'ILIKE', val: '%Dra%' });
    expect(count).toMatchObject({ is_rowcount: true, row_offset: 0, post_processing: [] });
    expect(totals?.columns).toEqual([]);
  });

  it('first page with the default page length when there is no own state', () => {
    const [page] = buildQuery({
      ...aggregate,
      server_pagination: true,
      server_page_length: 20,
    }).queries;
    expect(page?.row_limit).toBe(20);
    expect(page?.row_offset).toBe(0);
  });

  it('needs dimensions, metrics or percentage metrics in aggregate mode', () => {
    const rows = controlPanel.controlOverrides?.metrics?.validators ?? [];
    const validate = rows[0];
    const ctx = (fd: Partial<QueryFormData>) => ({
      formData: { datasource: '1__table', viz_type: 'table', ...fd },
      datasource: null,
    });
    expect(validate?.([], ctx({ query_mode: 'aggregate' }))).toBe(AGGREGATE_REQUIRED_MESSAGE);
    expect(validate?.([], ctx({ query_mode: 'aggregate', groupby: ['a'] }))).toBe(false);
    expect(validate?.([], ctx({ query_mode: 'raw' }))).toBe(false);
  });

  it('builds from its saved example', () => {
    const queries = buildQuery({ datasource: '1__table', ...tableExample.formData }).queries;
    expect(queries).toHaveLength(2);
    expect(queries[0]?.orderby).toEqual([['sum__worldwide_gross', false]]);
  });
});
