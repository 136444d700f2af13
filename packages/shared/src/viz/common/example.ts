import type { AdhocFilter, AdhocMetric, QueryFormData } from '../types.ts';

/**
 * What every chart type's `example.ts` is made of. The server seeds the example charts from these
 * form data as they are, so a builder here must give the keys in the order a saved chart has them.
 */

/** A saved example chart on the example data (the example loader adds the datasource). */
export interface ChartExample {
  sliceName: string;
  table: string;
  formData: Partial<QueryFormData> & { viz_type: string };
}

/** A metric that aggregates one column, as Explore's metric popover saves it. */
export function simpleMetric(
  column: string,
  aggregate: NonNullable<AdhocMetric['aggregate']>,
  label: string,
): AdhocMetric {
  return { expressionType: 'SIMPLE', column: { column_name: column }, aggregate, label };
}

/** A custom SQL metric. */
export function sqlMetric(sqlExpression: string, label: string): AdhocMetric {
  return { expressionType: 'SQL', sqlExpression, label };
}

/** The WHERE filter that leaves out rows without a value in `subject`. */
export function isNotNullFilter(subject: string): AdhocFilter {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject,
    operator: 'IS NOT NULL',
    operatorId: 'IS_NOT_NULL',
  };
}

/** The WHERE filter `subject == comparator`. */
export function equalsFilter(subject: string, comparator: string | number): AdhocFilter {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject,
    operator: '==',
    operatorId: 'EQUALS',
    comparator,
  };
}

/** A scrolling legend along the top: the legend settings of most ECharts examples. */
export const TOP_SCROLL_LEGEND = {
  show_legend: true,
  legendType: 'scroll',
  legendOrientation: 'top',
} as const;
