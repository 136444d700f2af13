import type { LineSeriesOption } from 'echarts/charts';
import { compileFormula } from './timeseriesFormula.ts';

/**
 * Annotation layers of time-series charts, as Superset draws them: formula layers evaluated at
 * every x of the chart and drawn as lines; layers whose rows the server answers in
 * `annotation_data` (native layers, and layers sourced from another saved chart) drawn as
 * vertical event lines or shaded intervals, and a chart-sourced time series as lines of its
 * numeric columns over its time column.
 */

export interface AnnotationLayer {
  name?: string;
  annotationType?: string;
  sourceType?: string;
  value?: unknown;
  show?: boolean;
  showLabel?: boolean;
  showMarkers?: boolean;
  style?: string;
  width?: number;
  color?: string | null;
  opacity?: string | number | null;
  hideLine?: boolean;
  /** Chart-sourced layers: which columns of the chart's rows hold what. */
  timeColumn?: string;
  intervalEndColumn?: string;
  titleColumn?: string;
  descriptionColumns?: string[];
}

/** The columns of a native layer's records (the server's `annotation_data`). */
const NATIVE_COLUMNS = {
  timeColumn: 'start_dttm',
  intervalEndColumn: 'end_dttm',
  titleColumn: 'short_descr',
  descriptionColumns: ['long_descr'],
};

const CHART_SOURCES = new Set(['line', 'table']);

