import { defaultJsonMetadata } from '@tessera/shared/dashboard/metadata';
import {
  type ComponentType,
  type DashboardLayout,
  DEFAULT_CHART_HEIGHT,
  GRID_COLUMN_COUNT,
  HEADER_ID,
  type LayoutMeta,
  newComponentId,
  ROOT_ID,
  toPositionJson,
} from '@tessera/shared/dashboard/position';
import { dashboardRepository } from '../dashboards/repository.ts';
import { createDashboard } from '../dashboards/service.ts';
import type { Actor } from '../security/actor.ts';
import { loaderActor } from './actor.ts';
import { exampleUuid } from './chartCatalogue.ts';
import type { ExampleChartsSummary, SavedExampleChart } from './charts.ts';
import type { LoadExamplesContext } from './load.ts';

/**
 * The example dashboards: each a published dashboard of top-level tabs holding a markdown
 * introduction, headers, a divider and rows that mix chart types, all on the example charts.
 */

/** What goes in a tab, top to bottom. A row's items share the 12 grid columns. */
type Block =
  | { header: string }
  | { divider: true }
  | { row: Array<{ chart: string; width: number } | { markdown: string; width: number }> };

export interface ExampleDashboard {
  key: string;
  title: string;
  slug: string;
  tabs: Array<{ title: string; blocks: Block[] }>;
}

export const EXAMPLE_DASHBOARDS: readonly ExampleDashboard[] = [
  {
    key: 'flights',
    title: 'Flights',
    slug: 'flights',
    tabs: [
      {
        title: 'Flights',
        blocks: [
          {
            row: [
              {
                markdown: [
                  '## US domestic flights, 2001',
                  '',
                  'Three million flights with their departure time, delay in minutes and',
                  'distance in miles, from the `flights` table of the examples database.',
                  'Open any chart in Explore from its menu to see how it is built.',
                ].join('\n'),
                width: 4,
              },
              { chart: 'big_number_total', width: 4 },
              { chart: 'flights_top_origins', width: 4 },
            ],
          },
          { header: 'Delays and routes' },
          { row: [{ chart: 'flights_delay_by_day', width: 12 }] },
          { divider: true },
          {
            row: [
              { chart: 'graph_chart', width: 6 },
              { chart: 'mapbox', width: 6 },
            ],
          },
        ],
      },
      {
        title: 'Bird strikes',
        blocks: [
          { header: 'Wildlife strikes reported to the FAA' },
          {
            row: [
              { chart: 'funnel', width: 6 },
              { chart: 'sankey_v2', width: 6 },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'world_weather',
    title: 'World & weather',
    slug: 'world_weather',
    tabs: [
      {
        title: 'World',
        blocks: [
          {
            row: [
              {
                markdown: [
                  '## Countries and people',
                  '',
                  'Gapminder figures by country (life expectancy, fertility, population) and',
                  'the US census by age group. Colours follow the dashboard scheme.',
                ].join('\n'),
                width: 4,
              },
              { chart: 'world_map', width: 8 },
            ],
          },
          { header: 'Population' },
          {
            row: [
              { chart: 'bubble_v2', width: 6 },
              { chart: 'heatmap_v2', width: 6 },
            ],
          },
        ],
      },
      {
        title: 'Weather',
        blocks: [
          { header: 'Seattle, 2012-2015' },
          {
            row: [
              { chart: 'gauge_chart', width: 3 },
              { chart: 'mixed_timeseries', width: 9 },
            ],
          },
          { divider: true },
          {
            row: [
              { chart: 'box_plot', width: 6 },
              { chart: 'echarts_timeseries_scatter', width: 6 },
            ],
          },
        ],
      },
    ],
  },
];

export const exampleDashboardUuid = (key: string) => exampleUuid(`dashboard:${key}`);

/** Builds a layout component by component, keeping ids unique and `parents` right. */
function layoutBuilder(title: string) {
  const layout: DashboardLayout = {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [], meta: {} },
    [HEADER_ID]: { id: HEADER_ID, type: 'HEADER', children: [], meta: { text: title } },
  };
  const add = (parentId: string, type: ComponentType, meta: LayoutMeta = {}): string => {
    const parent = layout[parentId];
    if (!parent) throw new Error(`No component ${parentId}`);
    const id = newComponentId(type, Object.keys(layout));
    layout[id] = { id, type, children: [], parents: [...(parent.parents ?? []), parentId], meta };
    parent.children.push(id);
    return id;
  };
  return { layout, add };
}

/** The layout of an example dashboard; a chart that is missing leaves its place out. */
export function exampleLayout(
  dashboard: ExampleDashboard,
  charts: Map<string, SavedExampleChart>,
): DashboardLayout {
  const { layout, add } = layoutBuilder(dashboard.title);
  const tabs = add(ROOT_ID, 'TABS');
  for (const tab of dashboard.tabs) {
    const tabId = add(tabs, 'TAB', { text: tab.title, defaultText: 'Tab title' });
    for (const block of tab.blocks) {
      if ('header' in block) {
        add(tabId, 'HEADER', {
          text: block.header,
          headerSize: 'MEDIUM_HEADER',
          background: 'BACKGROUND_TRANSPARENT',
        });
      } else if ('divider' in block) {
        add(tabId, 'DIVIDER');
      } else {
        const width = block.row.reduce((sum, item) => sum + item.width, 0);
        if (width > GRID_COLUMN_COUNT) throw new Error(`A row of ${dashboard.key} is too wide`);
        const rowId = add(tabId, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
        for (const item of block.row) {
          if ('markdown' in item) {
            add(rowId, 'MARKDOWN', {
              code: item.markdown,
              width: item.width,
              height: DEFAULT_CHART_HEIGHT,
            });
            continue;
          }
          const chart = charts.get(item.chart);
          if (!chart) continue;
          add(rowId, 'CHART', {
            chartId: chart.id,
            sliceName: chart.sliceName,
            uuid: chart.uuid,
            width: item.width,
            height: DEFAULT_CHART_HEIGHT,
          });
        }
      }
    }
  }
  return layout;
}

/**
 * Saves each example dashboard that is not there yet (matched by uuid), published and owned by
 * the admin, with its charts linked. An existing one, perhaps rearranged, is left alone.
 */
export async function loadExampleDashboards(
  ctx: LoadExamplesContext,
  charts: ExampleChartsSummary,
  actor: Actor = loaderActor(ctx),
): Promise<{ created: string[] }> {
  const created: string[] = [];
  const ownerId = charts.ownerId;
  if (ownerId === null) return { created };
  const db = ctx.store.db;
  for (const dashboard of EXAMPLE_DASHBOARDS) {
    const uuid = exampleDashboardUuid(dashboard.key);
    if (await dashboardRepository.getByUuid(db, uuid)) continue;
    const layout = exampleLayout(dashboard, charts.charts);
    // The dashboards service, as the system, with the admin as owner; a slug someone already
    // took leaves this one without (the dashboard opens by id).
    await createDashboard(
      ctx,
      actor,
      {
        dashboard_title: dashboard.title,
        slug: dashboard.slug,
        position_json: JSON.stringify(toPositionJson(layout)),
        json_metadata: JSON.stringify({ ...defaultJsonMetadata(), color_scheme: 'supersetColors' }),
        published: true,
        owners: [ownerId],
      },
      { uuid, slugTaken: 'drop' },
    );
    created.push(dashboard.key);
  }
  if (created.length > 0) ctx.logger.info({ dashboards: created }, 'example dashboards saved');
  return { created };
}
