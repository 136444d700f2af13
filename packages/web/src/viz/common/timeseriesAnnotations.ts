import type { LineSeriesOption } from 'echarts/charts';
import { compileFormula } from './timeseriesFormula.ts';

/**
 * Annotation layers of time-series charts: formula layers evaluated at every x of the chart and
 * drawn as lines; native layers (the server's `annotation_data`) drawn as vertical event lines or
 * shaded intervals. Chart-sourced layers are not drawn.
 */

export interface AnnotationLayer {
  name?: string;
  annotationType?: string;
  sourceType?: string;
  value?: unknown;
  show?: boolean;
  showLabel?: boolean;
  style?: string;
  width?: number;
  color?: string | null;
  opacity?: string | number | null;
  hideLine?: boolean;
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
    if (layer.sourceType !== 'NATIVE') continue;
    const records = input.data[name]?.records ?? [];
    const interval = layer.annotationType === 'INTERVAL';
    const label = (r: Record<string, unknown>) =>
      String(r.short_descr ?? r.long_descr ?? input.formatTime(Number(r.start_dttm)));
    out.push({
      type: 'line',
      name,
      id: `annotation-native-${name}`,
      data: [],
      silent: false,
      itemStyle: { color },
      ...(interval
        ? {
            markArea: {
              silent: false,
              itemStyle: { color, opacity: opacityOf(layer, 0.2) },
              label: { show: layer.showLabel === true, position: 'insideTop' },
              data: records.map((r) => [
                { name: label(r), xAxis: Number(r.start_dttm) },
                { xAxis: Number(r.end_dttm ?? r.start_dttm) },
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
              data: records.map((r) => ({ name: label(r), xAxis: Number(r.start_dttm) })),
            },
          }),
    });
  }
  return out;
}
