import type { DashboardItem } from '@tessera/shared/api/dashboards';
import { GRID_ID, toPositionJson } from '@tessera/shared/dashboard/position';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { dashboardInfoChanged, dashboardInfoLoaded } from '../state/dashboardInfoSlice.ts';
import { cssChanged, editModeSet } from '../state/dashboardSlice.ts';
import { createComponent, resizeComponent, setLayout } from '../state/layoutSlice.ts';
import { chart, gridLayout, node } from '../state/layoutTestLayouts.ts';
import { createDashboardStore } from '../state/store.ts';
import {
  confirmOverwrite,
  overwriteItems,
  reloadDashboard,
  saveDashboard,
  savedDashboardUrl,
  withLoadedVersion,
} from './saveDashboard.ts';

const LOADED_AT = '2024-01-01T00:00:00.000Z';
const layout = () => gridLayout([node('ROW-1', 'ROW', {}, [chart(1), chart(2)])]);

function serverCopy(over: Partial<DashboardItem> = {}): DashboardItem {
  return {
    id: 5,
    uuid: 'u',
    slug: 'sales',
    url: '/superset/dashboard/sales/',
    dashboard_title: 'Sales',
    thumbnail_url: null,
    published: false,
    css: '',
    json_metadata: JSON.stringify({ color_scheme: null }),
    position_json: JSON.stringify(toPositionJson(layout())),
    certified_by: null,
    certification_details: null,
    description: null,
    changed_on: LOADED_AT,
    changed_on_humanized: '',
    changed_on_delta_humanized: '',
    changed_by: null,
    changed_by_name: 'Ada Admin',
    created_on_delta_humanized: '',
    created_by: null,
    charts: [],
    owners: [{ id: 1, first_name: 'Ada', last_name: 'Admin' }],
    roles: [{ id: 3, name: 'Gamma' }],
    tags: [],
    is_managed_externally: false,
    external_url: null,
    ...over,
  };
}

