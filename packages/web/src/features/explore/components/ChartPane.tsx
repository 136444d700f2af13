import { Alert, Button, Empty, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/store.ts';
import { ChartRenderer } from '../../../viz/ChartRenderer.tsx';
import type { ChartHooks } from '../../../viz/types.ts';
import { chartRenderingSucceeded } from '../state/chartSlice.ts';
import { controlValueSet, triggerRenderCleared } from '../state/exploreSlice.ts';
import { useExploreDispatch, useExploreSelector } from '../state/hooks.ts';
import { renderFailed, runChart, selectChart } from '../state/thunks.ts';
import { ChartContextMenu, type ChartMenuPoint, type DrillRequest } from './ChartContextMenu.tsx';

export type { DrillRequest };

/** Watches an element's size: the chart draws into exactly that box. */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) =>
        Math.round(old.width) === Math.round(width) && Math.round(old.height) === Math.round(height)
          ? old
          : { width: Math.floor(width), height: Math.floor(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/**
 * The chart: runs when asked (`triggerQuery`), shows loading, stopped and failed states, the
 * "needs a re-run" banner, and offers drill to detail / drill by on a right-click.
 */
export function ChartPane({
  needsRerun,
  onDrill,
  chartAreaRef,
}: {
  needsRerun: boolean;
  onDrill: (request: DrillRequest) => void;
  chartAreaRef?: React.RefObject<HTMLDivElement | null>;
}) {
  const dispatch = useExploreDispatch();
  const chart = useExploreSelector(selectChart);
  const formData = useExploreSelector((state) => state.explore.form_data);
  const datasource = useExploreSelector((state) => state.explore.datasource);
  const sliceId = useExploreSelector((state) => state.explore.slice?.slice_id);
  const triggerRender = useExploreSelector((state) => state.explore.triggerRender);
  const theme = useAppSelector((state) => state.theme.mode);
  const { ref, size } = useBoxSize();
  const [ownState, setOwnState] = useState<Record<string, unknown> | undefined>(undefined);
  const [menu, setMenu] = useState<ChartMenuPoint | null>(null);

  useEffect(() => {
    if (chart?.triggerQuery && formData) void dispatch(runChart({ ownState }));
  }, [chart?.triggerQuery, formData, dispatch, ownState]);

  useEffect(() => {
    if (triggerRender) dispatch(triggerRenderCleared());
  }, [triggerRender, dispatch]);

  const hooks: ChartHooks = useMemo(
    () => ({
      onContextMenu: (x, y, filters) => setMenu({ x, y, filters }),
      onChangeOwnState: (next) => {
        setOwnState(next);
        void dispatch(runChart({ ownState: next }));
      },
      setControlValue: (name, value) => dispatch(controlValueSet({ name, value })),
    }),
    [dispatch],
  );
  const onRenderSuccess = useCallback(
    () => dispatch(chartRenderingSucceeded({ id: chart?.id ?? 0 })),
    [dispatch, chart?.id],
  );
  const onRenderFailure = useCallback((error: Error) => dispatch(renderFailed(error)), [dispatch]);

  // Render-trigger controls redraw with the latest answer and the current form data.
  const drawnFormData = chart?.latestQueryFormData && formData ? formData : null;
  const status = chart?.chartStatus ?? '';
  const queriesData = chart?.queriesResponse ?? null;

  let body: React.ReactNode = null;
  if (status === 'failed') {
    body = (
      <Alert
        type="error"
        showIcon
        title="The chart could not be drawn"
        description={chart?.chartAlert}
        data-testid="explore-chart-error"
      />
    );
  } else if (status === 'stopped' && !queriesData) {
    body = (
      <Alert
        type="warning"
        showIcon
        title={chart?.chartAlert}
        data-testid="explore-chart-stopped"
      />
    );
  } else if (queriesData && drawnFormData && size.width > 0 && size.height > 0) {
    body = (
      <ChartRenderer
        formData={drawnFormData}
        queriesData={queriesData}
        width={size.width}
        height={size.height}
        datasource={datasource}
        theme={theme}
        hooks={hooks}
        ownState={ownState}
        sliceId={sliceId}
        onRenderSuccess={onRenderSuccess}
        onRenderFailure={onRenderFailure}
      />
    );
  } else if (status !== 'loading') {
    body = (
      <Flex align="center" justify="center" style={{ height: '100%' }}>
        <Empty description="Click Run to draw the chart" data-testid="explore-chart-empty" />
      </Flex>
    );
  }

  return (
    <Flex vertical style={{ flex: 1, minHeight: 0 }} gap={6}>
      {needsRerun && status !== 'loading' && (
        <Alert
          type="info"
          showIcon
          title="The controls changed: run the chart again to see the result."
          action={
            <Button size="small" type="primary" onClick={() => dispatch(runChart())}>
              Update chart
            </Button>
          }
          data-testid="explore-rerun-banner"
        />
      )}
      {status === 'stopped' && queriesData && (
        <Alert
          type="warning"
          showIcon
          closable
          title={chart?.chartAlert}
          data-testid="explore-chart-stopped"
        />
      )}
      <div
        ref={(element) => {
          ref.current = element;
          if (chartAreaRef) chartAreaRef.current = element;
        }}
        style={{ flex: 1, minHeight: 200, position: 'relative', overflow: 'hidden' }}
        data-testid="explore-chart"
        data-status={status || 'empty'}
      >
        {body && <div style={{ position: 'absolute', inset: 0 }}>{body}</div>}
        {status === 'loading' && (
          <Flex
            align="center"
            justify="center"
            vertical
            gap={8}
            style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.4)' }}
            data-testid="explore-chart-loading"
          >
            <Spin size="large" />
            <Typography.Text type="secondary">Loading…</Typography.Text>
          </Flex>
        )}
      </div>
      {menu && (
        <ChartContextMenu
          point={menu}
          datasource={datasource}
          onDrill={onDrill}
          onClose={() => setMenu(null)}
        />
      )}
    </Flex>
  );
}
