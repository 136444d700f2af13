import type { BootstrapUser } from '@tessera/shared/api/bootstrap';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMMON } from '../../../../app/bootstrap.ts';
import { bootstrapLoaded } from '../../../../app/sessionSlice.ts';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../../../test/render.tsx';
import { fakeServer } from '../../../datasets/testing.ts';
import { createDrawScheduler } from '../../charts/drawScheduler.ts';
import { DashboardPageContext, type DashboardPageOptions } from '../../pageContext.ts';
import { dashboardInfoLoaded } from '../../state/dashboardInfoSlice.ts';
import { dashboardLoaded, editModeSet } from '../../state/dashboardSlice.ts';
import { DashboardContext } from '../../state/hooks.ts';
import { createDashboardStore } from '../../state/store.ts';
import { canCopyDashboard, DashboardHeader, headerMenuItems } from './DashboardHeader.tsx';
import { RefreshIntervalModal, refreshOptions, SaveAsModal } from './HeaderModals.tsx';
import { PropertiesModal } from './PropertiesModal.tsx';

afterEach(() => vi.unstubAllGlobals());

const OWNER = { id: 7, first_name: 'Sam', last_name: 'Tester' };
const ALPHA: BootstrapUser['roles'] = {
  Alpha: [
    ['can_read', 'Dashboard'],
    ['can_write', 'Dashboard'],
  ],
};

function pageOptions(canEdit: boolean): DashboardPageOptions {
  return {
    permissions: {
      canEdit,
      canSave: true,
      canShare: false,
      canFullscreen: false,
      canExplore: false,
      canShareChart: false,
      canCsv: false,
      canWriteChart: false,
    },
    url: {
      standalone: 0,
      hideNav: false,
      hideTitle: false,
      hideTab: false,
      hideChartControls: false,
      report: false,
      edit: false,
      force: false,
      focusedChart: null,
      anchor: null,
    },
    colorNamespace: 'GLOBAL',
    labelColors: {},
    onChartRendered: () => {},
    shareChartLink: async () => '',
    drawScheduler: createDrawScheduler(),
  };
}

/** The header (and whatever else) on a dashboard page's own store, at /superset/dashboard/4/. */
function mount(
  extra: ReactNode,
  options: {
    editMode?: boolean;
    user?: BootstrapUser;
    rbac?: boolean;
    owners?: Array<typeof OWNER>;
  } = {},
) {
  const store = createDashboardStore();
  store.dispatch(
    dashboardInfoLoaded({
      info: {
        id: 4,
        slug: null,
        dashboard_title: 'Sales',
        url: '/superset/dashboard/4/',
        owners: options.owners ?? [OWNER],
        roles: [],
        certified_by: null,
        certification_details: null,
        changed_on: '2026-01-01T00:00:00.000Z',
        changed_by_name: 'Sam Tester',
        metadata: { color_scheme: null },
        last_modified_time: 0,
        filterBarOrientation: 'VERTICAL',
        crossFiltersEnabled: true,
      },
      slices: {},
      datasources: {},
    }),
  );
  store.dispatch(
    dashboardLoaded({
      css: '',
      sliceIds: [],
      isPublished: false,
      colorScheme: null,
      expandedSlices: {},
      lastModifiedTime: 0,
      refreshFrequency: 0,
      editMode: false,
      activeTabs: [],
      directPathToChild: [],
      firstScreenChartIds: [],
    }),
  );
  if (options.editMode) store.dispatch(editModeSet(true));
  const user = options.user ?? testUser(ADMIN, 'admin');
  const rendered = renderWithApp(
    <Provider store={store} context={DashboardContext}>
      <DashboardPageContext.Provider value={pageOptions(true)}>
        <DashboardHeader
          onAction={() => {}}
          onEdit={() => {}}
          onSave={() => {}}
          onDiscard={() => {}}
        />
        {extra}
      </DashboardPageContext.Provider>
    </Provider>,
    { user, path: '/superset/dashboard/4/' },
  );
  if (options.rbac) {
    act(() => {
      rendered.store.dispatch(
        bootstrapLoaded({
          user,
          common: {
            ...DEFAULT_COMMON,
            feature_flags: { ...DEFAULT_COMMON.feature_flags, DASHBOARD_RBAC: true },
          },
        }),
      );
    });
  }
  return { ...rendered, dashboard: store };
}

