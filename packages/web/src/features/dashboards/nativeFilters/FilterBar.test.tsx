import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../../app/api.ts';
import { bootstrapLoaded } from '../../../app/sessionSlice.ts';
import { ADMIN, renderWithApp, testUser } from '../../../test/render.tsx';
import { DashboardPage } from '../DashboardPage.tsx';
import { VALUE_REQUIRED_MESSAGE } from './filterBarDraft.ts';
import { chartQueries, fakeDashboardServer, ORIGIN_FILTER } from './testDashboard.ts';

const SLOW = { timeout: 10_000 };
const IN_SFO = { filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }] };

function openDashboard(path = '/dashboard/1/') {
  return renderWithApp(
    <Routes>
      <Route path="/dashboard/:idOrSlug" element={<DashboardPage />} />
    </Routes>,
    { user: { ...testUser(ADMIN, 'admin'), userId: 1 }, path },
  );
}

const control = (filterId: string) =>
  screen
    .getAllByTestId('filter-control')
    .find((el) => el.dataset.filterId === filterId) as HTMLElement;

const badge = (chartId: number) =>
  (
    screen
      .getAllByTestId('dashboard-chart')
      .find((el) => el.dataset.chartId === String(chartId)) as HTMLElement
  ).querySelector<HTMLElement>('[data-testid="chart-filter-badge"]');

