import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import { describe, expect, it } from 'vitest';
import {
  controlValueSet,
  type ExploreHydratePayload,
  exploreHydrated,
  exploreSlice,
  initialExploreState,
  sliceNameSet,
  sliceUpdated,
  starredSet,
  vizTypeChanged,
} from './exploreSlice.ts';

const dataset: DatasourceMeta = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'flights',
  main_dttm_col: 'date',
  columns: [
    { column_name: 'date', is_dttm: true, type_generic: 2 },
    { column_name: 'origin', type_generic: 1, groupby: true },
    { column_name: 'delay', type_generic: 0 },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};
const formData: QueryFormData = {
  datasource: '1__table',
  viz_type: 'table',
  time_range: 'No filter',
  row_limit: 1000,
};
const hydrate = (patch: Partial<ExploreHydratePayload> = {}) =>
  exploreHydrated({
    form_data: formData,
    datasource: dataset,
    slice: null,
    can_add: true,
    can_download: true,
    can_overwrite: false,
    ...patch,
  });
const reduce = (...actions: Parameters<typeof exploreSlice.reducer>[1][]) =>
  actions.reduce(exploreSlice.reducer, initialExploreState);

describe('explore state', () => {
  it('is hydrated with the form data, the dataset, the chart and the permissions', () => {
    const state = reduce(
      hydrate({
        slice: { slice_id: 3, slice_name: 'Delays', owners: [7] },
        can_overwrite: true,
      }),
    );
    expect(state.form_data?.viz_type).toBe('table');
    expect(state.form_data?.row_limit).toBe(1000);
    expect(state.datasource?.name).toBe('flights');
    expect(state.sliceName).toBe('Delays');
    expect(state.can_add).toBe(true);
    expect(state.can_download).toBe(true);
    expect(state.can_overwrite).toBe(true);
  });

  it('puts a changed control value into the form data', () => {
    const state = reduce(hydrate(), controlValueSet({ name: 'row_limit', value: 50 }));
    expect(state.form_data?.row_limit).toBe(50);
  });

  it('validates controls: a row limit above SQL_MAX_ROW, a required metric', () => {
    const state = reduce(
      hydrate({ sqlMaxRow: 5000 }),
      vizTypeChanged('pie'),
      controlValueSet({ name: 'row_limit', value: 6000 }),
    );
    expect(state.controls.row_limit?.validationErrors).toContain('Value cannot exceed 5000');
    expect(state.controls.metric?.validationErrors.join(' ')).toContain('cannot be empty');
    const fixed = reduce(
      hydrate({ sqlMaxRow: 5000 }),
      vizTypeChanged('pie'),
      controlValueSet({ name: 'row_limit', value: 100 }),
    );
    expect(fixed.controls.row_limit?.validationErrors).toEqual([]);
  });

  it('keeps the controls the new chart type shares when switching, and restores the others', () => {
    const filters = [
      { expressionType: 'SQL' as const, clause: 'WHERE' as const, sqlExpression: 'delay > 0' },
    ];
    const onTable = reduce(
      hydrate({ form_data: { ...formData, adhoc_filters: filters, groupby: ['origin'] } }),
    );
    const onPie = exploreSlice.reducer(onTable, vizTypeChanged('pie'));
    expect(onPie.form_data?.viz_type).toBe('pie');
    expect(onPie.controlsTransferred).toContain('adhoc_filters');
    expect(onPie.controlsTransferred).toContain('groupby');
    expect(onPie.form_data?.adhoc_filters).toEqual(filters);
    const back = exploreSlice.reducer(onPie, vizTypeChanged('table'));
    expect(back.form_data?.viz_type).toBe('table');
    expect(back.form_data?.groupby).toEqual(['origin']);
    // A value the pie has no control for is set aside, then restored on the way back.
    const withHidden = exploreSlice.reducer(
      onTable,
      controlValueSet({ name: 'server_pagination', value: true }),
    );
    const aside = exploreSlice.reducer(withHidden, vizTypeChanged('pie'));
    expect(aside.form_data?.server_pagination).toBeUndefined();
    expect(aside.hiddenFormData.server_pagination).toBe(true);
    expect(exploreSlice.reducer(aside, vizTypeChanged('table')).form_data?.server_pagination).toBe(
      true,
    );
  });

  it('keeps the name, the star and the chart as saved', () => {
    const state = reduce(
      hydrate(),
      sliceNameSet('Late flights'),
      starredSet(true),
      sliceUpdated({
        slice: { slice_id: 9, slice_name: 'Late flights', owners: [7] },
        can_overwrite: true,
      }),
    );
    expect(state.isStarred).toBe(true);
    expect(state.slice?.slice_id).toBe(9);
    expect(state.form_data?.slice_id).toBe(9);
    expect(state.can_overwrite).toBe(true);
  });
});
