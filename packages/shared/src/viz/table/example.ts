import { type ChartExample, isNotNullFilter } from '../common/example.ts';

/** Saved example: films by genre with takings, rating and count, best-rated in green. */
export const tableExample: ChartExample = {
  sliceName: 'Films by genre',
  table: 'movies',
  formData: {
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['major_genre'],
    metrics: ['sum__worldwide_gross', 'avg__imdb_rating', 'count'],
    percent_metrics: [],
    adhoc_filters: [isNotNullFilter('major_genre')],
    time_range: 'No filter',
    timeseries_limit_metric: 'sum__worldwide_gross',
    order_desc: true,
    row_limit: 1000,
    server_pagination: false,
    show_totals: true,
    include_search: true,
    show_cell_bars: true,
    color_pn: true,
    table_timestamp_format: 'smart_date',
    column_config: {
      sum__worldwide_gross: { d3NumberFormat: '$,.3s' },
      avg__imdb_rating: { d3NumberFormat: ',.2f', showCellBars: false },
      count: { d3NumberFormat: ',d' },
    },
    conditional_formatting: [
      { column: 'avg__imdb_rating', operator: '≥', targetValue: 6.5, colorScheme: '#5AC189' },
      { column: 'avg__imdb_rating', operator: '<', targetValue: 5.8, colorScheme: '#FF7F44' },
    ],
  },
};
