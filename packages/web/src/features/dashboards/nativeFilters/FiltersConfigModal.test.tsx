import { FILTER_UNDO_DELETE_MS } from '@tessera/shared/dashboard/nativeFilters';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.ts';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../../test/render.tsx';
import { DashboardPage } from '../DashboardPage.tsx';
import { chartQueries, fakeDashboardServer, ORIGIN_FILTER } from './testDashboard.ts';

const SLOW = { timeout: 10_000 };

function openDashboard(user = { ...testUser(ADMIN, 'admin'), userId: 1 }) {
  return renderWithApp(
    <Routes>
      <Route path="/dashboard/:idOrSlug" element={<DashboardPage />} />
    </Routes>,
    { user, path: '/dashboard/1/' },
  );
}

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const choices = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(choices.at(-1) as HTMLElement);
}

const listed = () =>
  screen.getAllByTestId('filter-config-item').map((el) => ({
    id: el.dataset.filterId,
    removed: el.dataset.removed === 'true',
  }));

afterEach(() => {
  vi.useRealTimers();
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('the filter config modal', { timeout: 60_000 }, () => {
  it('adds a value filter: every field validated with the shared messages, a pre-filter and a scope, saved through PUT .../filters, then in the bar', async () => {
    const changes: unknown[] = [];
    const { calls } = fakeDashboardServer({ config: [], filterChanges: changes });
    openDashboard();
    fireEvent.click(await screen.findByTestId('filter-add-edit', {}, SLOW));
    await screen.findByTestId('filter-config-name', {}, SLOW);

    fireEvent.click(screen.getByTestId('filter-config-save'));
    await screen.findByText('Name is required');
    expect(screen.getByText('Dataset is required')).toBeTruthy();
    expect(changes).toHaveLength(0);

    fireEvent.change(screen.getByTestId('filter-config-name'), { target: { value: 'Origin' } });
    await choose('filter-config-dataset', 'flights');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('filter-config-column')).getByRole('combobox'),
      ).toHaveProperty('disabled', false),
    );
    await choose('filter-config-column', 'origin');
    // Its options come from the rows a WHERE clause keeps.
    fireEvent.click(screen.getByTestId('filter-config-prefilter'));
    fireEvent.change(screen.getByTestId('filter-config-prefilter-where'), {
      target: { value: 'distance > 100' },
    });
    fireEvent.click(screen.getByTestId('filter-config-scope-specific'));
    // Chart 7 unchecked: the filter reaches 5 and 6 only.
    const tree = screen.getByTestId('filter-config-scope-tree');
    const node = within(tree).getByText('Chart 7').closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    fireEvent.click(screen.getByTestId('filter-config-save'));

    await waitFor(() => expect(changes).toHaveLength(1), SLOW);
    const [change] = changes as Array<{ modified: Array<Record<string, unknown>> }>;
    expect(change?.modified[0]).toMatchObject({
      type: 'NATIVE_FILTER',
      name: 'Origin',
      filterType: 'filter_select',
      targets: [{ datasetId: 1, column: { name: 'origin' } }],
      scope: { rootPath: ['ROOT_ID'], excluded: [7] },
      adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'distance > 100' }],
    });
    await waitFor(() => expect(screen.queryByTestId('filters-config-modal')).toBeNull(), SLOW);
    const control = await screen.findByTestId('filter-control', {}, SLOW);
    expect(within(control).getByText('Origin')).toBeTruthy();
    // A filter without a value changes no chart's query.
    expect(chartQueries(calls)).toHaveLength(3);
  });

  it('restores a deleted filter within 5000 ms; after that the deletion is final and saved', async () => {
    const changes: unknown[] = [];
    fakeDashboardServer({ config: [ORIGIN_FILTER], filterChanges: changes });
    openDashboard();
    fireEvent.click(await screen.findByTestId('filter-add-edit', {}, SLOW));
    await screen.findByTestId('filter-config-name', {}, SLOW);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('filter-config-delete'));
    expect(listed()).toEqual([{ id: ORIGIN_FILTER.id, removed: true }]);
    expect(screen.getByText('You have removed this filter.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('filter-config-restore'));
    expect(listed()).toEqual([{ id: ORIGIN_FILTER.id, removed: false }]);

    fireEvent.click(screen.getByTestId('filter-config-delete'));
    act(() => {
      vi.advanceTimersByTime(FILTER_UNDO_DELETE_MS - 1);
    });
    expect(listed()).toEqual([{ id: ORIGIN_FILTER.id, removed: true }]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryAllByTestId('filter-config-item')).toHaveLength(0);
    vi.useRealTimers();

    fireEvent.click(screen.getByTestId('filter-config-save'));
    await waitFor(() => expect(changes).toHaveLength(1), SLOW);
    expect(changes[0]).toEqual({ modified: [], deleted: [ORIGIN_FILTER.id], reordered: [] });
    await waitFor(() => expect(screen.queryByTestId('filter-control')).toBeNull(), SLOW);
  });

  it('reorders by drag: the new order is sent as reordered', async () => {
    const changes: unknown[] = [];
    const divider = {
      id: 'NATIVE_FILTER_DIVIDER-a',
      type: 'DIVIDER' as const,
      title: 'Where',
      description: 'Airports',
    };
    fakeDashboardServer({ config: [ORIGIN_FILTER, divider], filterChanges: changes });
    openDashboard();
    await screen.findByTestId('filter-divider', {}, SLOW);
    fireEvent.click(screen.getByTestId('filter-add-edit'));
    await screen.findByTestId('filter-config-name', {}, SLOW);
    const [first, second] = screen.getAllByTestId('filter-config-item');
    fireEvent.dragStart(second as HTMLElement);
    fireEvent.dragOver(first as HTMLElement);
    fireEvent.drop(first as HTMLElement);
    expect(listed().map((item) => item.id)).toEqual([divider.id, ORIGIN_FILTER.id]);
    fireEvent.click(screen.getByTestId('filter-config-save'));
    await waitFor(() => expect(changes).toHaveLength(1), SLOW);
    expect(changes[0]).toEqual({
      modified: [],
      deleted: [],
      reordered: [divider.id, ORIGIN_FILTER.id],
    });
  });

  it('is offered only to users who may edit the dashboard', async () => {
    fakeDashboardServer({ config: [ORIGIN_FILTER] });
    openDashboard({ ...testUser(GAMMA, 'gamma'), userId: 2 });
    await screen.findByTestId('filter-bar', {}, SLOW);
    expect(screen.queryByTestId('filter-add-edit')).toBeNull();
  });
});
