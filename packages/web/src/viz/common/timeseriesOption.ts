import { getCategoricalScale } from '@tessera/shared/color/categorical';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { timeOffsetsOf } from '@tessera/shared/viz/common/timeseriesQuery';
import type { Column, Metric, QueryFormData } from '@tessera/shared/viz/types';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartProps } from '../types.ts';
import { standaloneTimeFormatter } from './grainFormat.ts';
import { textWidth } from './textMeasure.ts';
import {
  type AnnotationData,
  type AnnotationLayer,
  annotationSeries,
} from './timeseriesAnnotations.ts';
import {
  type ExtractedSeries,
  expandSeries,
  readSeries,
  type SeriesMeta,
  type SeriesSortType,
  sortSeries,
  totalsByX,
  type XAxisType,
} from './timeseriesSeries.ts';

/**
 * The ECharts option of the time-series family. Each query of the context is a layer with its
 * own series style and y-axis (mixed charts have two); the rest (legend, tooltip, zoom, axes,
 * annotations) is common.
 */

export type SeriesType = 'line' | 'smooth' | 'bar' | 'scatter' | 'start' | 'middle' | 'end';

export interface SeriesStyle {
  seriesType: SeriesType;
  area: boolean;
  opacity: number;
  stack: 'Stack' | 'Expand' | null;
  onlyTotal: boolean;
  markerEnabled: boolean;
  markerSize: number;
  showValue: boolean;
  yAxisIndex: 0 | 1;
}

export interface TimeseriesLayer {
  queryIndex: number;
  /** Form data as this layer's query saw it (query B's keys already moved into place). */
  formData: QueryFormData;
  metrics: Metric[];
  groupby: Column[];
  style: SeriesStyle;
}

/**
 * A series' name for the legend and tooltips. A series that is just a metric shows the metric's
 * verbose name, as the table does; a time comparison's series, keyed `<metric>__<offset>` by the
 * query, shows as `<metric's verbose name>, <offset>` ("AVG(price), 1 year ago").
 */
export function readableSeriesName(
  key: string,
  grouped: boolean,
  offsets: readonly string[],
  verboseMap: Record<string, string>,
): string {
  for (const offset of offsets) {
    const at = key.indexOf(`__${offset}`);
    if (at > 0) {
      const metric = key.slice(0, at);
      return `${verboseMap[metric] ?? metric}, ${offset}${key.slice(at + offset.length + 2)}`;
    }
  }
  return grouped ? key : (verboseMap[key] ?? key);
}

export interface TimeseriesModel {
  option: EChartsCoreOption;
  seriesMeta: Record<string, SeriesMeta>;
  xLabel: string;
  xType: XAxisType;
  /** An x value as a drill-to-detail chip shows it: in full, as the tooltip does. */
  formatX: (x: number | string) => string;
}

const PERCENT_FORMAT = ',.0%';
/** ECharts' axis label font size and its gap between labels and axis line (`axisLabel.margin`). */
const AXIS_LABEL_FONT_SIZE = 12;
const AXIS_LABEL_MARGIN = 8;
/** Between the widest axis label and the axis name. */
const AXIS_NAME_SPACE = 10;
/** A rotated 12 px axis name's thickness. */
const AXIS_NAME_HEIGHT = 14;
/** Kept clear between the outermost text and the canvas edge. */
const EDGE_MARGIN = 8;

/** Rounds away from zero to one significant digit, as the outermost axis tick roughly is. */
function outerTick(value: number, log: boolean): number {
  if (value === 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(Math.abs(value)));
  if (log) return Math.sign(value) * 10 ** Math.ceil(Math.log10(Math.abs(value)));
  return Math.sign(value) * Math.ceil(Math.abs(value) / magnitude) * magnitude;
}

/** Width of the widest of an axis' labels, estimated from the extremes it will show. */
function axisLabelsWidth(
  range: [number, number],
  format: (v: number | null) => string,
  log: boolean,
): number {
  return Math.ceil(
    Math.max(...range.map((v) => textWidth(format(outerTick(v, log)), AXIS_LABEL_FONT_SIZE))),
  );
}

