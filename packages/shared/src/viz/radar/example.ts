import type { ChartExample } from '../common/partsAndFlows.ts';

function avg(column: string, label: string) {
  return {
    expressionType: 'SIMPLE' as const,
    column: { column_name: column },
    aggregate: 'AVG' as const,
    label,
  };
}

export const radarExample: ChartExample = {
  sliceName: 'Cars by origin',
  table: 'cars',
  formData: {
    viz_type: 'radar',
    groupby: ['origin'],
    metrics: [
      avg('miles_per_gallon', 'Miles per gallon'),
      avg('horsepower', 'Horsepower'),
      avg('acceleration', 'Acceleration'),
      avg('cylinders', 'Cylinders'),
      avg('weight_in_lbs', 'Weight (lbs)'),
    ],
    adhoc_filters: [],
    time_range: 'No filter',
    row_limit: 10,
    color_scheme: 'supersetColors',
    show_legend: true,
    legendType: 'scroll',
    legendOrientation: 'top',
    show_labels: false,
    label_type: 'value',
    label_position: 'top',
    number_format: ',.1f',
    column_config: {
      'Miles per gallon': { radarMetricMaxValue: 40 },
      Horsepower: { radarMetricMaxValue: 200 },
      Acceleration: { radarMetricMaxValue: 20 },
      Cylinders: { radarMetricMaxValue: 8 },
      'Weight (lbs)': { radarMetricMaxValue: 5000 },
    },
    is_circle: false,
  },
};
