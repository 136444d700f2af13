import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { GRID_ID } from '@tessera/shared/dashboard/position';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Flex } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, createApiClient } from '../../../app/api.ts';
import { ADMIN, renderWithApp, testUser } from '../../../test/render.tsx';
import { dashboardInfoLoaded } from '../state/dashboardInfoSlice.ts';
import { editModeSet } from '../state/dashboardSlice.ts';
import { DashboardContext } from '../state/hooks.ts';
import { NOT_ENOUGH_SPACE_MESSAGE, TOP_LEVEL_TAB_MESSAGE } from '../state/layoutRules.ts';
import { setLayout, UNDO_LIMIT } from '../state/layoutSlice.ts';
import { buildLayout, chart, gridLayout, node } from '../state/layoutTestLayouts.ts';
import { createDashboardStore } from '../state/store.ts';
import { BuilderPane } from './BuilderPane.tsx';
import { EditableGrid } from './EditableGrid.tsx';

type Rect = { top: number; left: number; right: number; bottom: number };

/** Layout rectangles by `data-layout-id` (jsdom lays nothing out). */
let rects: Record<string, Rect> = {};
const realRect = HTMLElement.prototype.getBoundingClientRect;

function jsonReply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const CHARTS = [
  { id: 11, slice_name: 'Revenue', viz_type: 'table', params: '{}', datasource_id: null },
  { id: 12, slice_name: 'Mystery', viz_type: 'not_a_chart', params: '{}', datasource_id: null },
];

function setup(
  layout: DashboardLayout,
  chartReply: () => Response = () => jsonReply({ result: CHARTS, count: 2, ids: [11, 12] }),
) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/v1/chart/?')) return chartReply();
    if (url.startsWith('/api/v1/security/csrf_token')) return jsonReply({ result: 'token' });
    return jsonReply({ message: 'Not found' }, 404);
  });
  api.configure({ fetch: fetch as unknown as typeof globalThis.fetch });
  const store = createDashboardStore({ api: createApiClient({ fetch: fetch as never }) });
  store.dispatch(
    dashboardInfoLoaded({
      info: {
        id: 1,
        slug: null,
        dashboard_title: 'Sales',
        url: '/superset/dashboard/1/',
        owners: [],
        roles: [],
        certified_by: null,
        certification_details: null,
        changed_on: '2024-01-01T00:00:00.000Z',
        changed_by_name: '',
        metadata: {},
        last_modified_time: 0,
        filterBarOrientation: 'VERTICAL',
        crossFiltersEnabled: true,
      },
      slices: {},
      datasources: {},
    }),
  );
  store.dispatch(setLayout(layout));
  store.dispatch(editModeSet(true));
  const app = renderWithApp(
    <Provider store={store} context={DashboardContext}>
      <Flex>
        <div style={{ flex: 1 }}>
          <EditableGrid />
        </div>
        <BuilderPane />
      </Flex>
    </Provider>,
    { user: testUser(ADMIN) },
  );
  return { store, app, fetch };
}

const layoutOf = (store: ReturnType<typeof setup>['store']) => store.getState().dashboardLayout;
const toasts = (app: ReturnType<typeof setup>['app']) =>
  app.store.getState().toasts.map((t) => t.text);

/** Picks `handle` up and holds it over (x, y), through dnd-kit's pointer sensor. */
async function hover(handle: HTMLElement, to: { x: number; y: number }) {
  await act(async () => {
    fireEvent.pointerDown(handle, {
      clientX: 5,
      clientY: 5,
      isPrimary: true,
      button: 0,
      pointerId: 1,
    });
  });
  await act(async () => {
    fireEvent.pointerMove(document, { clientX: 40, clientY: 40, isPrimary: true, pointerId: 1 });
  });
  await act(async () => {
    fireEvent.pointerMove(document, {
      clientX: to.x,
      clientY: to.y,
      isPrimary: true,
      pointerId: 1,
    });
  });
}

