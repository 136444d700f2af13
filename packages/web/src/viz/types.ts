import type { ChartDataQueryResult } from '@tessera/shared/api/chartData';
import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import type { ComponentType } from 'react';

/**
 * A chart type as the browser draws it. The query side (control panel, buildQuery) lives in
 * `@tessera/shared/viz/<key>`; this side turns the chart-data answer into what the component
 * draws. Every chart type folder exports one `VizPlugin` as `plugin` from its `index.ts`, and is
 * loaded lazily through `registry.ts`.
 */

/** A filter clause a chart hands to drill-to-detail, drill-by and cross-filters. */
export interface ChartFilterClause {
  col: string;
  op: '==' | 'IN' | 'IS NULL' | 'TEMPORAL_RANGE';
  val?: unknown;
  /** Human text of the value, e.g. a formatted date. */
  formattedVal?: string;
  grain?: string;
}

/** What a dashboard hears from a chart (cross-filters fill `extraFormData` and `filterState`). */
export interface DataMask {
  extraFormData?: Record<string, unknown>;
  filterState?: { value?: unknown; selectedValues?: unknown; label?: string };
  ownState?: Record<string, unknown>;
}

/** Hooks the host (Explore, a dashboard) gives a chart; each optional. */
export interface ChartHooks {
  /** Cross-filter emission: a chart with the INTERACTIVE_CHART behaviour calls this on click. */
  setDataMask?: (mask: DataMask) => void;
  /** Right-click on a data point: drill to detail / drill by with the point's filters. */
  onContextMenu?: (clientX: number, clientY: number, filters: ChartFilterClause[]) => void;
  /** The table's server-side pagination and search change the chart's own state. */
  onChangeOwnState?: (ownState: Record<string, unknown>) => void;
  /** A chart that edits its own controls (e.g. column widths) tells Explore. */
  setControlValue?: (name: string, value: unknown) => void;
}

export interface ChartProps {
  formData: QueryFormData;
  /** One entry per query object of the query context, as `POST /api/v1/chart/data` answered. */
  queriesData: Array<Partial<ChartDataQueryResult> & Record<string, unknown>>;
  width: number;
  height: number;
  datasource: DatasourceMeta | null;
  theme: 'light' | 'dark';
  hooks: ChartHooks;
  /** The current value this chart filters a dashboard by (cross-filter highlight). */
  filterState?: DataMask['filterState'];
  ownState?: Record<string, unknown>;
  /** Dashboard colour context: the label colours the dashboard forces. */
  colorNamespace?: string;
  labelColors?: Record<string, string>;
  /** Which chart asks, so the same label keeps its colour across a dashboard's charts. */
  sliceId?: number;
}

/** Every transformProps result carries the box it draws into. */
export interface DrawnProps {
  width: number;
  height: number;
}

// biome-ignore lint/suspicious/noExplicitAny: each plugin narrows its own props; the registry stores them alike.
export interface VizPlugin<P extends DrawnProps = any> {
  key: string;
  transformProps: (chartProps: ChartProps) => P;
  Chart: ComponentType<P>;
}
