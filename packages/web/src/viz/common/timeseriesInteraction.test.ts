import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { describe, expect, it } from 'vitest';
import { bucketEnd, pointClauses, seriesCrossFilter } from './timeseriesInteraction.ts';

const datasource = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'flights',
  columns: [
    { column_name: 'origin', type_generic: 1 },
    { column_name: 'cylinders', type_generic: 0 },
  ],
  metrics: [],
} as DatasourceMeta;

describe('time-series cross-filters and drills', () => {
  it('filters by the series dimension values, numbers typed back', () => {
    const mask = seriesCrossFilter(
      {
        name: 'SEA, 4',
        queryIndex: 0,
        groupby: ['origin', 'cylinders'],
        groupValues: ['SEA', '4'],
      },
      datasource,
    );
    expect(mask).toEqual({
      extraFormData: {
        filters: [
          { col: 'origin', op: 'IN', val: ['SEA'] },
          { col: 'cylinders', op: 'IN', val: [4] },
        ],
      },
      filterState: { value: [['SEA', '4']], selectedValues: ['SEA, 4'], label: 'SEA, 4' },
    });
  });

  it('clears the filter when asked with no series', () => {
    expect(seriesCrossFilter(null, datasource)).toEqual({
      extraFormData: {},
      filterState: { value: null, selectedValues: null },
    });
  });

  it('turns a point into its time bucket and its series', () => {
    const jan = Date.UTC(2024, 0, 1);
    expect(bucketEnd(jan, 'P1M')).toBe(Date.UTC(2024, 1, 1));
    expect(bucketEnd(jan, 'P1W')).toBe(Date.UTC(2024, 0, 8));
    const clauses = pointClauses({
      meta: { name: '<NULL>', queryIndex: 0, groupby: ['origin'], groupValues: ['<NULL>'] },
      x: jan,
      xLabel: 'date',
      xType: 'time',
      grain: 'P1M',
      formatX: () => 'Jan 2024',
      datasource,
    });
    expect(clauses).toEqual([
      {
        col: 'date',
        op: 'TEMPORAL_RANGE',
        val: '2024-01-01T00:00:00 : 2024-02-01T00:00:00',
        formattedVal: 'Jan 2024',
        grain: 'P1M',
      },
      { col: 'origin', op: 'IS NULL', formattedVal: '<NULL>' },
    ]);
  });
});
