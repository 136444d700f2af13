import { canOverwriteChart } from '@tessera/shared/api/explore';
import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { DEFAULT_CHART_HEIGHT, GRID_BASE_UNIT } from '@tessera/shared/dashboard/position';
import { Alert, Flex } from 'antd';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../../app/store.ts';
import { ChartRenderer } from '../../../../viz/ChartRenderer.tsx';
import { ChartLoading } from '../../../../viz/common/ChartLoading.tsx';
import type { ChartFilterClause, ChartHooks } from '../../../../viz/types.ts';
import {
  ChartContextMenu,
  type ChartMenuPoint,
} from '../../../explore/components/ChartContextMenu.tsx';
import { type ChartMenuKey, chartMenuKeys } from '../../charts/chartMenu.ts';
import { useChartActions } from '../../charts/useChartActions.ts';
import { useChartDraw } from '../../charts/useChartDraw.ts';
import {
  IN_VIEW_MARGIN_PX,
  useElementSize,
  useInView,
  useOnScreen,
} from '../../charts/useInView.ts';
import { crossFilterEmitted } from '../../nativeFilters/crossFilters.ts';
import { useDashboardPage } from '../../pageContext.ts';
import { chartRenderFailed, chartRenderSucceeded } from '../../state/chartsSlice.ts';
import { fullSizeChartSet, sliceExpandToggled } from '../../state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../../state/hooks.ts';
import { chartLive, fetchChartData } from '../../state/thunks.ts';
import type { ChartModal } from './ChartModals.tsx';
import { renderMarkdown } from './markdown.ts';
import { CHART_TITLE_TEXT, SliceHeader } from './SliceHeader.tsx';

const HEADER_HEIGHT = 36;

// Opened from the chart menu only: their code (a data grid, the query viewer) loads then, not
// with the dashboard.
const ChartModals = lazy(async () => ({
  default: (await import('./ChartModals.tsx')).ChartModals,
}));

/**
 * One chart on the dashboard: header with its action menu, and the chart drawn once it has been
 * scrolled into view. Memoised on the layout component so dragging or resizing elsewhere does
 * not redraw it.
 */
interface HolderProps {
  component: LayoutItem;
  /** Overrides the stored height in grid units (the editor while resizing). */
  height?: number;
}

export const ChartHolder = memo(function ChartHolder(props: HolderProps) {
  const chartId = props.component.meta.chartId as number;
  const known = useDashboardSelector((state) => Boolean(state.dashboardInfo.slices[chartId]));
  // The drawn chart mounts only with its definition, so its in-view and size observers attach to
  // elements that exist (a chart dropped from the builder pane gets its definition a moment later).
  if (!known) {
    return (
      <Alert
        type="warning"
        showIcon
        title="There is no chart definition associated with this component, could it have been deleted?"
        data-testid="chart-missing"
        style={{ margin: 8 }}
      />
    );
  }
  return <LoadedChartHolder {...props} />;
});