/** Reads a style from form data (`suffix` `B` for a mixed chart's second query). */
export function seriesStyleOf(
  formData: QueryFormData,
  defaults: Partial<SeriesStyle>,
  suffix = '',
): SeriesStyle {
  const get = (key: string) => formData[`${key}${suffix}`];
  const stack = get('stack');
  const num = (value: unknown, fallback: number) => {
    const n = typeof value === 'number' ? value : Number(value);
    return value === undefined || value === null || value === '' || Number.isNaN(n) ? fallback : n;
  };
  return {
    seriesType: ((get('seriesType') as SeriesType | undefined) ??
      defaults.seriesType ??
      'line') as SeriesType,
    area: Boolean(get('area') ?? defaults.area ?? false),
    opacity: num(get('opacity'), defaults.opacity ?? 0.2),
    stack:
      stack === 'Stack' || stack === true
        ? 'Stack'
        : stack === 'Expand'
          ? 'Expand'
          : (defaults.stack ?? null),
    onlyTotal: Boolean(get('only_total') ?? true),
    markerEnabled: Boolean(get('markerEnabled') ?? defaults.markerEnabled ?? false),
    markerSize: num(get('markerSize'), defaults.markerSize ?? 6),
    showValue: Boolean(formData[suffix ? 'show_valueB' : 'show_value'] ?? false),
    yAxisIndex: num(get('yAxisIndex'), defaults.yAxisIndex ?? 0) === 1 ? 1 : 0,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function layerFormat(layer: TimeseriesLayer, fallback: string | undefined): string | undefined {
  const fd = layer.formData;
  const percentage = fd.comparison_type === 'percentage' && timeOffsetsOf(fd).length > 0;
  if (
    layer.style.stack === 'Expand' ||
    fd.contributionMode === 'row' ||
    fd.contributionMode === 'column'
  ) {
    return PERCENT_FORMAT;
  }
  if (percentage && !(fallback ?? '').endsWith('%')) return PERCENT_FORMAT;
  return fallback;
}

function echartsSeries(
  series: ExtractedSeries,
  style: SeriesStyle,
  color: string,
  options: {
    horizontal: boolean;
    formatY: (v: number | null) => string;
    dimmed: boolean;
    dashed: boolean;
    totals: Map<number | string, number> | null;
    manyPoints: boolean;
    stackId: string;
  },
) {
  const { seriesType } = style;
  const isBar = seriesType === 'bar';
  const isScatter = seriesType === 'scatter';
  const opacity = options.dimmed ? 0.3 : 1;
  const label = style.showValue
    ? {
        show: true,
        position: options.horizontal ? 'right' : 'top',
        formatter: (p: { value: [number | string, number | null] }) =>
          options.totals && style.onlyTotal
            ? options.formatY(options.totals.get(p.value[0]) ?? null)
            : options.formatY(p.value[1]),
      }
    : undefined;
  return {
    id: `${series.queryIndex}:${series.name}`,
    name: series.name,
    type: isBar ? 'bar' : isScatter ? 'scatter' : 'line',
    yAxisIndex: options.horizontal ? undefined : style.yAxisIndex,
    data: series.data,
    encode: options.horizontal ? { x: 1, y: 0 } : { x: 0, y: 1 },
    ...(style.stack ? { stack: options.stackId } : {}),
    itemStyle: { color, opacity },
    ...(isBar
      ? { barMaxWidth: 60 }
      : isScatter
        ? { symbolSize: style.markerSize, ...(options.manyPoints ? { large: true } : {}) }
        : {
            smooth: seriesType === 'smooth',
            ...(seriesType === 'start' || seriesType === 'middle' || seriesType === 'end'
              ? { step: seriesType }
              : {}),
            showSymbol: style.markerEnabled,
            symbolSize: style.markerSize,
            lineStyle: { width: 2, opacity, ...(options.dashed ? { type: 'dashed' } : {}) },
            ...(style.area ? { areaStyle: { opacity: style.opacity * opacity } } : {}),
            ...(options.manyPoints ? { sampling: 'lttb' } : {}),
          }),
    ...(label ? { label } : {}),
    emphasis: { focus: 'series' },
  };
}

function legendOption(formData: QueryFormData, names: string[]) {
  const orientation = String(formData.legendOrientation ?? 'top');
  const vertical = orientation === 'left' || orientation === 'right';
  return {
    show: formData.show_legend !== false,
    type: formData.legendType === 'plain' ? 'plain' : 'scroll',
    orient: vertical ? 'vertical' : 'horizontal',
    data: names,
    ...(orientation === 'bottom'
      ? { bottom: 0 }
      : orientation === 'left'
        ? { left: 0, top: 'middle' }
        : orientation === 'right'
          ? { right: 0, top: 'middle' }
          : { top: 0 }),
  };
}

function boundsOf(formData: QueryFormData, key = 'y_axis_bounds') {
  if (!formData.truncateYAxis) return {};
  const bounds = Array.isArray(formData[key]) ? (formData[key] as unknown[]) : [];
  const read = (v: unknown) =>
    v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v);
  const min = read(bounds[0]);
  const max = read(bounds[1]);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** Builds the whole chart model from the answer and the layers' settings. */
export function buildTimeseriesModel(
  chartProps: ChartProps,
  layers: TimeseriesLayer[],
  options: { horizontal?: boolean } = {},
): TimeseriesModel {
  const { formData } = chartProps;
  const horizontal = options.horizontal === true;
  const colorOf = getCategoricalScale({
    scheme: formData.color_scheme as string | undefined,
    ...(chartProps.colorNamespace ? { namespace: chartProps.colorNamespace } : {}),
    ...(chartProps.labelColors ? { forcedColors: chartProps.labelColors } : {}),
    ...(chartProps.sliceId !== undefined ? { sliceId: chartProps.sliceId } : {}),
  });
  const formatX0 = getTimeFormatter((formData.x_axis_time_format as string) ?? 'smart_date');
  // Tooltips and drill chips stand alone: a smart date there shows month and year by the grain.
  const formatTooltipX0 = standaloneTimeFormatter(
    formData.tooltipTimeFormat ?? formData.x_axis_time_format,
    formData.time_grain_sqla,
  );
  const selected = new Set(
    Array.isArray(chartProps.filterState?.selectedValues)
      ? (chartProps.filterState.selectedValues as unknown[]).map(String)
      : [],
  );

  const seriesMeta: Record<string, SeriesMeta> = {};
  const drawn: unknown[] = [];
  const legendNames: string[] = [];
  const formats: Array<(v: number | null) => string> = [];
  const axisFormats: Array<string | undefined> = [
    formData.y_axis_format as string | undefined,
    formData.y_axis_format_secondary as string | undefined,
  ];
  let xLabel = '';
  let xType: XAxisType = 'time';
  const xValues = new Set<number>();
  /** Lowest and highest value drawn on each y-axis, to size the secondary axis' labels. */
  const valueRanges: [[number, number], [number, number]] = [
    [0, 0],
    [0, 0],
  ];
  const currency = (formData.currency_format ?? null) as Parameters<typeof getNumberFormatter>[1];
  const axisFormatters: Array<(v: number | null) => string> = [];
  const verboseMap = chartProps.datasource?.verbose_map ?? {};

  for (const layer of layers) {
    const read = readSeries({
      answer: chartProps.queriesData[layer.queryIndex],
      queryIndex: layer.queryIndex,
      xAxis: (formData.x_axis ?? formData.granularity_sqla) as Column | undefined,
      metrics: layer.metrics,
      groupby: layer.groupby,
      renamed: timeOffsetsOf(layer.formData).length > 0 || Boolean(layer.formData.contributionMode),
    });
    xLabel = read.xLabel;
    xType = read.xType;
    const format = layerFormat(layer, axisFormats[layer.style.yAxisIndex]);
    const formatY = getNumberFormatter(format, currency);
    axisFormatters[layer.style.yAxisIndex] ??= formatY;
    let series = sortSeries(
      read.series,
      // The control's default: largest total first.
      (layer.formData.sort_series_type as SeriesSortType | null | undefined) === undefined
        ? 'sum'
        : (layer.formData.sort_series_type as SeriesSortType | null),
      Boolean(layer.formData.sort_series_ascending),
    );
    if (layer.style.stack === 'Expand') series = expandSeries(series);
    const totals = layer.style.stack && layer.style.showValue ? totalsByX(series) : null;
    const offsets = timeOffsetsOf(layer.formData);
    const manyPoints = series.reduce((n, s) => n + s.data.length, 0) > 5000;
    series.forEach((s, i) => {
      let name = readableSeriesName(s.name, s.groupValues.length > 0, offsets, verboseMap);
      if (seriesMeta[name]) name = `${name} (${layer.queryIndex + 1})`;
      const meta = { ...s, name };
      seriesMeta[name] = {
        name,
        queryIndex: s.queryIndex,
        groupby: s.groupby,
        groupValues: s.groupValues,
      };
      legendNames.push(name);
      let low = 0;
      let high = 0;
      for (const [x, y] of s.data) {
        if (typeof x === 'number') xValues.add(x);
        if (y !== null && y < low) low = y;
        else if (y !== null && y > high) high = y;
      }
      // Stacked series add up: the sum of their extremes bounds the stack's.
      const range = valueRanges[layer.style.yAxisIndex];
      range[0] = layer.style.stack ? range[0] + low : Math.min(range[0], low);
      range[1] = layer.style.stack ? range[1] + high : Math.max(range[1], high);
      formats.push(formatY);
      const lastInStack = i === series.length - 1;
      drawn.push(
        echartsSeries(
          meta,
          lastInStack || !totals || !layer.style.onlyTotal
            ? layer.style
            : { ...layer.style, showValue: false },
          colorOf(s.name),
          {
            horizontal,
            formatY,
            dimmed: selected.size > 0 && !selected.has(name),
            dashed: offsets.some((o) => s.name.includes(`__${o}`)),
            totals,
            manyPoints,
            stackId: `stack${layer.queryIndex}`,
          },
        ),
      );
    });
  }

  const formatX = (x: number | string) =>
    typeof x === 'number' && xType === 'time' ? formatX0(x) : String(x);
  const formatTooltipX = (x: number | string) =>
    typeof x === 'number' && xType === 'time' ? formatTooltipX0(x) : String(x);

  const layers0 = (formData.annotation_layers ?? []) as AnnotationLayer[];
  const annotationData = (chartProps.queriesData[0]?.annotation_data ?? {}) as AnnotationData;
  const annotations =
    xType === 'category'
      ? []
      : annotationSeries({
          layers: layers0,
          data: annotationData,
          xValues: [...xValues].sort((a, b) => a - b),
          colorOf,
          formatTime: (v) => formatTooltipX0(v),
        });
  for (const a of annotations) {
    legendNames.push(String(a.name));
    formats.push(axisFormatters[0] ?? getNumberFormatter(undefined));
  }

  const primaryFormat = axisFormatters[0] ?? getNumberFormatter(axisFormats[0], currency);
  const secondaryFormat = axisFormatters[1] ?? getNumberFormatter(axisFormats[1], currency);
  const usesSecondary = layers.some((l) => l.style.yAxisIndex === 1);
  const zoomable = Boolean(formData.zoomable);
  const legend = legendOption(formData, legendNames);
  const legendSide =
    formData.show_legend === false ? null : String(formData.legendOrientation ?? 'top');
  const rotate = Number(formData.xAxisLabelRotation ?? 0) || 0;

  const xAxis = {
    type: xType,
    name: (formData.x_axis_title as string) || undefined,
    nameLocation: 'middle',
    nameGap: 28 + (rotate ? 20 : 0),
    axisLabel: {
      hideOverlap: true,
      rotate,
      formatter: (value: number | string) => formatX(value),
    },
    ...(xType === 'category' ? {} : { splitLine: { show: false } }),
  };
  const secondaryTitle = usesSecondary && !horizontal && Boolean(formData.yAxisTitleSecondary);
  const secondaryNameGap = secondaryTitle
    ? axisLabelsWidth(valueRanges[1], secondaryFormat, Boolean(formData.logAxisSecondary)) +
      AXIS_LABEL_MARGIN +
      AXIS_NAME_SPACE
    : 0;
  const yAxis = (index: 0 | 1) => {
    const log = Boolean(index === 0 ? formData.logAxis : formData.logAxisSecondary);
    const title = (index === 0 ? formData.y_axis_title : formData.yAxisTitleSecondary) as
      | string
      | undefined;
    return {
      type: log ? 'log' : 'value',
      name: title || undefined,
      nameLocation: 'middle',
      nameGap: index === 1 && secondaryTitle ? secondaryNameGap : 50,
      position: index === 0 ? (horizontal ? 'bottom' : 'left') : 'right',
      scale: Boolean(formData.truncateYAxis),
      ...(index === 0 ? boundsOf(formData) : {}),
      minorTick: { show: Boolean(formData.minorSplitLine) },
      minorSplitLine: { show: Boolean(formData.minorSplitLine) },
      axisLabel: {
        formatter: (v: number) => (index === 0 ? primaryFormat : secondaryFormat)(v),
      },
      ...(index === 1 ? { splitLine: { show: false } } : {}),
    };
  };

  const option: EChartsCoreOption = {
    animation: drawn.length * (xValues.size || 1) < 20000,
    grid: {
      top: (legendSide === 'top' ? 40 : 20) + (formData.y_axis_title && horizontal ? 10 : 0),
      // Room for the bottom axis labels (or the zoom slider under them): ECharts' own
      // outer-bounds fitting leaves them cut at the canvas edge.
      bottom:
        (legendSide === 'bottom' ? 40 : 10) +
        (zoomable ? 40 : 20) +
        (formData.x_axis_title ? 20 : 0),
      left: (legendSide === 'left' ? 160 : 15) + (formData.y_axis_title && !horizontal ? 25 : 0),
      // The secondary axis' labels and its name, then a margin: ECharts' own fitting would put
      // the name against the canvas edge, where any rounding of the box cuts it.
      right: secondaryTitle
        ? (legendSide === 'right' ? 160 : 0) + secondaryNameGap + AXIS_NAME_HEIGHT + EDGE_MARGIN
        : (legendSide === 'right' ? 160 : 20) + (formData.yAxisTitleSecondary ? 25 : 0),
    },
    legend,
    tooltip: {
      trigger: formData.rich_tooltip === false ? 'item' : 'axis',
      confine: true,
      ...(formData.rich_tooltip === false
        ? {}
        : { axisPointer: { type: horizontal ? 'shadow' : 'line' } }),
      formatter: (raw: unknown) => {
        const list = (Array.isArray(raw) ? raw : [raw]) as Array<{
          seriesName: string;
          seriesIndex: number;
          marker: string;
          value: [number | string, number | null];
        }>;
        const first = list[0];
        if (!first) return '';
        const rows = list.filter((p) => Array.isArray(p.value));
        if (formData.tooltipSortByMetric)
          rows.sort((a, b) => (b.value[1] ?? 0) - (a.value[1] ?? 0));
        const header = Array.isArray(first.value) ? escapeHtml(formatTooltipX(first.value[0])) : '';
        const lines = rows.map((p) => {
          const format = formats[p.seriesIndex] ?? primaryFormat;
          return `${p.marker}${escapeHtml(p.seriesName)}: <b>${escapeHtml(format(p.value[1]))}</b>`;
        });
        return [header, ...lines].join('<br/>');
      },
    },
    xAxis: horizontal ? yAxis(0) : xAxis,
    yAxis: horizontal ? xAxis : usesSecondary ? [yAxis(0), yAxis(1)] : yAxis(0),
    ...(zoomable
      ? {
          dataZoom: [
            {
              type: 'slider',
              ...(horizontal
                ? { yAxisIndex: 0, right: 10, width: 20 }
                : { xAxisIndex: 0, bottom: legendSide === 'bottom' ? 35 : 10, height: 20 }),
              filterMode: 'none',
            },
          ],
        }
      : {}),
    series: [...drawn, ...annotations],
  };
  return { option, seriesMeta, xLabel, xType, formatX: formatTooltipX };
}