function setup(
  server: () => DashboardItem,
  put: () => Response = () => json({ id: 5, result: {}, last_modified_time: 1700000000 }),
) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/v1/security/csrf_token')) return json({ result: 'token' });
    if (method === 'PUT') return put();
    if (url === '/api/v1/dashboard/5') return json({ id: 5, result: server() });
    return json({ message: 'Not found' }, 404);
  });
  const toasts: Array<[string, string]> = [];
  const store = createDashboardStore({
    api: createApiClient({ fetch: fetch as never }),
    toast: (type, text) => toasts.push([type, text]),
  });
  const item = serverCopy();
  store.dispatch(
    dashboardInfoLoaded({
      info: {
        id: 5,
        slug: item.slug,
        dashboard_title: item.dashboard_title,
        url: item.url,
        owners: item.owners,
        roles: item.roles,
        certified_by: null,
        certification_details: null,
        changed_on: LOADED_AT,
        changed_by_name: '',
        metadata: { color_scheme: null },
        last_modified_time: 0,
        filterBarOrientation: 'VERTICAL',
        crossFiltersEnabled: true,
      },
      slices: {},
      datasources: {},
    }),
  );
  store.dispatch(setLayout(layout()));
  store.dispatch(editModeSet(true));
  const navigate = vi.fn();
  return { store, calls, toasts, navigate };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('saveDashboard', () => {
  it('PUTs the layout inside json_metadata with the save rules applied, then goes to /superset/dashboard/{slug}/', async () => {
    const { store, calls, navigate } = setup(() => serverCopy());
    store.dispatch(resizeComponent({ id: 'CHART-1', width: 6 }));
    store.dispatch(
      dashboardInfoChanged({ dashboard_title: '  ', certification_details: 'orphan' }),
    );
    const outcome = await store.dispatch(saveDashboard({ navigate }));
    expect(outcome).toEqual({ status: 'saved', url: '/superset/dashboard/sales/' });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/dashboard/5');
    const body = put?.body as Record<string, unknown>;
    expect(body.dashboard_title).toBe('[ untitled dashboard ]');
    expect(body.certification_details).toBe('');
    expect(body.owners).toEqual([1]);
    expect(body).not.toHaveProperty('roles');
    const metadata = JSON.parse(body.json_metadata as string);
    expect(metadata.positions['CHART-1'].meta.width).toBe(6);
    expect(metadata.positions.DASHBOARD_VERSION_KEY).toBe('v2');
    expect(navigate).toHaveBeenCalledWith('/superset/dashboard/sales/');
    const state = store.getState();
    expect(state.dashboardLayout.hasUnsavedChanges).toBe(false);
    expect(state.dashboardState.editMode).toBe(false);
  });

  it('says "This dashboard was saved successfully." once saved', async () => {
    const { store, toasts } = setup(() => serverCopy());
    await store.dispatch(saveDashboard({ navigate: () => {} }));
    expect(toasts).toContainEqual(['success', 'This dashboard was saved successfully.']);
  });

  it('goes to the slug as the server cleaned it, and keeps that slug', async () => {
    const { store, calls, navigate } = setup(
      () => serverCopy(),
      () => json({ id: 5, result: { slug: 'q3-sales' }, last_modified_time: 1700000000 }),
    );
    store.dispatch(dashboardInfoChanged({ slug: 'q3 sales!' }));
    const outcome = await store.dispatch(saveDashboard({ navigate }));
    const put = calls.find((c) => c.method === 'PUT')?.body as { slug?: string } | undefined;
    expect(put?.slug).toBe('q3 sales!');
    expect(outcome).toEqual({ status: 'saved', url: '/superset/dashboard/q3-sales/' });
    expect(navigate).toHaveBeenCalledWith('/superset/dashboard/q3-sales/');
    expect(store.getState().dashboardInfo.info?.slug).toBe('q3-sales');
  });

  it('goes to the id when the stored slug reads as a number, or when none is left', async () => {
    for (const [stored, url] of [
      ['2024', '/superset/dashboard/5/'],
      ['', '/superset/dashboard/5/'],
    ] as const) {
      const { store, navigate } = setup(
        () => serverCopy(),
        () => json({ id: 5, result: { slug: stored }, last_modified_time: 1700000000 }),
      );
      await store.dispatch(saveDashboard({ navigate }));
      expect(navigate).toHaveBeenCalledWith(url);
    }
  });

  it('sends roles only with the dashboard-RBAC flag', async () => {
    const { store, calls } = setup(() => serverCopy());
    await store.dispatch(saveDashboard({ flags: { DASHBOARD_RBAC: true }, navigate: () => {} }));
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as Record<string, unknown> | undefined)?.roles).toEqual([3]);
  });

  it('carries a chart added in edit mode in the saved layout (the server links it from there)', async () => {
    const { store, calls } = setup(() => serverCopy());
    store.dispatch(
      createComponent(
        { id: null, type: 'CHART', meta: { chartId: 42, sliceName: 'New' } },
        { parentId: GRID_ID, index: 1 },
      ),
    );
    await store.dispatch(saveDashboard({ navigate: () => {} }));
    const body = calls.find((c) => c.method === 'PUT')?.body as { json_metadata: string };
    const positions = JSON.parse(body.json_metadata).positions as Record<
      string,
      { meta?: { chartId?: number } }
    >;
    expect(Object.values(positions).some((c) => c?.meta?.chartId === 42)).toBe(true);
    expect(store.getState().dashboardState.sliceIds).toEqual([1, 2, 42]);
  });

  it('saves straight away when nobody else saved since loading', async () => {
    const { store, calls } = setup(() =>
      serverCopy({ css: 'changed elsewhere? no: same changed_on' }),
    );
    store.dispatch(cssChanged('.x{}'));
    const outcome = await store.dispatch(saveDashboard({ navigate: () => {} }));
    expect(outcome.status).toBe('saved');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('asks "Please confirm the overwrite values" when another editor saved, listing what differs', async () => {
    const other = serverCopy({
      changed_on: '2024-01-02T10:00:00.123Z',
      css: 'body{color:red}',
      changed_by_name: 'Bea',
    });
    const { store, calls, toasts } = setup(() => other);
    store.dispatch(resizeComponent({ id: 'CHART-1', width: 6 }));
    const outcome = await store.dispatch(saveDashboard({ navigate: () => {} }));
    expect(outcome.status).toBe('confirm');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(toasts).toContainEqual(['warning', 'Please confirm the overwrite values']);
    const pending = store.getState().dashboardState.overwriteConfirmMetadata;
    expect(pending?.updatedBy).toBe('Bea');
    expect(pending?.overwriteConfirmItems.map((i) => i.keyPath)).toEqual(['css', 'position_json']);
    expect(store.getState().dashboardLayout.hasUnsavedChanges).toBe(true);

    const saved = await store.dispatch(confirmOverwrite({ navigate: () => {} }));
    expect(saved.status).toBe('saved');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(store.getState().dashboardState.overwriteConfirmMetadata).toBeNull();
  });

  it('skips the comparison with CONFIRM_DASHBOARD_DIFF off', async () => {
    const { store, calls } = setup(() =>
      serverCopy({ changed_on: '2030-01-01T00:00:00.000Z', css: 'x' }),
    );
    const outcome = await store.dispatch(
      saveDashboard({ flags: { CONFIRM_DASHBOARD_DIFF: false }, navigate: () => {} }),
    );
    expect(outcome.status).toBe('saved');
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/v1/dashboard/5')).toHaveLength(
      1,
    );
  });

  it('toasts "Sorry, there was an error saving this dashboard: {error}" and keeps the edits', async () => {
    const { store, toasts } = setup(
      () => serverCopy(),
      () => json({ message: 'You do not have permission to edit this dashboard' }, 403),
    );
    store.dispatch(resizeComponent({ id: 'CHART-1', width: 6 }));
    const outcome = await store.dispatch(saveDashboard({ navigate: () => {} }));
    expect(outcome.status).toBe('failed');
    expect(toasts).toContainEqual([
      'danger',
      'Sorry, there was an error saving this dashboard: You do not have permission to edit this dashboard',
    ]);
    expect(store.getState().dashboardLayout.hasUnsavedChanges).toBe(true);
    expect(store.getState().dashboardState.dashboardIsSaving).toBe(false);
  });
});

