import type { PostProcessingRule } from '../../api/chartData.ts';
import { buildQueryContext, getColumnLabel, getMetricLabel } from '../buildQueryContext.ts';
import { ensureArray } from '../common/distributionQuery.ts';
import type { BuildQueryOptions, Column, Metric, QueryContext, QueryFormData } from '../types.ts';

const PERCENTILES = /^(\d+)\/(\d+) percentiles$/;

/** The server's `boxplot` operation for Superset's whisker options. */
export function boxplotOperation(
  whiskerOptions: unknown,
  groupby: readonly Column[],
  metrics: readonly Metric[],
): PostProcessingRule {
  const choice = typeof whiskerOptions === 'string' && whiskerOptions ? whiskerOptions : 'Tukey';
  const percentiles = PERCENTILES.exec(choice);
  let whisker: Record<string, unknown>;
  if (choice === 'Tukey') whisker = { whisker_type: 'tukey' };
  else if (choice === 'Min/max (no outliers)') whisker = { whisker_type: 'min/max' };
  else if (percentiles) {
    whisker = {
      whisker_type: 'percentile',
      percentiles: [Number(percentiles[1]), Number(percentiles[2])],
    };
  } else throw new Error(`Unsupported whisker type: ${choice}`);
  return {
    operation: 'boxplot',
    options: {
      ...whisker,
      groupby: groupby.map(getColumnLabel),
      metrics: metrics.map(getMetricLabel),
    },
  };
}

/**
 * Box plot: the metrics are computed per combination of the "distribute across" columns and the
 * dimensions; the server's boxplot operation then summarises each dimension group.
 */
export function buildBoxPlotQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const groupby = ensureArray(formData.groupby);
  const metrics = ensureArray(formData.metrics);
  let distribute = ensureArray(formData.columns);
  // Superset's fallback: with nothing to distribute across, the time column is the observation.
  if (!distribute.length && formData.granularity_sqla) {
    distribute = [
      {
        sqlExpression: formData.granularity_sqla,
        label: formData.granularity_sqla,
        columnType: 'BASE_AXIS',
        expressionType: 'SQL',
      },
    ];
  }
  return buildQueryContext(formData, options, (base) => [
    {
      ...base,
      columns: [...distribute, ...groupby],
      metrics,
      series_columns: groupby,
      post_processing: metrics.length
        ? [boxplotOperation(formData.whiskerOptions, groupby, metrics)]
        : [],
    },
  ]);
}