/** A time cell of chart data: epoch ms, or text a date parser reads. */
function timeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value !== '') {
    const ms = Date.parse(
      /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`,
    );
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

export type AnnotationData = Record<
  string,
  { columns?: string[]; records?: Array<Record<string, unknown>> } | undefined
>;

const LINE_TYPES: Record<string, 'solid' | 'dashed' | 'dotted' | number[]> = {
  solid: 'solid',
  dashed: 'dashed',
  dotted: 'dotted',
  longDashed: [12, 6],
};

const OPACITY: Record<string, number> = {
  opacityLow: 0.2,
  opacityMedium: 0.5,
  opacityHigh: 0.8,
};

function opacityOf(layer: AnnotationLayer, fallback: number): number {
  if (typeof layer.opacity === 'number') return layer.opacity;
  return (layer.opacity && OPACITY[layer.opacity]) || fallback;
}

function lineStyle(layer: AnnotationLayer, color: string | undefined) {
  return {
    type: LINE_TYPES[layer.style ?? 'solid'] ?? 'solid',
    width: typeof layer.width === 'number' && layer.width > 0 ? layer.width : 1.5,
    ...(color ? { color } : {}),
    opacity: opacityOf(layer, 1),
  };
}

export interface AnnotationInput {
  layers: AnnotationLayer[];
  data: AnnotationData;
  /** The x values of the chart, ascending: where formulas are evaluated. */
  xValues: number[];
  colorOf: (name: string) => string;
  /** Names a time for the event label. */
  formatTime: (value: number) => string;
  /** Marker size of chart-sourced time series drawn with markers. */
  markerSize?: number;
}

export function annotationSeries(input: AnnotationInput): LineSeriesOption[] {
  const out: LineSeriesOption[] = [];
  for (const layer of input.layers) {
    if (layer.show === false) continue;
    const name = String(layer.name ?? 'Annotation');
    const color = layer.color || input.colorOf(name);
    if (layer.annotationType === 'FORMULA') {
      const formula = compileFormula(String(layer.value ?? ''));
      out.push({
        type: 'line',
        name,
        id: `annotation-formula-${name}`,
        showSymbol: false,
        silent: true,
        lineStyle: lineStyle(layer, color),
        itemStyle: { color },
        data: input.xValues.map((x) => {
          const y = formula(x);
          return [x, Number.isFinite(y) ? y : null];
        }),
        z: 5,
      });
      continue;
    }
    const records = input.data[name]?.records ?? [];
    if (layer.sourceType === 'NATIVE') {
      out.push(recordSeries(layer, { ...layer, ...NATIVE_COLUMNS }, records, color, input));
    } else if (CHART_SOURCES.has(String(layer.sourceType))) {
      if (layer.annotationType === 'TIME_SERIES') {
        out.push(...timeSeriesLines(layer, records, color, input.markerSize ?? 6));
      } else {
        out.push(recordSeries(layer, layer, records, color, input));
      }
    }
  }
  return out;
}

/** Events (vertical lines) or intervals (shaded areas) at the times of a layer's records. */
function recordSeries(
  layer: AnnotationLayer,
  columns: Pick<
    AnnotationLayer,
    'timeColumn' | 'intervalEndColumn' | 'titleColumn' | 'descriptionColumns'
  >,
  records: Array<Record<string, unknown>>,
  color: string,
  input: AnnotationInput,
): LineSeriesOption {
  const name = String(layer.name ?? 'Annotation');
  const interval = layer.annotationType === 'INTERVAL';
  const timeColumn = columns.timeColumn ?? '';
  const label = (r: Record<string, unknown>, time: number) => {
    const title = columns.titleColumn ? r[columns.titleColumn] : null;
    const descriptions = (columns.descriptionColumns ?? [])
      .map((c) => r[c])
      .filter((d) => d !== null && d !== undefined && d !== '');
    if (title !== null && title !== undefined && title !== '') return String(title);
    return descriptions.length ? descriptions.map(String).join(', ') : input.formatTime(time);
  };
  const placed = records.flatMap((r) => {
    const time = timeOf(r[timeColumn]);
    if (time === null) return [];
    const end = columns.intervalEndColumn ? timeOf(r[columns.intervalEndColumn]) : null;
    return [{ r, time, end: end ?? time }];
  });
  return {
    type: 'line',
    name,
    id: `annotation-${layer.sourceType === 'NATIVE' ? 'native' : 'chart'}-${name}`,
    data: [],
    silent: false,
    itemStyle: { color },
    ...(interval
      ? {
          markArea: {
            silent: false,
            itemStyle: { color, opacity: opacityOf(layer, 0.2) },
            label: { show: layer.showLabel === true, position: 'insideTop' },
            data: placed.map(({ r, time, end }) => [
              { name: label(r, time), xAxis: time },
              { xAxis: end },
            ]),
          },
        }
      : {
          markLine: {
            silent: false,
            symbol: ['none', 'none'],
            lineStyle: lineStyle(layer, color),
            label: { show: layer.showLabel === true, formatter: '{b}', position: 'insideEndTop' },
            emphasis: { label: { show: true } },
            data: placed.map(({ r, time }) => ({ name: label(r, time), xAxis: time })),
          },
        }),
  };
}

/**
 * A chart-sourced time series: each numeric column of the chart's rows as a line over its time
 * column (the layer's `timeColumn`, else the rows' first column), named after the layer alone
 * when there is one such column.
 */
function timeSeriesLines(
  layer: AnnotationLayer,
  records: Array<Record<string, unknown>>,
  color: string,
  markerSize: number,
): LineSeriesOption[] {
  const name = String(layer.name ?? 'Annotation');
  const first = records[0];
  if (!first) return [];
  const timeColumn =
    layer.timeColumn && layer.timeColumn in first ? layer.timeColumn : Object.keys(first)[0];
  if (timeColumn === undefined) return [];
  const valueColumns = Object.keys(first).filter(
    (c) => c !== timeColumn && records.some((r) => typeof r[c] === 'number'),
  );
  const style = lineStyle(layer, color);
  return valueColumns.map((column) => {
    const seriesName = valueColumns.length === 1 ? name : `${name}, ${column}`;
    return {
      type: 'line',
      name: seriesName,
      id: `annotation-chart-${seriesName}`,
      silent: true,
      showSymbol: layer.showMarkers === true,
      symbolSize: layer.showMarkers === true ? markerSize : 0,
      lineStyle: layer.hideLine === true ? { ...style, width: 0 } : style,
      itemStyle: { color },
      data: records.flatMap((r) => {
        const x = timeOf(r[timeColumn]);
        const y = r[column];
        return x === null ? [] : [[x, typeof y === 'number' ? y : null]];
      }),
      z: 5,
    };
  });
}
