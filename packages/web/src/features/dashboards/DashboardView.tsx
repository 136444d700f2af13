import { canAddChart } from '@tessera/shared/api/explore';
import { dashboardPermissions } from '@tessera/shared/dashboard/permissions';
import { App, Flex, Spin, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOG_EVENTS, logEvent } from '../../app/eventLogger.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { copyToClipboard } from '../../components/DataGrid/copy.ts';
import { ChartAnimationContext } from '../../viz/common/chartAnimation.ts';
import { shareByEmailHref } from '../explore/exportChart.ts';
import { createDrawScheduler } from './charts/drawScheduler.ts';
import { DashboardGrid } from './components/DashboardGrid.tsx';
import { DashboardHeader, type HeaderAction } from './components/header/DashboardHeader.tsx';
import { downloadDashboardImage, downloadDashboardPdf } from './exportDashboard.ts';
import { WithFilterBar } from './nativeFilters/WithFilterBar.tsx';
import { DashboardPageContext, type DashboardPageOptions } from './pageContext.ts';
import { fullSizeChartSet } from './state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from './state/hooks.ts';
import type { DashboardUrlParams } from './urlParams.ts';
import { useDashboardRuntime } from './useDashboardRuntime.ts';
import { useEditSession } from './useEditSession.ts';
import { useReportReady } from './useReportReady.ts';
import { useSaveDashboard } from './useSaveDashboard.ts';

// The editor (dnd-kit and the builder pane) loads only when someone edits.
const EditableGrid = lazy(() =>
  import('./edit/EditableGrid.tsx').then((m) => ({ default: m.EditableGrid })),
);
const BuilderPane = lazy(() =>
  import('./edit/BuilderPane.tsx').then((m) => ({ default: m.BuilderPane })),
);

// The header's dialogs (forms, selects, the CSS editor) load when opened.
const PropertiesModal = lazy(() =>
  import('./components/header/PropertiesModal.tsx').then((m) => ({ default: m.PropertiesModal })),
);
const CssModal = lazy(() =>
  import('./components/header/HeaderModals.tsx').then((m) => ({ default: m.CssModal })),
);
const SaveAsModal = lazy(() =>
  import('./components/header/HeaderModals.tsx').then((m) => ({ default: m.SaveAsModal })),
);
const RefreshIntervalModal = lazy(() =>
  import('./components/header/HeaderModals.tsx').then((m) => ({
    default: m.RefreshIntervalModal,
  })),
);

type HeaderModal = 'properties' | 'css' | 'save_as' | 'auto_refresh' | null;

