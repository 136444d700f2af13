import { type Currency, getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import type { Metric } from '@tessera/shared/viz/types';
import type { BigNumberProps } from '../common/BigNumberView.tsx';
import type { ChartProps } from '../types.ts';

export const NO_DATA_TEXT = 'No data';
const TEMPORAL = 2;

/** The metric's label, or an error naming the control when the chart has none. */
export function bigNumberMetric(chartProps: ChartProps): string {
  const metric = chartProps.formData.metric as Metric | undefined;
  if (metric === undefined || metric === null || metric === '') {
    throw new Error('This chart needs a metric: choose one in the "Metric" control.');
  }
  return getMetricLabel(metric);
}

/** Formats the number: a date when the metric is temporal or "Force date format" is on. */
export function bigNumberFormatter(chartProps: ChartProps, label: string) {
  const { formData } = chartProps;
  const answer = chartProps.queriesData[0];
  const index = answer?.colnames?.indexOf(label) ?? -1;
  const temporal = index >= 0 && answer?.coltypes?.[index] === TEMPORAL;
  if (temporal || formData.force_timestamp_formatting) {
    const f = getTimeFormatter(formData.time_format as string | undefined);
    return (v: number | null) => (v === null ? NO_DATA_TEXT : f(v));
  }
  const f = getNumberFormatter(
    formData.y_axis_format as string | undefined,
    (formData.currency_format ?? null) as Currency | null,
  );
  return (v: number | null) => (v === null ? NO_DATA_TEXT : f(v));
}

export function checkMetricColumn(chartProps: ChartProps, label: string): void {
  const answer = chartProps.queriesData[0];
  const rows = answer?.data ?? [];
  const colnames = answer?.colnames ?? Object.keys(rows[0] ?? {});
  if (rows.length && !colnames.includes(label)) {
    throw new Error(
      `The metric "${label}" is missing from the query results. Run the query again or choose another metric.`,
    );
  }
}

export function transformProps(chartProps: ChartProps): BigNumberProps {
  const { formData } = chartProps;
  const label = bigNumberMetric(chartProps);
  checkMetricColumn(chartProps, label);
  const raw = chartProps.queriesData[0]?.data?.[0]?.[label];
  const value = raw === null || raw === undefined ? null : Number(raw);
  return {
    width: chartProps.width,
    height: chartProps.height,
    formattedNumber: bigNumberFormatter(chartProps, label)(value),
    comparison: null,
    subheader: String(formData.subheader ?? ''),
    timestamp: '',
    headerFontSize: Number(formData.header_font_size ?? 0.4) || 0.4,
    subheaderFontSize: Number(formData.subheader_font_size ?? 0.15) || 0.15,
    trendline: null,
    color: undefined,
    theme: chartProps.theme,
    hooks: chartProps.hooks,
    testId: 'big-number-total-chart',
  };
}