describe('overwriteItems', () => {
  it('finds nothing when the server holds what is about to be saved', () => {
    const server = serverCopy();
    const body = {
      dashboard_title: 'Sales',
      slug: 'sales',
      css: '',
      certified_by: '',
      certification_details: '',
      owners: [1],
      json_metadata: JSON.stringify({ color_scheme: null, positions: toPositionJson(layout()) }),
    };
    expect(overwriteItems(server, body)).toEqual([]);
  });
});

describe('savedDashboardUrl', () => {
  it('uses the slug, else the id; never a slug that reads as an id', () => {
    expect(savedDashboardUrl({ id: 3, slug: null })).toBe('/superset/dashboard/3/');
    expect(savedDashboardUrl({ id: 3, slug: 'ops' })).toBe('/superset/dashboard/ops/');
    expect(savedDashboardUrl({ id: 3, slug: '12' })).toBe('/superset/dashboard/3/');
  });
});

describe('two editors saving one dashboard (the server answers 409)', () => {
  const CONFLICT =
    'This dashboard was changed by someone else after you opened it. Reload it to see their changes, or save again to overwrite them.';
  const putsOf = (calls: Array<{ method: string; body: unknown }>) =>
    calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, string>);

  it('sends the version it has seen as last_modified_time inside json_metadata', async () => {
    const { store, calls } = setup(() => serverCopy());
    await store.dispatch(saveDashboard({ navigate: () => {} }));
    const [put] = putsOf(calls);
    expect(JSON.parse(put?.json_metadata ?? '{}').last_modified_time).toBe(
      Math.floor(Date.parse(LOADED_AT) / 1000),
    );
  });

  it('offers the conflict on 409, and Overwrite then saves without a version', async () => {
    const answers = [
      json({ message: CONFLICT }, 409),
      json({ id: 5, result: {}, last_modified_time: 1800000000 }),
    ];
    const { store, calls, toasts } = setup(
      () => serverCopy({ changed_by_name: 'Bea' }),
      () => answers.shift() as Response,
    );
    store.dispatch(cssChanged('.mine{}'));
    const outcome = await store.dispatch(saveDashboard({ navigate: () => {} }));
    expect(outcome).toMatchObject({ status: 'conflict', message: CONFLICT });
    expect(toasts).toContainEqual(['warning', CONFLICT]);
    const pending = store.getState().dashboardState.overwriteConfirmMetadata;
    expect(pending?.updatedBy).toBe('Bea');
    expect(pending?.overwriteConfirmItems.map((i) => i.keyPath)).toContain('css');
    expect(store.getState().dashboardState.dashboardIsSaving).toBe(false);
    // Nothing of this editor's work is lost while they choose.
    expect(store.getState().dashboardState.css).toBe('.mine{}');

    const saved = await store.dispatch(confirmOverwrite({ navigate: () => {} }));
    expect(saved.status).toBe('saved');
    const puts = putsOf(calls);
    expect(puts).toHaveLength(2);
    expect(JSON.parse(puts[1]?.json_metadata ?? '{}')).not.toHaveProperty('last_modified_time');
    expect(puts[1]?.css).toBe('.mine{}');
  });

  it('Reload drops the pending save and loads the stored dashboard', async () => {
    const { store } = setup(
      () => serverCopy(),
      () => json({ message: CONFLICT }, 409),
    );
    await store.dispatch(saveDashboard({ navigate: () => {} }));
    expect(store.getState().dashboardState.overwriteConfirmMetadata).not.toBeNull();
    const reload = vi.fn();
    store.dispatch(reloadDashboard({ reload }));
    expect(reload).toHaveBeenCalledOnce();
    expect(store.getState().dashboardState.overwriteConfirmMetadata).toBeNull();
  });

  it('leaves a body without json_metadata or with unreadable metadata as it is', () => {
    const body = {
      dashboard_title: 'x',
      slug: null,
      css: '',
      certified_by: '',
      certification_details: '',
      owners: [],
    };
    expect(withLoadedVersion(body, 0)).toBe(body);
    expect(withLoadedVersion({ ...body, json_metadata: '{oops' }, 5).json_metadata).toBe('{oops');
    expect(JSON.parse(withLoadedVersion(body, 7).json_metadata ?? '')).toEqual({
      last_modified_time: 7,
    });
  });
});
