import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { ADMIN, renderWithApp, testUser } from '../../../test/render.tsx';
import { chartAdded, queryTriggered } from '../state/chartSlice.ts';
import { ExploreProvider } from '../state/ExploreProvider.tsx';
import { exploreHydrated } from '../state/exploreSlice.ts';
import { createExploreStore } from '../state/store.ts';
import { ExploreLayout } from './ExploreLayout.tsx';

const dataset: DatasourceMeta = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'flights',
  main_dttm_col: 'date',
  columns: [
    { column_name: 'date', is_dttm: true, type_generic: 2 },
    { column_name: 'origin', type_generic: 1, groupby: true, certified_by: 'Ops' },
    { column_name: 'delay', type_generic: 0 },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

/** Explore as hydrated from the server, with the chart not yet asked to run (no server here). */
function renderExplore() {
  const store = createExploreStore({
    api: createApiClient({
      fetch: async () => {
        throw new TypeError('no server in this test');
      },
    }),
    toast: () => {},
  });
  store.dispatch(
    exploreHydrated({
      form_data: { datasource: '1__table', viz_type: 'table', row_limit: 1000 },
      datasource: dataset,
      slice: null,
      can_add: true,
      can_download: true,
      can_overwrite: false,
    }),
  );
  store.dispatch(chartAdded({ id: 0, formData: store.getState().explore.form_data }));
  store.dispatch(queryTriggered({ id: 0, value: false }));
  renderWithApp(
    <ExploreProvider store={store}>
      <ExploreLayout onDatasetSaved={() => {}} />
    </ExploreProvider>,
    { user: testUser(ADMIN), path: '/explore/?datasource_type=table&datasource_id=1' },
  );
  return store;
}

describe('the Explore page', () => {
  it('lists the dataset columns and metrics as draggable items and searches them', async () => {
    renderExplore();
    const panel = await screen.findByTestId('datasource-panel');
    expect(within(panel).getAllByTestId('datasource-column')).toHaveLength(3);
    expect(within(panel).getByTestId('datasource-column-certified')).toBeTruthy();
    const item = within(panel).getAllByTestId('datasource-metric')[0];
    expect(item?.getAttribute('draggable')).toBe('true');
    const data = new Map<string, string>();
    fireEvent.dragStart(item as Element, {
      dataTransfer: { setData: (type: string, value: string) => data.set(type, value) },
    });
    expect(JSON.parse(data.get('application/x-tessera-datasource-item') ?? '{}')).toEqual({
      type: 'metric',
      name: 'count',
    });
    fireEvent.change(screen.getByTestId('datasource-search'), { target: { value: 'orig' } });
    expect(within(panel).getAllByTestId('datasource-column')).toHaveLength(1);
  }, 60_000);

  it('switches the chart type through the picker', async () => {
    const store = renderExplore();
    fireEvent.click(await screen.findByTestId('viz-type-picker'));
    fireEvent.change(await screen.findByTestId('viz-type-search'), { target: { value: 'pie' } });
    const options = await screen.findAllByTestId('viz-type-option');
    const pie = options.find((o) => o.getAttribute('data-viz-type') === 'pie');
    fireEvent.doubleClick(pie as Element);
    expect(store.getState().explore.form_data?.viz_type).toBe('pie');
  }, 60_000);

  it('offers Run, Save and the data pane', async () => {
    renderExplore();
    expect((await screen.findByTestId('explore-run')).textContent).toContain('Create chart');
    expect(screen.getByTestId('explore-save')).toBeTruthy();
    expect(screen.getByTestId('data-pane')).toBeTruthy();
    expect(screen.queryByTestId('explore-star')).toBeNull();
  }, 60_000);
});