function LoadedChartHolder({ component, height: heightOverride }: HolderProps) {
  const chartId = component.meta.chartId as number;
  const dispatch = useDashboardDispatch();
  const navigate = useNavigate();
  const page = useDashboardPage();
  const user = useAppSelector((state) => state.session.user);
  const themeMode = useAppSelector((state) => state.theme.mode);
  const drillFlag = useAppSelector(
    (state) => state.session.common.feature_flags.DRILL_TO_DETAIL ?? true,
  );
  const escapeMarkdownHtml = useAppSelector(
    (state) => state.session.common.feature_flags.ESCAPE_MARKDOWN_HTML ?? false,
  );
  const slice = useDashboardSelector((state) => state.dashboardInfo.slices[chartId]);
  const chart = useDashboardSelector((state) => state.charts[chartId]);
  const datasource = useDashboardSelector((state) => {
    const key = String(slice?.form_data.datasource ?? '');
    return state.dashboardInfo.datasources[key] ?? null;
  });
  const expanded = useDashboardSelector(
    (state) => state.dashboardState.expandedSlices[chartId] ?? false,
  );
  const fullSize = useDashboardSelector(
    (state) => state.dashboardState.fullSizeChartId === chartId,
  );
  const outerRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onFirstScreen = useDashboardSelector((state) =>
    state.dashboardState.firstScreenChartIds.includes(chartId),
  );
  const inView = useInView(outerRef, IN_VIEW_MARGIN_PX, onFirstScreen);
  const onScreen = useOnScreen(outerRef);
  const size = useElementSize(bodyRef);
  const [modal, setModal] = useState<ChartModal | null>(null);
  const [contextMenu, setContextMenu] = useState<ChartMenuPoint | null>(null);

  useEffect(() => {
    if (inView && chart?.triggerQuery && slice) void dispatch(fetchChartData(chartId));
  }, [inView, chart?.triggerQuery, slice, chartId, dispatch]);
  useEffect(() => (inView ? dispatch(chartLive(chartId)) : undefined), [inView, chartId, dispatch]);

  const drawing = useChartDraw({
    inView,
    vizType: slice?.viz_type,
    formData: chart?.latestQueryFormData,
    queriesData: chart?.queriesResponse,
    sized: size.width > 0 && size.height > 0,
    onScreen,
  });

  const onRenderSuccess = useCallback(() => {
    dispatch(chartRenderSucceeded(chartId));
    page.onChartRendered(chartId);
  }, [dispatch, chartId, page]);
  const onRenderFailure = useCallback(
    (error: Error) => dispatch(chartRenderFailed({ id: chartId, error: error.message })),
    [dispatch, chartId],
  );
  const crossFiltersEnabled = useDashboardSelector((state) =>
    Boolean(state.dashboardInfo.info?.crossFiltersEnabled),
  );
  const editMode = useDashboardSelector((state) => state.dashboardState.editMode);
  const crossFilters = crossFiltersEnabled && !editMode;
  // The chart's own cross-filter: it draws its selection from this, without querying again.
  const filterState = useDashboardSelector((state) => state.dataMask[String(chartId)]?.filterState);
  const hooks = useMemo<ChartHooks>(
    () => ({
      onContextMenu:
        page.permissions.canExplore && drillFlag
          ? (x: number, y: number, filters: ChartFilterClause[]) =>
              setContextMenu({ x, y, filters })
          : undefined,
      setDataMask: crossFilters ? (mask) => dispatch(crossFilterEmitted(chartId, mask)) : undefined,
    }),
    [page.permissions.canExplore, drillFlag, crossFilters, dispatch, chartId],
  );

  // A name given on this dashboard wins; else the chart's own, which its properties may have
  // just changed. The layout's sliceName is a copy taken when the chart was placed.
  const title =
    component.meta.sliceNameOverride || slice?.slice_name || component.meta.sliceName || '';
  const actions = useChartActions({
    chartId,
    layoutId: component.id,
    title,
    formData: chart?.latestQueryFormData ?? null,
    bodyRef,
    openModal: setModal,
    navigate,
  });

  // The header is memoised and its props kept stable: a chart's own states (loading, drawn)
  // and its draw turn re-render this holder, and the header's menus cost more than the rest.
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const onMenu = useCallback((key: ChartMenuKey) => actionsRef.current.run(key), []);
  const toggleDescription = useCallback(
    () => dispatch(sliceExpandToggled(chartId)),
    [dispatch, chartId],
  );
  const exitFullscreen = useCallback(() => dispatch(fullSizeChartSet(null)), [dispatch]);
  const menuKeys = useMemo(
    () =>
      slice
        ? chartMenuKeys({
            permissions: page.permissions,
            vizType: slice.viz_type,
            hasDescription: Boolean(slice.description),
            drillToDetail: drillFlag,
            canOverwriteChart: canOverwriteChart(
              user,
              slice.owners.map((o) => o.id),
            ),
            crossFiltersEnabled,
          })
        : [],
    [slice, page.permissions, drillFlag, user, crossFiltersEnabled],
  );

  if (!slice) return null;

  const units = heightOverride ?? component.meta.height ?? DEFAULT_CHART_HEIGHT;
  const outerHeight = fullSize ? '100%' : units * GRID_BASE_UNIT;
  const status = chart?.chartStatus ?? '';
  const queriesData = chart?.queriesResponse;
  const formData = chart?.latestQueryFormData;

  let body: React.ReactNode = null;
  if (status === 'failed') {
    body = (
      <Alert
        type="error"
        showIcon
        title={chart?.chartAlert ?? 'An error occurred'}
        data-testid="chart-error"
      />
    );
  } else if (drawing) {
    body = (
      <ChartRenderer
        formData={drawing.formData}
        queriesData={drawing.queriesData}
        width={size.width}
        height={size.height}
        datasource={datasource}
        theme={themeMode}
        hooks={hooks}
        filterState={filterState}
        colorNamespace={page.colorNamespace}
        labelColors={page.labelColors}
        sliceId={chartId}
        onRenderSuccess={onRenderSuccess}
        onRenderFailure={onRenderFailure}
      />
    );
  }
  // Also while an answer waits for its turn to draw.
  const loading =
    status === 'loading' ||
    (status !== 'failed' && inView && (!queriesData || drawing?.queriesData !== queriesData));

  return (
    <div
      ref={outerRef}
      id={component.id}
      className="dashboard-component dashboard-component-chart-holder"
      data-testid="dashboard-chart"
      data-chart-id={chartId}
      data-component-id={component.id}
      data-status={status || 'pending'}
      style={
        fullSize
          ? {
              position: 'fixed',
              inset: 0,
              zIndex: 1100,
              background: 'var(--holder-bg)',
              padding: 16,
              display: 'flex',
              flexDirection: 'column',
            }
          : {
              height: outerHeight,
              display: 'flex',
              flexDirection: 'column',
              margin: 8,
              background: 'var(--holder-bg)',
              border: '1px solid var(--holder-border)',
              borderRadius: 'var(--holder-radius)',
            }
      }
    >
      {/* Out of view, a plain title: fifty menus and measured titles slow the first render. */}
      {!inView ? (
        <PendingSliceTitle title={title} />
      ) : (
        <SliceHeader
          title={title}
          description={slice.description}
          onToggleDescription={toggleDescription}
          menuKeys={menuKeys}
          onExitFullscreen={fullSize ? exitFullscreen : undefined}
          onMenu={onMenu}
          hideControls={page.url.hideChartControls}
          isCached={Boolean(queriesData?.[0]?.is_cached)}
          chartId={chartId}
        />
      )}
      {inView && expanded && slice.description && (
        <ChartDescription source={slice.description} escapeHtml={escapeMarkdownHtml} />
      )}
      <div
        ref={bodyRef}
        style={{
          flex: 1,
          minHeight: 0,
          position: 'relative',
          overflow: 'hidden',
          padding: '0 8px 8px',
        }}
        data-testid="chart-body"
      >
        {body}
        {loading && (
          <Flex
            align="center"
            justify="center"
            style={{ position: 'absolute', inset: 0 }}
            data-testid="chart-loading"
          >
            <ChartLoading />
          </Flex>
        )}
      </div>
      {contextMenu && (
        <ChartContextMenu
          point={contextMenu}
          datasource={datasource}
          onDrill={(request) => setModal({ kind: 'drill', ...request })}
          onClose={() => setContextMenu(null)}
        />
      )}
      {modal && (
        <Suspense fallback={null}>
          <ChartModals
            modal={modal}
            chartId={chartId}
            formData={formData ?? null}
            onClose={() => setModal(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The chart's description under its title, rendered as markdown the way the dashboard's markdown
 * blocks are (sanitised against the shared allow-list), from the text itself: the server's
 * `description_markdown` is that same text unrendered, and is stale right after a properties edit.
 */
const ChartDescription = memo(function ChartDescription({
  source,
  escapeHtml,
}: {
  source: string;
  escapeHtml: boolean;
}) {
  const html = useMemo(() => renderMarkdown(source, { escapeHtml }), [source, escapeHtml]);
  return (
    <div
      className="slice_description"
      data-testid="chart-description"
      style={{ padding: '0 8px 4px', color: 'var(--holder-text-secondary)', fontSize: 12 }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised against the shared allow-list.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});

/** The title of a chart not yet scrolled to, at the height of `SliceHeader`. */
function PendingSliceTitle({ title }: { title: string }) {
  return (
    <div
      data-testid="chart-title"
      style={{
        height: HEADER_HEIGHT,
        padding: '4px 4px 4px 8px',
        lineHeight: '28px',
        ...CHART_TITLE_TEXT,
      }}
    >
      {title}
    </div>
  );
}

export const HOLDER_HEADER_HEIGHT = HEADER_HEIGHT;