/** The loaded dashboard: header, grid (or the editor), modals, CSS, standalone modes. */
export function DashboardView({ url }: { url: DashboardUrlParams }) {
  const dispatch = useDashboardDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  const { modal: confirm } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const user = useAppSelector((s) => s.session.user);
  const rbac = useAppSelector((s) => s.session.common.feature_flags.DASHBOARD_RBAC ?? false);
  const info = useDashboardSelector((s) => s.dashboardInfo.info);
  const owners = useDashboardSelector((s) => s.dashboardInfo.info?.owners);
  const editMode = useDashboardSelector((s) => s.dashboardState.editMode);
  const css = useDashboardSelector((s) => s.dashboardState.css);
  const fullSizeChartId = useDashboardSelector((s) => s.dashboardState.fullSizeChartId);
  const directPath = useDashboardSelector((s) => s.dashboardState.directPathToChild);
  const directPathUpdated = useDashboardSelector((s) => s.dashboardState.directPathLastUpdated);
  const gridRef = useRef<HTMLDivElement>(null);
  const [modal, setModal] = useState<HeaderModal>(null);
  const [drawScheduler] = useState(createDrawScheduler);
  const reportReady = useReportReady(url.report, gridRef, drawScheduler);
  usePageTitle(info?.dashboard_title ?? 'Dashboard');

  const permissions = useMemo(
    () => ({
      ...dashboardPermissions(user, { owners: owners ?? [] }, { DASHBOARD_RBAC: rbac }),
      canWriteChart: canAddChart(user),
    }),
    [user, owners, rbac],
  );
  const runtime = useDashboardRuntime(permissions.canEdit);
  const edit = useEditSession();
  const save = useSaveDashboard();

  const shareChartLink = useCallback(
    (layoutId: string) => runtime.createPermalink(layoutId),
    [runtime.createPermalink],
  );
  const pageOptions = useMemo<DashboardPageOptions>(
    () => ({
      permissions,
      url,
      colorNamespace: runtime.colorNamespace,
      labelColors: runtime.labelColors,
      onChartRendered: runtime.onChartRendered,
      shareChartLink,
      drawScheduler,
    }),
    [
      permissions,
      url,
      runtime.colorNamespace,
      runtime.labelColors,
      runtime.onChartRendered,
      shareChartLink,
      drawScheduler,
    ],
  );

  useEffect(() => {
    performance.mark('dashboard mounted');
  }, []);

  // The anchor (or focused chart) is scrolled to once its tabs are open and it is drawn.
  useEffect(() => {
    const target = directPath.at(-1);
    if (!target || !directPathUpdated) return;
    const timer = setTimeout(() => {
      document.getElementById(target)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }, 150);
    return () => clearTimeout(timer);
  }, [directPath, directPathUpdated]);

  // Escape leaves a full-size chart.
  useEffect(() => {
    if (fullSizeChartId === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(fullSizeChartSet(null));
    };
    globalThis.addEventListener('keydown', onKey);
    return () => globalThis.removeEventListener('keydown', onKey);
  }, [fullSizeChartId, dispatch]);

  /** Changes the address's parameters in place (no new history entry, no reload). */
  const replaceParams = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(location.search);
    change(params);
    const search = params.toString();
    navigate({ search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  };

  const toggleFullscreen = () =>
    replaceParams((params) => {
      if (url.hideNav) params.delete('standalone');
      else params.set('standalone', '1');
    });

  // As Superset: once edit mode is left, a reload opens the dashboard to read, not to edit.
  const discard = () => {
    edit.discard();
    if (new URLSearchParams(location.search).has('edit')) {
      replaceParams((params) => params.delete('edit'));
    }
  };

  const sharePermalink = async (byEmail: boolean) => {
    try {
      const link = await runtime.createPermalink();
      if (byEmail) {
        globalThis.location.href = shareByEmailHref(info?.dashboard_title ?? '', link).replace(
          'Tessera chart',
          'Tessera dashboard',
        );
        return;
      }
      await copyToClipboard(link);
      addSuccessToast('Copied to clipboard!');
    } catch {
      addDangerToast('Sorry, something went wrong. Try again later.');
    }
  };

  const onAction = (action: HeaderAction) => {
    const id = info?.id;
    switch (action) {
      case 'refresh':
        runtime.forceRefresh();
        return;
      case 'fullscreen':
        toggleFullscreen();
        return;
      case 'download_image':
      case 'download_pdf': {
        const image = action === 'download_image';
        logEvent(image ? LOG_EVENTS.dashboardDownloadImage : LOG_EVENTS.dashboardDownloadPdf, {
          sourceId: id,
        });
        // The whole page, so the picture carries the dashboard's title above its grid.
        const page = gridRef.current?.closest<HTMLElement>('[data-testid="dashboard-page"]');
        const download = image ? downloadDashboardImage : downloadDashboardPdf;
        if (page) {
          download(page, drawScheduler, info?.dashboard_title || 'dashboard').catch(() =>
            addDangerToast('Sorry, something went wrong. Try again later.'),
          );
        }
        return;
      }
      case 'share_copy':
        void sharePermalink(false);
        return;
      case 'share_email':
        void sharePermalink(true);
        return;
      case 'save_as':
      case 'auto_refresh':
      case 'properties':
      case 'css':
        setModal(action);
        return;
    }
  };

  const hideHeader = url.hideTitle || url.report;
  const body = (
    <div
      data-testid="dashboard-page"
      data-dashboard-id={info?.id}
      data-edit-mode={editMode ? 'true' : 'false'}
      data-report-ready={url.report ? String(reportReady) : undefined}
    >
      <style data-testid="dashboard-css">{css}</style>
      {!hideHeader && (
        <DashboardHeader
          onAction={onAction}
          onEdit={edit.start}
          onSave={() => void save()}
          onDiscard={() =>
            edit.hasUnsavedChanges
              ? confirm.confirm({
                  title: 'Discard your changes?',
                  okText: 'Discard',
                  okButtonProps: {
                    danger: true,
                    'data-testid': 'dashboard-discard-confirm',
                  } as never,
                  onOk: discard,
                })
              : discard()
          }
        />
      )}
      <div
        ref={gridRef}
        className="dashboard-content"
        // The holders' colours, set once here rather than read from the theme by each of them.
        style={
          {
            '--holder-bg': token.colorBgContainer,
            '--holder-border': token.colorBorderSecondary,
            '--holder-radius': `${token.borderRadius}px`,
            '--holder-text-secondary': token.colorTextSecondary,
          } as React.CSSProperties
        }
      >
        {editMode ? (
          <Suspense fallback={<Spin />}>
            <Flex gap={12} align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>
                <EditableGrid />
              </div>
              <BuilderPane />
            </Flex>
          </Suspense>
        ) : (
          <WithFilterBar
            canEdit={permissions.canEdit}
            hidden={url.report || url.showFilters === false}
          >
            <DashboardGrid />
          </WithFilterBar>
        )}
      </div>
      <Suspense fallback={null}>
        {modal === 'properties' && <PropertiesModal onClose={() => setModal(null)} />}
        {modal === 'css' && <CssModal onClose={() => setModal(null)} />}
        {modal === 'save_as' && (
          <SaveAsModal layout={runtime.layout} onClose={() => setModal(null)} />
        )}
        {modal === 'auto_refresh' && <RefreshIntervalModal onClose={() => setModal(null)} />}
      </Suspense>
    </div>
  );

  return (
    <DashboardPageContext.Provider value={pageOptions}>
      <ChartAnimationContext.Provider value={false}>
        {url.hideNav ? (
          <div
            data-testid="dashboard-standalone"
            data-standalone={url.standalone}
            style={{
              // A report's screenshot grows the window to the document's height: in report mode
              // the page lies in the document's flow (it scrolls the document, not itself).
              ...(url.report
                ? { position: 'absolute', top: 0, left: 0, right: 0, minHeight: '100vh' }
                : { position: 'fixed', inset: 0, overflow: 'auto' }),
              zIndex: 1000,
              padding: '8px 16px',
              background: token.colorBgLayout,
            }}
          >
            {body}
          </div>
        ) : (
          body
        )}
      </ChartAnimationContext.Provider>
    </DashboardPageContext.Provider>
  );
}

export function DashboardLoading() {
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin />
    </Flex>
  );
}