async function pick(filterId: string, option: string) {
  fireEvent.mouseDown(within(control(filterId)).getByRole('combobox'));
  const choices = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(choices.at(-1) as HTMLElement);
}

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('the native filter bar', { timeout: 60_000 }, () => {
  it('applies a value filter to the charts in its scope only: the out-of-scope chart is not queried again', async () => {
    const { calls } = fakeDashboardServer({ config: [ORIGIN_FILTER] });
    openDashboard();
    await screen.findByTestId('filter-bar', {}, SLOW);
    await waitFor(() => expect(chartQueries(calls)).toHaveLength(3), SLOW);
    expect(chartQueries(calls).every((call) => call.extraFormData === undefined)).toBe(true);

    await pick(ORIGIN_FILTER.id, 'SFO');
    const apply = screen.getByTestId('filter-bar-apply');
    expect(apply.textContent).toBe('Apply filters');
    fireEvent.click(apply);

    await waitFor(() => expect(chartQueries(calls)).toHaveLength(5), SLOW);
    const requeried = chartQueries(calls).slice(3);
    expect(requeried.map((call) => call.sliceId).sort()).toEqual([5, 6]);
    for (const call of requeried) expect(call.extraFormData).toEqual(IN_SFO);
    // Each chart in scope lists the filter in its header; the chart out of scope shows none.
    await waitFor(() => expect(badge(5)?.dataset.count).toBe('1'), SLOW);
    expect(badge(6)?.dataset.count).toBe('1');
    expect(badge(7)).toBeNull();
    // Applied: nothing left to apply until the selection changes again.
    await waitFor(() =>
      expect(screen.getByTestId('filter-bar-apply')).toHaveProperty('disabled', true),
    );
  });

  it('asks for the value options with the 1,000-row limit and sends the search to the server', async () => {
    let release = () => {};
    const optionsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = fakeDashboardServer({ config: [ORIGIN_FILTER], optionsHeld });
    openDashboard();
    const bar = await screen.findByTestId('filter-bar', {}, SLOW);
    // isFiltersRefreshing while the options are on their way, then off.
    await waitFor(() => expect(bar.dataset.filtersRefreshing).toBe('true'), SLOW);
    release();
    await waitFor(() => expect(bar.dataset.filtersRefreshing).toBe('false'), SLOW);
    await waitFor(() => expect(calls.some((c) => c.vizType === 'filter_select')).toBe(true), SLOW);
    const first = calls.find((c) => c.vizType === 'filter_select');
    expect(first?.body.queries[0]?.row_limit).toBe(1000);
    const box = within(control(ORIGIN_FILTER.id)).getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'SF' } });
    await waitFor(
      () =>
        expect(
          calls.some((c) =>
            c.body.queries[0]?.filters?.some((f) => f.op === 'ILIKE' && f.val === '%SF%'),
          ),
        ).toBe(true),
      SLOW,
    );
  });

  it('applies default values before the first chart query', async () => {
    const withDefault = {
      ...ORIGIN_FILTER,
      defaultDataMask: { extraFormData: IN_SFO, filterState: { value: ['SFO'] } },
    };
    const { calls } = fakeDashboardServer({ config: [withDefault] });
    openDashboard();
    await waitFor(() => expect(chartQueries(calls)).toHaveLength(3), SLOW);
    const byChart = Object.fromEntries(chartQueries(calls).map((c) => [c.sliceId, c]));
    expect(byChart[5]?.extraFormData).toEqual(IN_SFO);
    expect(byChart[6]?.extraFormData).toEqual(IN_SFO);
    expect(byChart[7]?.extraFormData).toBeUndefined();
  });

  it('applies the filter state a native_filters_key names before the first chart query', async () => {
    const mask = {
      [ORIGIN_FILTER.id]: {
        id: ORIGIN_FILTER.id,
        extraFormData: IN_SFO,
        filterState: { value: ['SFO'] },
      },
    };
    const { calls } = fakeDashboardServer({
      config: [ORIGIN_FILTER],
      filterStates: { abc: JSON.stringify(mask) },
    });
    openDashboard('/dashboard/1/?native_filters_key=abc');
    await waitFor(() => expect(chartQueries(calls)).toHaveLength(3), SLOW);
    const byChart = Object.fromEntries(chartQueries(calls).map((c) => [c.sliceId, c]));
    expect(byChart[5]?.extraFormData).toEqual(IN_SFO);
    expect(byChart[7]?.extraFormData).toBeUndefined();
    await waitFor(
      () => expect(within(control(ORIGIN_FILTER.id)).getByText('SFO')).toBeTruthy(),
      SLOW,
    );
  });

  it('holds "Apply filters" back while a required filter has no value', async () => {
    const required = { ...ORIGIN_FILTER, controlValues: { enableEmptyFilter: true } };
    fakeDashboardServer({ config: [required] });
    openDashboard();
    await screen.findByTestId('filter-bar', {}, SLOW);
    await waitFor(() => expect(screen.getByText(VALUE_REQUIRED_MESSAGE)).toBeTruthy(), SLOW);
    expect(screen.getByTestId('filter-bar-apply')).toHaveProperty('disabled', true);
    await pick(ORIGIN_FILTER.id, 'LAX');
    expect(screen.getByTestId('filter-bar-apply')).toHaveProperty('disabled', false);
  });

  it('keeps the applied filters in the address: filter_state POST, then PUT to the same native_filters_key', async () => {
    const puts: unknown[] = [];
    const { stored } = fakeDashboardServer({ config: [ORIGIN_FILTER], filterPuts: puts });
    const { router } = openDashboard();
    await screen.findByTestId('filter-bar', {}, SLOW);
    await pick(ORIGIN_FILTER.id, 'SFO');
    fireEvent.click(screen.getByTestId('filter-bar-apply'));
    await waitFor(
      () => expect(router.state.location.search).toBe('?native_filters_key=key1'),
      SLOW,
    );
    expect(JSON.parse(stored.key1 as string)[ORIGIN_FILTER.id].extraFormData).toEqual(IN_SFO);

    await pick(ORIGIN_FILTER.id, 'LAX');
    fireEvent.click(screen.getByTestId('filter-bar-apply'));
    await waitFor(() => expect(puts).toHaveLength(2), SLOW);
    expect(puts.map((p) => (p as { method: string }).method)).toEqual(['POST', 'PUT']);
    expect(router.state.location.search).toBe('?native_filters_key=key1');
    expect(JSON.parse(stored.key1 as string)[ORIGIN_FILTER.id].filterState.value).toEqual([
      'SFO',
      'LAX',
    ]);
  });

  it('follows its cascade parents: a child asks its options with the parent selection applied', async () => {
    const child = {
      ...ORIGIN_FILTER,
      id: 'NATIVE_FILTER-dest',
      name: 'Destination',
      targets: [{ datasetId: 1, column: { name: 'destination' } }],
      cascadeParentIds: [ORIGIN_FILTER.id],
    };
    const { calls } = fakeDashboardServer({ config: [ORIGIN_FILTER, child] });
    openDashboard();
    await screen.findByTestId('filter-bar', {}, SLOW);
    await pick(ORIGIN_FILTER.id, 'SFO');
    await waitFor(
      () =>
        expect(
          calls.some(
            (c) =>
              c.vizType === 'filter_select' &&
              c.body.queries[0]?.columns?.includes('destination') &&
              c.body.queries[0]?.filters?.some((f) => f.col === 'origin' && f.op === 'IN'),
          ),
        ).toBe(true),
      SLOW,
    );
  });

  it('shows a numerical range between the minimum and maximum of its column, and a time grain applies to the charts', async () => {
    const range = {
      ...ORIGIN_FILTER,
      id: 'NATIVE_FILTER-distance',
      name: 'Distance',
      filterType: 'filter_range' as const,
      targets: [{ datasetId: 1, column: { name: 'distance' } }],
    };
    const grain = {
      ...ORIGIN_FILTER,
      id: 'NATIVE_FILTER-grain',
      name: 'Time grain',
      filterType: 'filter_timegrain' as const,
      targets: [{ datasetId: 1 }],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    };
    const { calls } = fakeDashboardServer({ config: [range, grain] });
    openDashboard();
    const slider = await screen.findByTestId('filter-range', {}, SLOW);
    await waitFor(() => expect(within(slider).getByText('10')).toBeTruthy(), SLOW);
    expect(within(slider).getByText('500')).toBeTruthy();
    await waitFor(() => expect(chartQueries(calls)).toHaveLength(3), SLOW);

    await pick(grain.id, 'Minute');
    fireEvent.click(screen.getByTestId('filter-bar-apply'));
    await waitFor(() => expect(chartQueries(calls)).toHaveLength(6), SLOW);
    for (const call of chartQueries(calls).slice(3)) {
      expect(call.extraFormData).toEqual({ time_grain_sqla: 'PT1M' });
    }
  });

  it('outlines the charts a filter reaches while it is pointed at', async () => {
    fakeDashboardServer({ config: [ORIGIN_FILTER] });
    openDashboard();
    await screen.findByTestId('filter-bar', {}, SLOW);
    fireEvent.mouseEnter(control(ORIGIN_FILTER.id));
    const style = screen.getByTestId('filter-scope-highlight').textContent ?? '';
    expect(style).toContain('[data-chart-id="5"]');
    expect(style).toContain('[data-chart-id="6"]');
    expect(style).not.toContain('[data-chart-id="7"]');
    fireEvent.mouseLeave(control(ORIGIN_FILTER.id));
    expect(screen.queryByTestId('filter-scope-highlight')).toBeNull();
  });

  it('lies horizontally above the grid behind the horizontal-filter-bar flag', async () => {
    const { calls } = fakeDashboardServer({
      config: [ORIGIN_FILTER],
      metadata: { filter_bar_orientation: 'HORIZONTAL' },
    });
    const { store } = openDashboard();
    expect((await screen.findByTestId('filter-bar', {}, SLOW)).dataset.orientation).toBeUndefined();
    const { user, common } = store.getState().session;
    store.dispatch(
      bootstrapLoaded({
        user,
        common: {
          ...common,
          feature_flags: { ...common.feature_flags, HORIZONTAL_FILTER_BAR: true },
        },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('filter-bar').dataset.orientation).toBe('horizontal'),
    );
    await waitFor(() => expect(chartQueries(calls)).toHaveLength(3), SLOW);
    await pick(ORIGIN_FILTER.id, 'SFO');
    fireEvent.click(screen.getByTestId('filter-bar-apply'));
    await waitFor(() => expect(chartQueries(calls)).toHaveLength(5), SLOW);
  });

  it('collapses and expands', async () => {
    fakeDashboardServer({ config: [ORIGIN_FILTER] });
    openDashboard();
    fireEvent.click(await screen.findByTestId('filter-bar-collapse', {}, SLOW));
    expect(screen.queryByTestId('filter-bar')).toBeNull();
    fireEvent.click(screen.getByTestId('filter-bar-expand'));
    expect(screen.getByTestId('filter-bar')).toBeTruthy();
  });
});
