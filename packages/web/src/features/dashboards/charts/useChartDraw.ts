import type { QueryFormData } from '@tessera/shared/viz/types';
import { useEffect, useRef, useState } from 'react';
import { hasVizPlugin, loadVizPlugin, peekVizPlugin } from '../../../viz/registry.ts';
import type { ChartProps } from '../../../viz/types.ts';
import { useDashboardSelector } from '../state/hooks.ts';
import { useDrawTurn } from './useDrawTurn.ts';

/** What one chart draws: an answer with the form data it was asked with. */
export interface ChartDrawing {
  formData: QueryFormData;
  queriesData: ChartProps['queriesData'];
}

interface ChartDrawInput {
  /** The chart has come into view: its type's code starts loading with its data. */
  inView: boolean;
  vizType: string | undefined;
  formData: QueryFormData | null | undefined;
  queriesData: ChartProps['queriesData'] | null | undefined;
  /** The chart's box is measured (a chart drawn at 0×0 would be drawn again). */
  sized: boolean;
  onScreen: () => boolean;
}

/** The chart type's code, loading from the moment `start` is true; true once it can draw. */
function useVizCode(vizType: string | undefined, start: boolean): boolean {
  const known = vizType !== undefined && hasVizPlugin(vizType);
  const [loaded, setLoaded] = useState(() => !known || peekVizPlugin(vizType) !== null);
  useEffect(() => {
    if (!start || !vizType) return;
    if (!hasVizPlugin(vizType) || peekVizPlugin(vizType)) {
      setLoaded(true);
      return;
    }
    let live = true;
    setLoaded(false);
    // A type that fails to load draws anyway: the renderer shows the failure.
    const done = () => live && setLoaded(true);
    loadVizPlugin(vizType).then(done, done);
    return () => {
      live = false;
    };
  }, [vizType, start]);
  return loaded;
}

/**
 * The drawing a chart holder shows. A chart draws once everything it needs is in (its answer,
 * its type's code, the dashboard's datasets, its size), and then only in its turn from the page's
 * draw scheduler, so that each answer is drawn once and no chart holds the main thread for long.
 */
export function useChartDraw(input: ChartDrawInput): ChartDrawing | null {
  const codeReady = useVizCode(input.vizType, input.inView);
  const datasetsReady = useDashboardSelector(
    (state) => state.dashboardState.datasetsStatus !== 'loading',
  );
  const ready = input.inView && codeReady && datasetsReady && input.sized;
  // One drawing per answer, paired with the form data its fetch set before it landed; the same
  // answer keeps the same drawing (a chart hidden and shown again is not drawn anew for it).
  const last = useRef<ChartDrawing | null>(null);
  const { formData, queriesData } = input;
  let wanted: ChartDrawing | null = null;
  if (ready && queriesData && formData) {
    if (last.current?.queriesData !== queriesData) last.current = { formData, queriesData };
    wanted = last.current;
  }
  return useDrawTurn(wanted, input.onScreen, input.vizType ?? 'chart');
}
