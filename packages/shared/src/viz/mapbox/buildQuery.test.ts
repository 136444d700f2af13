import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildMapboxQuery } from './buildQuery.ts';

const formData: QueryFormData = {
  datasource: '6__table',
  viz_type: 'mapbox',
  all_columns_x: 'longitude',
  all_columns_y: 'latitude',
  mapbox_label: ['name', 'longitude'],
  point_radius: 'Auto',
  row_limit: 5000,
  adhoc_filters: [
    {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'state',
      operator: '==',
      comparator: 'CA',
    },
  ],
};

describe('mapbox buildQuery', () => {
  it('reads raw coordinates and labels once each, skipping rows without coordinates', () => {
    const [query] = buildMapboxQuery(formData).queries;
    expect(query?.columns).toEqual(['longitude', 'latitude', 'name']);
    expect(query?.metrics).toBeUndefined();
    expect(query?.row_limit).toBe(5000);
    expect(query?.filters).toEqual([
      { col: 'state', op: '==', val: 'CA' },
      { col: 'longitude', op: 'IS NOT NULL' },
      { col: 'latitude', op: 'IS NOT NULL' },
    ]);
  });

  it('adds a radius column when one is chosen', () => {
    const [query] = buildMapboxQuery({ ...formData, point_radius: 'elevation' }).queries;
    expect(query?.columns).toEqual(['longitude', 'latitude', 'name', 'elevation']);
  });
});
