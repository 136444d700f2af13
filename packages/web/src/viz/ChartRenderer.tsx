import { Alert, Empty, Flex } from 'antd';
import {
  Component,
  type ErrorInfo,
  memo,
  type ReactNode,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ChartLoading } from './common/ChartLoading.tsx';
import { loadVizPlugin, peekVizPlugin } from './registry.ts';
import type { ChartProps, VizPlugin } from './types.ts';

export const NO_RESULTS_MESSAGE = 'No results were returned for this query';

export interface ChartRendererProps extends ChartProps {
  /** Called once a chart drew without throwing (chart status `rendered`). */
  onRenderSuccess?: () => void;
  /** Called with the error a chart threw while transforming or drawing (status `failed`). */
  onRenderFailure?: (error: Error) => void;
}

class RenderBoundary extends Component<
  { onError: (error: Error) => void; resetKey: unknown; children: ReactNode },
  { error: Error | null; resetKey: unknown }
> {
  override state = { error: null as Error | null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: unknown },
    state: { error: Error | null; resetKey: unknown },
  ) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo) {
    this.props.onError(error);
  }

  override render() {
    if (this.state.error) {
      return (
        <Alert type="error" showIcon title={this.state.error.message} data-testid="chart-error" />
      );
    }
    return this.props.children;
  }
}

function hasNoRows(queriesData: ChartProps['queriesData']): boolean {
  return (
    queriesData.length > 0 &&
    queriesData.every((q) => (q.rowcount ?? (Array.isArray(q.data) ? q.data.length : 0)) === 0)
  );
}

/**
 * Draws one chart: loads its type's code, transforms the answer and renders it. Memoised: a host
 * that re-renders for its own reasons (a dashboard chart's status turning `rendered`) with the
 * same props does not run the chart's component again.
 */
export const ChartRenderer = memo(function ChartRenderer({
  onRenderSuccess,
  onRenderFailure,
  ...props
}: ChartRendererProps) {
  const vizType = props.formData.viz_type;
  // A type whose code already arrived (a dashboard starts loading it with the chart's data) draws
  // in this very render, rather than after one more render for the promise.
  const [plugin, setPlugin] = useState<VizPlugin | null>(() => peekVizPlugin(vizType));
  const [loadError, setLoadError] = useState<Error | null>(null);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    const loaded = peekVizPlugin(vizType);
    if (loaded) {
      setPlugin(loaded);
      return;
    }
    loadVizPlugin(vizType).then(
      (p) => live && setPlugin(p),
      (error: Error) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [vizType]);

  const empty = hasNoRows(props.queriesData);
  const ready = plugin !== null && plugin.key === vizType;
  // biome-ignore lint/correctness/useExhaustiveDependencies: props is rebuilt by every caller; its parts are the inputs.
  const transformed = useMemo(() => {
    if (!ready || empty || !plugin) return null;
    try {
      return { value: plugin.transformProps(props) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [
    ready,
    empty,
    plugin,
    props.formData,
    props.queriesData,
    props.width,
    props.height,
    props.datasource,
    props.theme,
    props.filterState,
    props.ownState,
    props.labelColors,
  ]);

  useEffect(() => {
    if (transformed?.error) onRenderFailure?.(transformed.error);
    else if (transformed?.value) onRenderSuccess?.();
  }, [transformed, onRenderFailure, onRenderSuccess]);

  if (loadError) {
    return <Alert type="error" showIcon title={loadError.message} data-testid="chart-error" />;
  }
  if (empty) {
    return (
      <Flex align="center" justify="center" style={{ width: props.width, height: props.height }}>
        <Empty description={NO_RESULTS_MESSAGE} data-testid="chart-empty" />
      </Flex>
    );
  }
  if (!ready || !transformed) {
    return (
      <Flex align="center" justify="center" style={{ width: props.width, height: props.height }}>
        <ChartLoading />
      </Flex>
    );
  }
  if (transformed.error) {
    return (
      <Alert type="error" showIcon title={transformed.error.message} data-testid="chart-error" />
    );
  }
  const Chart = plugin.Chart;
  return (
    <RenderBoundary onError={(error) => onRenderFailure?.(error)} resetKey={transformed.value}>
      <div data-testid="chart-container" data-viz-type={vizType}>
        <Chart {...transformed.value} />
      </div>
    </RenderBoundary>
  );
});
