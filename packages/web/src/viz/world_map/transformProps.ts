import { getCategoricalScale } from '@tessera/shared/color/categorical';
import { getSequentialScheme } from '@tessera/shared/color/schemes';
import type { Currency } from '@tessera/shared/format/number';
import { getNumberFormatter } from '@tessera/shared/format/number';
import {
  type ChartPoint,
  columnLabelOf,
  displayValue,
  metricLabelOf,
  pointFilter,
  readAnswer,
  requireColumns,
  rgbaColor,
  selectedValues,
  toNumber,
} from '../common/distributionChart.ts';
import type { ChartHooks, ChartProps, DrawnProps } from '../types.ts';
import { type CountryFieldType, findCountry } from './countries.ts';

export interface CountryDatum {
  /** ISO alpha-3: the shape's name in the registered map. */
  code: string;
  numeric: number;
  name: string;
  /** The value as the data wrote it (what cross-filters use). */
  raw: unknown;
  value: number | null;
  bubble: number | null;
  /** Set when countries are coloured by a categorical scheme. */
  color?: string;
}

export interface WorldMapProps extends DrawnProps {
  theme: 'light' | 'dark';
  hooks: ChartHooks;
  countries: CountryDatum[];
  /** Data values that name no known country, shown so the analyst can fix the field type. */
  unmatched: string[];
  metricLabel: string;
  bubbleLabel: string | null;
  colorBy: 'metric' | 'country';
  sequentialColors: string[];
  bubbleColor: string;
  maxBubbleSize: number;
  formatValue: (value: number | null | undefined) => string;
  points: Record<string, ChartPoint>;
  selected: string[];
  crossFilter: boolean;
}

function fieldTypeOf(value: unknown): CountryFieldType {
  return value === 'name' || value === 'cca3' || value === 'numeric' ? value : 'cca2';
}

/** World map: each row's country found by its name or code, with its metric and bubble size. */
export function transformProps(chartProps: ChartProps): WorldMapProps {
  const { formData, width, height, theme, hooks } = chartProps;
  const entity = columnLabelOf(formData.entity, 'Country Column');
  const metric = metricLabelOf(formData.metric, 'Metric');
  const bubbleLabel =
    formData.show_bubbles === true && formData.secondary_metric
      ? metricLabelOf(formData.secondary_metric, 'Bubble size')
      : null;
  const answer = readAnswer(chartProps);
  requireColumns(answer, [entity, metric, ...(bubbleLabel ? [bubbleLabel] : [])]);

  const fieldType = fieldTypeOf(formData.country_fieldtype);
  const colorBy = formData.color_by === 'country' ? 'country' : 'metric';
  const colorOf = getCategoricalScale({
    scheme: formData.color_scheme as string | undefined,
    namespace: chartProps.colorNamespace,
    forcedColors: chartProps.labelColors,
    sliceId: chartProps.sliceId,
  });
  const countries: CountryDatum[] = [];
  const unmatched: string[] = [];
  const points: Record<string, ChartPoint> = {};
  for (const row of answer.rows) {
    const country = findCountry(row[entity], fieldType);
    if (!country) {
      unmatched.push(displayValue(row[entity]));
      continue;
    }
    const label = displayValue(row[entity]);
    points[country.alpha3] = { label, filters: [pointFilter(entity, row[entity], label)] };
    countries.push({
      code: country.alpha3,
      numeric: country.numeric,
      name: country.name,
      raw: row[entity],
      value: toNumber(row[metric]),
      bubble: bubbleLabel ? toNumber(row[bubbleLabel]) : null,
      ...(colorBy === 'country' ? { color: colorOf(country.name) } : {}),
    });
  }
  if (answer.rows.length && !countries.length) {
    throw new Error(
      `No value of "${entity}" is a country ${fieldType === 'name' ? 'name' : `code (${fieldType})`}: check the "Country Field Type" control.`,
    );
  }
  const maxBubble = Number(formData.max_bubble_size);
  return {
    width,
    height,
    theme,
    hooks,
    countries,
    unmatched,
    metricLabel: metric,
    bubbleLabel,
    colorBy,
    sequentialColors: getSequentialScheme(formData.linear_color_scheme as string | undefined)
      .colors,
    bubbleColor: rgbaColor(formData.color_picker, 'rgba(0, 122, 135, 1)'),
    maxBubbleSize: maxBubble > 0 ? maxBubble : 25,
    formatValue: getNumberFormatter(
      formData.y_axis_format as string | undefined,
      formData.currency_format as Currency | null | undefined,
    ),
    points,
    selected: [...selectedValues(chartProps.filterState)],
    crossFilter: true,
  };
}
