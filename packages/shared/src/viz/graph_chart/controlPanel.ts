import { customizeSection, LEGEND_ROWS, querySection } from '../common/panelSections.ts';
import { columnSelectControl } from '../common/partsAndFlows.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';

function slider(
  name: string,
  label: string,
  description: string,
  range: { min: number; max: number; step: number; default: number },
  visibility?: ControlConfig['visibility'],
): { name: string; config: ControlConfig } {
  return {
    name,
    config: {
      type: 'SliderControl',
      label,
      description,
      renderTrigger: true,
      ...range,
      ...(visibility ? { visibility } : {}),
    },
  };
}

const isForce: ControlConfig['visibility'] = ({ formData }) =>
  (formData.layout ?? 'force') === 'force';

export const graphControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        columnSelectControl('source', 'Source', 'Name of the source nodes', true),
        columnSelectControl('target', 'Target', 'Name of the target nodes', true),
      ],
      ['metric'],
      ['adhoc_filters'],
      [
        columnSelectControl(
          'source_category',
          'Source category',
          'The category of source nodes used to assign colors. If a node is associated with more than one category, only the first will be used.',
          false,
        ),
        columnSelectControl(
          'target_category',
          'Target category',
          'Category of target nodes',
          false,
        ),
      ],
      ['row_limit'],
    ]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      ...LEGEND_ROWS,
      [
        {
          name: 'layout',
          config: {
            type: 'SelectControl',
            label: 'Graph layout',
            default: 'force',
            renderTrigger: true,
            choices: [
              ['force', 'Force'],
              ['circular', 'Circular'],
            ],
            description: 'Layout type of graph',
          },
        },
      ],
      [
        {
          name: 'edgeSymbol',
          config: {
            type: 'SelectControl',
            label: 'Edge symbols',
            default: 'none,arrow',
            renderTrigger: true,
            choices: [
              ['none,none', 'None'],
              ['none,arrow', 'Arrow'],
              ['circle,arrow', 'Circle and arrow'],
              ['circle,circle', 'Circle'],
            ],
            description: 'Symbol of two ends of edge line',
          },
        },
      ],
      [
        {
          name: 'draggable',
          config: {
            type: 'CheckboxControl',
            label: 'Enable node dragging',
            default: false,
            renderTrigger: true,
            description: 'Whether to enable node dragging in force layout mode.',
            visibility: isForce,
          },
        },
      ],
      [
        {
          name: 'roam',
          config: {
            type: 'SelectControl',
            label: 'Enable graph roaming',
            default: false,
            renderTrigger: true,
            choices: [
              [false, 'Disabled'],
              ['scale', 'Scale only'],
              ['move', 'Move only'],
              [true, 'Scale and Move'],
            ],
            description: 'Whether to enable changing graph position and scaling.',
          },
        },
      ],
      [
        slider(
          'showSymbolThreshold',
          'Label threshold',
          'Minimum value for label to be displayed on graph.',
          {
            min: 0,
            max: 1000,
            step: 1,
            default: 0,
          },
        ),
      ],
      [
        slider(
          'baseNodeSize',
          'Node size',
          'Median node size, the largest node will be 4 times larger than the smallest',
          {
            min: 5,
            max: 100,
            step: 1,
            default: 20,
          },
        ),
        slider(
          'baseEdgeWidth',
          'Edge width',
          'Median edge width, the thickest edge will be 4 times thicker than the thinnest.',
          {
            min: 1,
            max: 20,
            step: 1,
            default: 3,
          },
        ),
      ],
      [
        slider(
          'edgeLength',
          'Edge length',
          'Edge length between nodes',
          { min: 100, max: 1000, step: 50, default: 400 },
          isForce,
        ),
        slider(
          'gravity',
          'Gravity',
          'Strength to pull the graph toward center',
          { min: 0.1, max: 1, step: 0.1, default: 0.3 },
          isForce,
        ),
      ],
      [
        slider(
          'repulsion',
          'Repulsion',
          'Repulsion strength between nodes',
          { min: 100, max: 3000, step: 50, default: 1000 },
          isForce,
        ),
        slider(
          'friction',
          'Friction',
          'Friction between nodes',
          { min: 0.1, max: 1, step: 0.1, default: 0.2 },
          isForce,
        ),
      ],
    ]),
  ],
};
