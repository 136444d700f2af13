import { type ChartExample, simpleMetric, TOP_SCROLL_LEGEND } from '../common/example.ts';

export const radarExample: ChartExample = {
  sliceName: 'Cars by origin',
  table: 'cars',
  formData: {
    viz_type: 'radar',
    groupby: ['origin'],
    metrics: [
      simpleMetric('miles_per_gallon', 'AVG', 'Miles per gallon'),
      simpleMetric('horsepower', 'AVG', 'Horsepower'),
      simpleMetric('acceleration', 'AVG', 'Acceleration'),
      simpleMetric('cylinders', 'AVG', 'Cylinders'),
      simpleMetric('weight_in_lbs', 'AVG', 'Weight (lbs)'),
    ],
    adhoc_filters: [],
    time_range: 'No filter',
    row_limit: 10,
    color_scheme: 'supersetColors',
    ...TOP_SCROLL_LEGEND,
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