const title = () => screen.getByTestId('dashboard-title');
const toastTexts = (store: ReturnType<typeof mount>['store']) =>
  store.getState().toasts.map((t) => t.text);

// antd under jsdom renders slowly on a busy machine.
describe('dashboard header', { timeout: 60_000 }, () => {
  it('turns an emptied title into "[ untitled dashboard ]" at once and keeps it editable', async () => {
    const { dashboard } = mount(null, { editMode: true });
    fireEvent.click(title());
    const input = await screen.findByTestId('dashboard-title-input');
    expect(input.getAttribute('placeholder')).toBe('Add the name of the dashboard');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.blur(input);
    expect(title().textContent).toBe('[ untitled dashboard ]');
    expect(dashboard.getState().dashboardInfo.info?.dashboard_title).toBe('[ untitled dashboard ]');
    // Still a heading to click, and by keyboard too.
    fireEvent.keyDown(title(), { key: 'Enter' });
    const again = await screen.findByTestId('dashboard-title-input');
    fireEvent.change(again, { target: { value: 'Q3 sales' } });
    fireEvent.blur(again);
    expect(title().textContent).toBe('Q3 sales');
  });

  it('saves properties outside edit mode and moves to the address the server answered', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/v1\/dashboard\/related\//, { body: { count: 0, result: [] } }],
      [
        'PUT',
        /^\/api\/v1\/dashboard\/4$/,
        {
          body: {
            id: 4,
            result: { dashboard_title: '[ untitled dashboard ]', slug: 'q3-sales' },
            last_modified_time: 1767225600,
          },
        },
      ],
    ]);
    let close = () => {};
    const closed = new Promise<void>((resolve) => {
      close = resolve;
    });
    const { router, store, dashboard } = mount(<PropertiesModal onClose={() => close()} />);
    fireEvent.change(await screen.findByTestId('dashboard-properties-title'), {
      target: { value: '' },
    });
    fireEvent.change(screen.getByTestId('dashboard-properties-slug'), {
      target: { value: 'q3 sales' },
    });
    fireEvent.click(screen.getByTestId('dashboard-properties-save'));
    await closed;
    const put = server.made('PUT', /dashboard\/4$/)[0]?.body as Record<string, unknown>;
    expect(put.dashboard_title).toBe('[ untitled dashboard ]');
    expect(put.slug).toBe('q3 sales');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/superset/dashboard/q3-sales/'),
    );
    expect(title().textContent).toBe('[ untitled dashboard ]');
    expect(dashboard.getState().dashboardInfo.info?.slug).toBe('q3-sales');
    expect(toastTexts(store)).toEqual(['The dashboard has been saved']);
  });

  it('shows each colour scheme with its colours, to preview the choice', async () => {
    fakeServer([['GET', /^\/api\/v1\/dashboard\/related\//, { body: { count: 0, result: [] } }]]);
    mount(<PropertiesModal onClose={() => {}} />);
    const scheme = await screen.findByTestId('dashboard-properties-color-scheme');
    fireEvent.mouseDown(within(scheme).getByRole('combobox'));
    const option = (await screen.findAllByTitle('Airbnb Colors'))[0] as HTMLElement;
    expect(within(option).getAllByTestId('scheme-swatch')).toHaveLength(1);
  });

  it('opens a dashboard whose stored slug reads as a number by its id', async () => {
    fakeServer([
      ['GET', /^\/api\/v1\/dashboard\/related\//, { body: { count: 0, result: [] } }],
      ['PUT', /^\/api\/v1\/dashboard\/4$/, { body: { id: 4, result: { slug: '2024' } } }],
    ]);
    const onClose = vi.fn();
    const { router, dashboard } = mount(<PropertiesModal onClose={onClose} />);
    fireEvent.change(await screen.findByTestId('dashboard-properties-slug'), {
      target: { value: '2024' },
    });
    fireEvent.click(screen.getByTestId('dashboard-properties-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dashboard.getState().dashboardInfo.info?.url).toBe('/superset/dashboard/4/');
    expect(router.state.location.pathname).toBe('/superset/dashboard/4/');
  });

  it('hides "Save as" under DASHBOARD_RBAC from users who neither own the dashboard nor administer', async () => {
    const visible = async () => {
      fireEvent.click(screen.getByTestId('dashboard-menu'));
      await screen.findByTestId('dashboard-menu-refresh');
      return screen.queryByTestId('dashboard-menu-save-as') !== null;
    };
    const alpha = testUser(ALPHA, 'alpha');
    const stranger = { ...OWNER, id: 99 };
    const notOwner = mount(null, { user: alpha, rbac: true, owners: [stranger] });
    expect(await visible()).toBe(false);
    notOwner.unmount();
    const owner = mount(null, { user: alpha, rbac: true });
    expect(await visible()).toBe(true);
    owner.unmount();
    mount(null, { user: alpha, owners: [stranger] });
    expect(await visible()).toBe(true);
  });
});

describe('save as', { timeout: 60_000 }, () => {
  it('opens the copy and says "This dashboard was saved successfully."', async () => {
    const server = fakeServer([
      [
        'POST',
        /^\/api\/v1\/dashboard\/4\/copy\/$/,
        { body: { result: { id: 12, last_modified_time: 1 } } },
      ],
    ]);
    const onClose = vi.fn();
    const { router, store } = mount(<SaveAsModal layout={{}} onClose={onClose} />);
    fireEvent.click(await screen.findByTestId('dashboard-save-as-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/superset/dashboard/12/'));
    expect(onClose).toHaveBeenCalled();
    expect(toastTexts(store)).toEqual(['This dashboard was saved successfully.']);
    const copy = server.made('POST', /copy/)[0]?.body as { dashboard_title?: string } | undefined;
    expect(copy?.dashboard_title).toBe('Sales [copy]');
  });

  it('shows the server’s refusal and stays', async () => {
    fakeServer([['POST', /copy\/$/, { status: 403, body: { message: 'Forbidden' } }]]);
    const { router, store } = mount(<SaveAsModal layout={{}} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('dashboard-save-as-submit'));
    await screen.findByText('Forbidden');
    expect(router.state.location.pathname).toBe('/superset/dashboard/4/');
    expect(toastTexts(store)).toEqual([]);
  });
});

describe('who may Save as', () => {
  it('needs ownership or admin only with DASHBOARD_RBAC', () => {
    const alpha = testUser(ALPHA, 'alpha');
    const theirs = { owners: [{ id: 99 }] };
    expect(canCopyDashboard(alpha, theirs, { DASHBOARD_RBAC: false })).toBe(true);
    expect(canCopyDashboard(alpha, theirs, { DASHBOARD_RBAC: true })).toBe(false);
    expect(canCopyDashboard(alpha, { owners: [7] }, { DASHBOARD_RBAC: true })).toBe(true);
    expect(canCopyDashboard(testUser(ADMIN), theirs, { DASHBOARD_RBAC: true })).toBe(true);
    expect(canCopyDashboard(testUser(GAMMA), theirs, { DASHBOARD_RBAC: true })).toBe(false);
    const keys = (canSave: boolean) =>
      (
        headerMenuItems({
          canEdit: false,
          canSave,
          canShare: false,
          canFullscreen: false,
          editMode: false,
          fullscreen: false,
        }) ?? []
      ).map((item) => item?.key);
    expect(keys(false)).not.toContain('save_as');
    expect(keys(true)).toContain('save_as');
  });
});

describe('refresh interval', { timeout: 60_000 }, () => {
  it('shows the current choice as the selected value, not dimmed while the list is open', async () => {
    const { container } = mount(<RefreshIntervalModal onClose={() => {}} />);
    const select = await screen.findByTestId('dashboard-refresh-select');
    expect(select.textContent).toContain("Don't refresh");
    const content = (select.closest('.ant-select') ?? container).querySelector(
      '.ant-select-content',
    ) as HTMLElement;
    expect(content.className).toContain('ant-select-content-has-value');
    expect(content.style.opacity).toBe('1');
  });

  it('offers the dashboard’s own interval when it is not a listed one', () => {
    const options = refreshOptions(120);
    expect(options.map((o) => o.value)).toEqual([
      0, 10, 30, 60, 120, 300, 1800, 3600, 21600, 43200, 86400,
    ]);
    expect(options.find((o) => o.value === 120)?.label).toBe('120 seconds');
    expect(refreshOptions(0)).toHaveLength(10);
  });
});
