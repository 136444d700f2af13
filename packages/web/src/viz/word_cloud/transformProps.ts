import { getCategoricalScale } from '@tessera/shared/color/categorical';
import { getNumberFormatter } from '@tessera/shared/format/number';
import {
  type ChartPoint,
  columnLabelOf,
  displayValue,
  metricLabelOf,
  pointFilter,
  readAnswer,
  requireColumns,
  selectedValues,
  toNumber,
} from '../common/distributionChart.ts';
import type { ChartHooks, ChartProps, DrawnProps } from '../types.ts';

export type WordRotation = 'flat' | 'square' | 'random';

export interface CloudWord {
  text: string;
  /** Font size in pixels before the layout shrinks it to fit. */
  size: number;
  color: string;
  /** The metric, formatted for the tooltip. */
  valueText: string;
}

export interface WordCloudProps extends DrawnProps {
  words: CloudWord[];
  rotation: WordRotation;
  metricLabel: string;
  hooks: ChartHooks;
  points: Record<string, ChartPoint>;
  selected: string[];
}

function rotationOf(value: unknown): WordRotation {
  if (value === 'random' || value === 'flat') return value;
  // `none` is how some saved charts spell Superset's `flat`.
  if (value === 'none') return 'flat';
  return 'square';
}

/** Word cloud: one word per value, its font size scaled linearly with the metric. */
export function transformProps(chartProps: ChartProps): WordCloudProps {
  const { formData, width, height, hooks } = chartProps;
  const series = columnLabelOf(formData.series, 'Dimension');
  const metric = metricLabelOf(formData.metric, 'Metric');
  const answer = readAnswer(chartProps);
  requireColumns(answer, [series, metric]);

  const from = toNumber(formData.size_from) ?? 10;
  const to = toNumber(formData.size_to) ?? 70;
  const values = answer.rows.map((row) => toNumber(row[metric]) ?? 0);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const scale = (v: number) =>
    max === min ? (from + to) / 2 : from + ((v - min) / (max - min)) * (to - from);
  const colorOf = getCategoricalScale({
    scheme: formData.color_scheme as string | undefined,
    namespace: chartProps.colorNamespace,
    forcedColors: chartProps.labelColors,
    sliceId: chartProps.sliceId,
  });
  const format = getNumberFormatter(formData.number_format as string | undefined);
  const points: Record<string, ChartPoint> = {};
  const words = answer.rows.map((row, i) => {
    const text = displayValue(row[series]);
    points[text] = { label: text, filters: [pointFilter(series, row[series], text)] };
    return {
      text,
      size: Math.round(scale(values[i] ?? 0)),
      color: colorOf(text),
      valueText: format(values[i] ?? 0),
    };
  });
  return {
    width,
    height,
    words,
    rotation: rotationOf(formData.rotation),
    metricLabel: metric,
    hooks,
    points,
    selected: [...selectedValues(chartProps.filterState)],
  };
}
