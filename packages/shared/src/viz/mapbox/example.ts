import type { ChartExample } from '../common/example.ts';

export const mapboxExample: ChartExample = {
  sliceName: 'US airports',
  table: 'airports',
  formData: {
    viz_type: 'mapbox',
    all_columns_x: 'longitude',
    all_columns_y: 'latitude',
    mapbox_label: ['name', 'iata'],
    clustering_radius: '40',
    point_radius_unit: 'Pixels',
    row_limit: 5000,
    adhoc_filters: [],
    mapbox_style: 'offline',
    global_opacity: 0.9,
    mapbox_color: { r: 0, g: 139, b: 139, a: 1 },
    time_range: 'No filter',
  },
};
