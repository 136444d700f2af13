import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../../app/api.ts';
import { exploreHydrated } from './exploreSlice.ts';
import { createExploreStore } from './store.ts';
import { saveChart } from './thunks.ts';

const dataset: DatasourceMeta = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'flights',
  columns: [{ column_name: 'origin', groupby: true }],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

/** A client that never reaches a server: a refused save must not call one. */
function unreachableApi(calls: string[]): ApiClient {
  return createApiClient({
    fetch: async (input) => {
      calls.push(String(input));
      throw new TypeError('no server in this test');
    },
  });
}

function storeWith(permissions: { can_add: boolean; can_overwrite: boolean }) {
  const toasts: Array<[string, string]> = [];
  const calls: string[] = [];
  const store = createExploreStore({
    api: unreachableApi(calls),
    toast: (type, text) => toasts.push([type, text]),
  });
  store.dispatch(
    exploreHydrated({
      form_data: { datasource: '1__table', viz_type: 'table' },
      datasource: dataset,
      slice: { slice_id: 5, slice_name: 'Delays', owners: [2] },
      can_download: false,
      ...permissions,
    }),
  );
  return { store, toasts, calls };
}

describe('the save flow', () => {
  it('refuses to overwrite a chart the user does not own, without asking the server', async () => {
    const { store, toasts, calls } = storeWith({ can_add: true, can_overwrite: false });
    const outcome = await store.dispatch(
      saveChart({ action: 'overwrite', sliceName: 'Delays', dashboard: null }),
    );
    expect(outcome).toBeNull();
    expect(toasts).toEqual([['danger', 'You do not have permission to edit this chart']]);
    expect(store.getState().saveModal.saveModalAlert).toBe(
      'You do not have permission to edit this chart',
    );
    expect(calls).toEqual([]);
  });

  it('says the save failed with the client error when the server cannot be reached', async () => {
    const { store, toasts } = storeWith({ can_add: true, can_overwrite: false });
    const outcome = await store.dispatch(
      saveChart({ action: 'saveas', sliceName: 'Delays copy', dashboard: null }),
    );
    expect(outcome).toBeNull();
    expect(toasts).toEqual([
      ['danger', 'Sorry, there was an error saving this chart: Network error'],
    ]);
  });
});