async function release(to: { x: number; y: number }) {
  await act(async () => {
    fireEvent.pointerUp(document, { clientX: to.x, clientY: to.y, isPrimary: true, pointerId: 1 });
  });
  // dnd-kit swallows clicks on the document for 50 ms after a drag ends; waiting them out keeps
  // the next test's first click from being eaten.
  await new Promise((resolve) => setTimeout(resolve, 60));
}

/** A pointer drag from `handle` to (x, y), released there. */
async function drag(handle: HTMLElement, to: { x: number; y: number }) {
  await hover(handle, to);
  await release(to);
}

/** The drop indicator, once a frame has painted it. */
async function paintedIndicator(): Promise<HTMLElement> {
  const indicator = screen.getByTestId('drop-indicator');
  await waitFor(() => expect(indicator.style.display).toBe('block'));
  return indicator;
}

beforeEach(() => {
  rects = {};
  HTMLElement.prototype.getBoundingClientRect = function getRect(this: HTMLElement) {
    const id = this.dataset.layoutId;
    const key = this.dataset.layoutRole === 'tab-label' ? `label:${id}` : id;
    const r = key ? rects[key] : undefined;
    if (!r) return realRect.call(this);
    return {
      ...r,
      x: r.left,
      y: r.top,
      width: r.right - r.left,
      height: r.bottom - r.top,
      toJSON: () => r,
    } as DOMRect;
  };
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

describe('EditableGrid', () => {
  const sample = () =>
    gridLayout([
      node('ROW-1', 'ROW', {}, [chart(1), chart(2), chart(3)]),
      node('HEADER-1', 'HEADER', { text: 'Sales' }),
      node('MARKDOWN-1', 'MARKDOWN', { code: '# Hello', width: 4, height: 20 }),
    ]);

  it('renders every component with its editing tools and the builder pane', async () => {
    setup(sample());
    const frames = screen.getAllByTestId('editable-component');
    expect(frames.map((f) => f.dataset.componentType)).toEqual([
      'ROW',
      'CHART',
      'CHART',
      'CHART',
      'HEADER',
      'MARKDOWN',
    ]);
    expect(screen.getAllByTestId('drag-handle')).toHaveLength(6);
    expect(screen.getAllByTestId('delete-component')).toHaveLength(6);
    // Charts and markdown resize in width (inside a row) and height.
    expect(screen.getAllByTestId('resize-handle-right')).toHaveLength(3);
    expect(screen.getAllByTestId('resize-handle-bottom')).toHaveLength(4);
    const pane = screen.getByTestId('dashboard-builder-pane');
    expect(within(pane).getByTestId('builder-tab-charts')).toBeTruthy();
    expect(await within(pane).findAllByTestId('builder-chart')).toHaveLength(2);
  });

  it('asks for the user’s charts with the spec’s chart-list call', async () => {
    const { fetch } = setup(sample());
    await screen.findAllByTestId('builder-chart');
    const url = decodeURIComponent(
      String(fetch.mock.calls.find((c) => String(c[0]).startsWith('/api/v1/chart/?'))?.[0]),
    );
    expect(url).toContain('filters:!((col:owners,opr:rel_m_m,value:7))');
    expect(url).toContain('page_size:200');
    expect(url).toContain('order_column:changed_on_delta_humanized,order_direction:desc');
  });

  it('toasts the spec’s messages when the charts cannot be fetched', async () => {
    const { app } = setup(sample(), () => jsonReply({ message: 'Boom' }, 500));
    await waitFor(() =>
      expect(toasts(app)).toEqual([
        'Could not fetch all saved charts',
        'Sorry there was an error fetching saved charts: Boom',
      ]),
    );
  });

  it('deletes a component; undo and redo walk the history', () => {
    const { store } = setup(sample());
    const header = screen
      .getAllByTestId('editable-component')
      .find((f) => f.dataset.componentId === 'HEADER-1') as HTMLElement;
    fireEvent.click(within(header).getByTestId('delete-component'));
    expect(layoutOf(store).present['HEADER-1']).toBeUndefined();
    expect(layoutOf(store).hasUnsavedChanges).toBe(true);
    fireEvent.click(screen.getByTestId('dashboard-undo'));
    expect(layoutOf(store).present['HEADER-1']).toBeDefined();
    expect(layoutOf(store).hasUnsavedChanges).toBe(false);
    fireEvent.click(screen.getByTestId('dashboard-redo'));
    expect(layoutOf(store).present['HEADER-1']).toBeUndefined();
  });

  it('edits a header’s text and a markdown block', () => {
    const { store } = setup(sample());
    fireEvent.click(screen.getByTestId('editable-header-text'));
    const input = screen.getByTestId('header-text-input');
    fireEvent.change(input, { target: { value: 'Revenue' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(layoutOf(store).present['HEADER-1']?.meta.text).toBe('Revenue');

    fireEvent.click(screen.getByTestId('editable-markdown'));
    const editor = screen.getByTestId('markdown-editor');
    fireEvent.change(editor, { target: { value: '## Notes' } });
    fireEvent.blur(screen.getByTestId('editable-markdown'));
    expect(layoutOf(store).present['MARKDOWN-1']?.meta.code).toBe('## Notes');
  });

  it('adds, renames and deletes tabs; deleting the last tab deletes the tabs', async () => {
    const { store } = setup(
      gridLayout([node('TABS-1', 'TABS', {}, [node('TAB-1', 'TAB', { text: 'One' })])]),
    );
    fireEvent.click(screen.getAllByTestId('add-tab')[0] as HTMLElement);
    const tabs = () => layoutOf(store).present['TABS-1']?.children ?? [];
    expect(tabs()).toHaveLength(2);
    const added = layoutOf(store).present[tabs()[1] as string];
    expect(added?.meta.defaultText).toBe('Tab title');

    fireEvent.doubleClick(screen.getAllByTestId('tab-title')[0] as HTMLElement);
    const input = screen.getByTestId('tab-title-input');
    fireEvent.change(input, { target: { value: 'First' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(layoutOf(store).present['TAB-1']?.meta.text).toBe('First');

    for (const button of screen.getAllByTestId('delete-tab')) {
      fireEvent.click(button);
      fireEvent.click(await screen.findByTestId('delete-tab-confirm'));
    }
    expect(layoutOf(store).present['TABS-1']).toBeUndefined();
    expect(layoutOf(store).present[GRID_ID]?.children).toEqual([]);
  });

  it('asks before deleting a tab: Cancel keeps it, DELETE removes it, undo brings it back', async () => {
    const { store } = setup(
      gridLayout([
        node('TABS-1', 'TABS', {}, [
          node('TAB-1', 'TAB', { text: 'One' }, [node('ROW-1', 'ROW', {}, [chart(1)])]),
          node('TAB-2', 'TAB', { text: 'Two' }),
        ]),
      ]),
    );
    const tabs = () => layoutOf(store).present['TABS-1']?.children;
    const deleteButton = () =>
      screen.getAllByTestId('delete-tab').find((b) => b.dataset.tabId === 'TAB-1') as HTMLElement;

    fireEvent.click(deleteButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete dashboard tab?')).toBeTruthy();
    expect(within(dialog).getByTestId('delete-tab-text').textContent).toBe(
      'Deleting a tab will remove all content within it and will deactivate any related alerts or reports. You may still reverse this action with the undo button (cmd + z) until you save your changes.',
    );
    expect(within(dialog).getByTestId('delete-tab-text').querySelector('b')?.textContent).toBe(
      'undo',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(tabs()).toEqual(['TAB-1', 'TAB-2']);
    expect(layoutOf(store).hasUnsavedChanges).toBe(false);

    fireEvent.click(deleteButton());
    fireEvent.click(await screen.findByRole('button', { name: 'DELETE' }));
    expect(tabs()).toEqual(['TAB-2']);
    expect(layoutOf(store).present['CHART-1']).toBeUndefined();

    fireEvent.click(screen.getByTestId('dashboard-undo'));
    expect(tabs()).toEqual(['TAB-1', 'TAB-2']);
    expect(layoutOf(store).present['CHART-1']).toBeDefined();
  });

  it('puts the tools of tabs in a strip above the tab bar, not over it', () => {
    setup(gridLayout([node('TABS-1', 'TABS', {}, [node('TAB-1', 'TAB', { text: 'One' })])]));
    const frame = screen
      .getAllByTestId('editable-component')
      .find((f) => f.dataset.componentId === 'TABS-1') as HTMLElement;
    expect(frame.classList.contains('dashboard-edit-frame--tabs')).toBe(true);
    const tools = frame.querySelector(':scope > .dashboard-edit-tools');
    expect(tools?.contains(within(frame).getAllByTestId('add-tab')[0] as HTMLElement)).toBe(false);
  });

  it('drags a layout element from the builder pane into the grid', async () => {
    const { store } = setup(sample());
    rects = {
      [GRID_ID]: { top: 0, left: 0, right: 1200, bottom: 900 },
      'ROW-1': { top: 0, left: 0, right: 1200, bottom: 400 },
      'HEADER-1': { top: 400, left: 0, right: 1200, bottom: 460 },
      'MARKDOWN-1': { top: 460, left: 0, right: 1200, bottom: 700 },
    };
    fireEvent.click(screen.getByTestId('builder-tab-elements'));
    const divider = screen
      .getAllByTestId('builder-element')
      .find((e) => e.dataset.type === 'DIVIDER') as HTMLElement;
    await drag(divider, { x: 600, y: 800 });
    const grid = layoutOf(store).present[GRID_ID]?.children ?? [];
    expect(grid).toHaveLength(4);
    expect(layoutOf(store).present[grid[3] as string]?.type).toBe('DIVIDER');
  });

  it(`refuses a chart dropped into a full row: "${NOT_ENOUGH_SPACE_MESSAGE}"`, async () => {
    const { store, app } = setup(sample());
    rects = {
      [GRID_ID]: { top: 0, left: 0, right: 1200, bottom: 900 },
      'ROW-1': { top: 0, left: 0, right: 1200, bottom: 400 },
      'CHART-1': { top: 0, left: 0, right: 400, bottom: 400 },
      'CHART-2': { top: 0, left: 400, right: 800, bottom: 400 },
      'CHART-3': { top: 0, left: 800, right: 1200, bottom: 400 },
    };
    const charts = await screen.findAllByTestId('builder-chart');
    await hover(charts[0] as HTMLElement, { x: 450, y: 200 });
    // While hovering, the refusal shows: a forbidden box round the row, the not-allowed cursor.
    const indicator = await paintedIndicator();
    expect(indicator.dataset.position).toBe('DROP_FORBIDDEN');
    expect(indicator.classList.contains('forbidden')).toBe(true);
    expect(indicator.dataset.targetId).toBe('ROW-1');
    expect(indicator.dataset.refusal).toBe(NOT_ENOUGH_SPACE_MESSAGE);
    expect(indicator.style.width).toBe('1200px');
    expect(document.documentElement.classList.contains('dashboard-drop-forbidden')).toBe(true);
    expect(toasts(app)).toEqual([]);

    await release({ x: 450, y: 200 });
    expect(document.documentElement.classList.contains('dashboard-drop-forbidden')).toBe(false);
    expect(toasts(app)).toContain(
      'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
    );
    expect(layoutOf(store).present['ROW-1']?.children).toHaveLength(3);
  });

  it('shows an allowed drop as a line, not forbidden', async () => {
    setup(sample());
    rects = {
      [GRID_ID]: { top: 0, left: 0, right: 1200, bottom: 900 },
      'ROW-1': { top: 0, left: 0, right: 1200, bottom: 400 },
      'HEADER-1': { top: 400, left: 0, right: 1200, bottom: 460 },
      'MARKDOWN-1': { top: 460, left: 0, right: 1200, bottom: 700 },
    };
    fireEvent.click(screen.getByTestId('builder-tab-elements'));
    const divider = (await screen.findAllByTestId('builder-element')).find(
      (e) => e.dataset.type === 'DIVIDER',
    ) as HTMLElement;
    await hover(divider, { x: 600, y: 800 });
    const indicator = await paintedIndicator();
    expect(indicator.dataset.position).not.toBe('DROP_FORBIDDEN');
    expect(indicator.classList.contains('forbidden')).toBe(false);
    expect(indicator.dataset.refusal).toBeUndefined();
    expect(document.documentElement.classList.contains('dashboard-drop-forbidden')).toBe(false);
    await release({ x: 600, y: 800 });
  });

  it(`shows a top-level tab over nested tabs as forbidden: "${TOP_LEVEL_TAB_MESSAGE}"`, async () => {
    const { store, app } = setup(
      buildLayout([
        node('TABS-TOP', 'TABS', {}, [
          node('TAB-A', 'TAB', { text: 'A' }, [
            node('TABS-N', 'TABS', {}, [node('TAB-N1', 'TAB', { text: 'N1' })]),
          ]),
          node('TAB-B', 'TAB', { text: 'B' }),
        ]),
      ]),
    );
    rects = {
      'label:TAB-N1': { top: 100, left: 0, right: 100, bottom: 130 },
      'TABS-N': { top: 100, left: 0, right: 1200, bottom: 400 },
    };
    const handle = screen
      .getAllByTestId('tab-drag-handle')
      .find((h) => h.getAttribute('aria-label') === 'Move tab B') as HTMLElement;
    await hover(handle, { x: 80, y: 115 });
    const indicator = await paintedIndicator();
    expect(indicator.dataset.position).toBe('DROP_FORBIDDEN');
    expect(indicator.dataset.targetId).toBe('TABS-N');
    expect(indicator.dataset.refusal).toBe(TOP_LEVEL_TAB_MESSAGE);
    await release({ x: 80, y: 115 });
    expect(toasts(app)).toContain(TOP_LEVEL_TAB_MESSAGE);
    expect(layoutOf(store).present['TABS-TOP']?.children).toEqual(['TAB-A', 'TAB-B']);
  });

  it('toasts the spec’s message for a chart without a definition', async () => {
    const { store, app } = setup(sample());
    rects = { [GRID_ID]: { top: 0, left: 0, right: 1200, bottom: 900 } };
    const charts = await screen.findAllByTestId('builder-chart');
    await drag(charts[1] as HTMLElement, { x: 600, y: 850 });
    expect(toasts(app)).toContain(
      'Sorry, there is no chart definition associated with the chart trying to be added.',
    );
    expect(layoutOf(store).present[GRID_ID]?.children).toHaveLength(3);
  });

  it('adds a chart from the pane in a new row and marks it as added', async () => {
    const { store } = setup(sample());
    rects = { [GRID_ID]: { top: 0, left: 0, right: 1200, bottom: 900 } };
    const charts = await screen.findAllByTestId('builder-chart');
    await drag(charts[0] as HTMLElement, { x: 600, y: 850 });
    const present = layoutOf(store).present;
    const added = Object.values(present).find((c) => c.type === 'CHART' && c.meta.chartId === 11);
    expect(added?.meta).toMatchObject({ width: 4, height: 50, sliceName: 'Revenue' });
    expect(present[added?.parents?.at(-1) as string]?.type).toBe('ROW');
    await waitFor(() =>
      expect(store.getState().dashboardInfo.slices[11]?.slice_name).toBe('Revenue'),
    );
    const card = screen.getAllByTestId('builder-chart').find((c) => c.dataset.chartId === '11');
    expect(card?.dataset.inDashboard).toBe('true');
  });

  it(`warns once all ${UNDO_LIMIT} undo slots are used`, async () => {
    const { store, app } = setup(sample());
    const { resizeComponent } = await import('../state/layoutSlice.ts');
    act(() => {
      for (let i = 0; i < UNDO_LIMIT; i++)
        store.dispatch(resizeComponent({ id: 'CHART-1', height: 10 + i }));
    });
    await waitFor(() =>
      expect(toasts(app)).toContain(
        'You have used all 50 undo slots and will not be able to fully undo subsequent actions',
      ),
    );
  });
});
