import type { GenericDataType } from '@tessera/shared/api/chartData';
import type { QueryFormData } from '@tessera/shared/viz/types';
import type { ChartProps } from '../types.ts';

/** Test input: chart props around one chart-data answer, shaped as the server sends it. */
export function chartPropsFor(
  formData: Partial<QueryFormData> & { viz_type: string },
  data: Array<Record<string, unknown>>,
  coltypes: GenericDataType[],
  extra: Partial<ChartProps> = {},
): ChartProps {
  const colnames = Object.keys(data[0] ?? {});
  return {
    formData: { datasource: '1__table', ...formData },
    queriesData: [{ data, colnames, coltypes, rowcount: data.length, status: 'success' }],
    width: 800,
    height: 600,
    datasource: null,
    theme: 'light',
    hooks: {},
    ...extra,
  };
}

/** The first series of an ECharts option built by these charts. */
export function firstSeries(option: unknown): Record<string, unknown> {
  const series = (option as { series: Array<Record<string, unknown>> }).series;
  return series[0] as Record<string, unknown>;
}
