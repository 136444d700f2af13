import { validateNonEmpty } from '../../controls/validators.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlPanelConfig } from '../types.ts';

/** The bundled, offline basemap; any other value is a tile URL template or a style URL. */
export const OFFLINE_MAP_STYLE = 'offline';

export const CLUSTERING_RADII = [0, 20, 40, 60, 80, 100, 200, 500, 1000] as const;

export const mapboxControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        {
          name: 'all_columns_x',
          config: {
            type: 'ColumnsControl',
            label: 'Longitude',
            description: 'Column containing longitude data',
            multi: false,
            choicesFrom: 'numeric_columns',
            validators: [validateNonEmpty],
          },
        },
        {
          name: 'all_columns_y',
          config: {
            type: 'ColumnsControl',
            label: 'Latitude',
            description: 'Column containing latitude data',
            multi: false,
            choicesFrom: 'numeric_columns',
            validators: [validateNonEmpty],
          },
        },
      ],
      [
        {
          name: 'clustering_radius',
          config: {
            type: 'SelectControl',
            label: 'Clustering Radius',
            description:
              'The radius (in pixels) the algorithm uses to define a cluster. Choose 0 to turn off clustering, but beware that a large number of points (>1000) will cause lag.',
            freeForm: true,
            choices: CLUSTERING_RADII.map((n) => [String(n), String(n)] as const),
            default: '60',
            renderTrigger: true,
          },
        },
      ],
      ['row_limit'],
      ['adhoc_filters'],
    ]),
    {
      label: 'Points',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'point_radius',
            config: {
              type: 'ColumnsControl',
              label: 'Point Radius',
              description:
                'The radius of individual points (ones that are not in a cluster). Either a numerical column or `Auto`, which scales the point based on the largest cluster',
              multi: false,
              choicesFrom: 'numeric_columns',
              clearable: true,
              placeholder: 'Auto',
            },
          },
          {
            name: 'point_radius_unit',
            config: {
              type: 'SelectControl',
              label: 'Point Radius Unit',
              description: 'The unit of measure for the specified point radius',
              choices: [
                ['Pixels', 'Pixels'],
                ['Miles', 'Miles'],
                ['Kilometers', 'Kilometers'],
              ],
              default: 'Pixels',
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'mapbox_label',
            config: {
              type: 'ColumnsControl',
              label: 'Label',
              description:
                'Shown in the tooltip of a point (e.g. a name). With no label the tooltip shows the coordinates.',
              multi: true,
              choicesFrom: 'columns',
              default: [],
            },
          },
        ],
      ],
    },
    customizeSection('Visual Tweaks', [
      [
        {
          name: 'mapbox_style',
          config: {
            type: 'TextControl',
            label: 'Map Style',
            description:
              'Base map: `offline` for the bundled world map (works without network), a raster tile URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, or a MapLibre style URL.',
            default: OFFLINE_MAP_STYLE,
            placeholder: OFFLINE_MAP_STYLE,
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'global_opacity',
          config: {
            type: 'SliderControl',
            label: 'Opacity',
            description: 'Opacity of all clusters, points, and labels. Between 0 and 1.',
            min: 0,
            max: 1,
            step: 0.05,
            default: 1,
            renderTrigger: true,
          },
        },
        {
          name: 'mapbox_color',
          config: {
            type: 'ColorPickerControl',
            label: 'RGB Color',
            description: 'The color for points and clusters',
            default: { r: 0, g: 139, b: 139, a: 1 },
            renderTrigger: true,
          },
        },
      ],
    ]),
    {
      label: 'Viewport',
      expanded: false,
      tab: 'customize',
      controlSetRows: [
        [
          {
            name: 'viewport_longitude',
            config: {
              type: 'TextControl',
              label: 'Default longitude',
              description: 'Longitude of default viewport; empty fits the points',
              isFloat: true,
              renderTrigger: true,
            },
          },
          {
            name: 'viewport_latitude',
            config: {
              type: 'TextControl',
              label: 'Default latitude',
              description: 'Latitude of default viewport; empty fits the points',
              isFloat: true,
              renderTrigger: true,
            },
          },
          {
            name: 'viewport_zoom',
            config: {
              type: 'TextControl',
              label: 'Zoom',
              description: 'Zoom level of the map',
              isFloat: true,
              renderTrigger: true,
            },
          },
        ],
      ],
    },
  ],
};
