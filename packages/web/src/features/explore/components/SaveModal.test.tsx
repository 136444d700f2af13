import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { ADMIN, renderWithApp, testUser } from '../../../test/render.tsx';
import { SAVE_CONFLICT } from '../save/savePayload.ts';
import { ExploreProvider } from '../state/ExploreProvider.tsx';
import { exploreHydrated } from '../state/exploreSlice.ts';
import { saveModalVisibilitySet } from '../state/saveModalSlice.ts';
import { createExploreStore } from '../state/store.ts';
import { SaveModal } from './SaveModal.tsx';

const dataset: DatasourceMeta = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'flights',
  columns: [{ column_name: 'origin', groupby: true }],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

const LOADED = '2026-11-27T10:00:00.250Z';
const SAVED_AT = Date.parse('2026-11-27T10:05:00.500Z') / 1000;

const written = {
  slice_name: 'Delays',
  viz_type: 'table',
  params: '{}',
  query_context: null,
  description: null,
  cache_timeout: null,
  datasource_id: 1,
  datasource_type: 'table',
  owners: [7],
  dashboards: [],
  certified_by: null,
  certification_details: null,
};

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}

/** A server where someone else saved chart 5 since it was opened: the first overwrite is a 409. */
function conflictServer() {
  const sent: Sent[] = [];
  let puts = 0;
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url.includes('/security/csrf_token')) return reply(200, { result: 'token' });
    if (url.includes('/api/v1/dashboard/')) return reply(200, { count: 0, ids: [], result: [] });
    if (method === 'GET' && url.includes('/api/v1/chart/5')) {
      return reply(200, { id: 5, result: { dashboards: [] } });
    }
    if (method === 'PUT' && url.includes('/api/v1/chart/5')) {
      puts += 1;
      if (puts === 1) {
        return reply(409, {
          message: 'This chart was changed by someone else after you opened it.',
        });
      }
      return reply(200, { id: 5, result: written, last_modified_time: SAVED_AT });
    }
    return reply(404, { message: 'Not found' });
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

function renderSaveModal() {
  const server = conflictServer();
  const toasts: Array<[string, string]> = [];
  const store = createExploreStore({
    api: createApiClient({ fetch: server.fetch }),
    toast: (type, text) => toasts.push([type, text]),
  });
  store.dispatch(
    exploreHydrated({
      form_data: { datasource: '1__table', viz_type: 'table' },
      datasource: dataset,
      slice: { slice_id: 5, slice_name: 'Delays', owners: [7], changed_on: LOADED },
      can_add: true,
      can_download: false,
      can_overwrite: true,
    }),
  );
  store.dispatch(saveModalVisibilitySet(true));
  const onReload = vi.fn();
  renderWithApp(
    <ExploreProvider store={store}>
      <SaveModal onReload={onReload} />
    </ExploreProvider>,
    { user: testUser(ADMIN), path: '/explore/?slice_id=5' },
  );
  const puts = () => server.sent.filter((call) => call.method === 'PUT');
  return { store, toasts, onReload, puts };
}

describe('saving a chart someone else saved meanwhile', () => {
  it('states the loaded version, and on 409 offers to reload or overwrite', async () => {
    const { onReload, puts, toasts } = renderSaveModal();
    fireEvent.click(await screen.findByTestId('save-modal-submit'));

    const alert = await screen.findByTestId('save-modal-alert');
    expect(alert.textContent).toContain(SAVE_CONFLICT);
    expect(puts()[0]?.body?.last_modified_time).toBe(Date.parse(LOADED) / 1000);
    expect(toasts).toEqual([]);

    fireEvent.click(screen.getByTestId('save-modal-conflict-reload'));
    expect(onReload).toHaveBeenCalledWith(5);
  });

  it('overwrites on request by saving again without the precondition', async () => {
    const { store, puts, toasts } = renderSaveModal();
    fireEvent.click(await screen.findByTestId('save-modal-submit'));
    const overwrite = await screen.findByTestId('save-modal-conflict-overwrite');
    // The refused save is over once its button stops spinning.
    await waitFor(() => expect(overwrite.className).not.toContain('ant-btn-loading'));
    fireEvent.click(overwrite);

    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).not.toHaveProperty('last_modified_time');
    await waitFor(() => expect(store.getState().saveModal.isVisible).toBe(false));
    expect(toasts).toEqual([['success', 'Chart [Delays] has been overwritten']]);
    // The next overwrite states the version this save made, not the one first loaded.
    expect(store.getState().explore.slice?.changed_on).toBe(
      new Date(SAVED_AT * 1000).toISOString(),
    );
    expect(store.getState().saveModal.conflict).toBe(false);
  });
});
