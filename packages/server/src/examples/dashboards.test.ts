import { checkPositionJson, ROOT_ID, toPositionJson } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_CHARTS, exampleChartUuid } from './chartCatalogue.ts';
import type { SavedExampleChart } from './charts.ts';
import { EXAMPLE_DASHBOARDS, exampleDashboardUuid, exampleLayout } from './dashboards.ts';

const charts = new Map<string, SavedExampleChart>(
  EXAMPLE_CHARTS.map((e, i) => [
    e.key,
    {
      id: i + 1,
      uuid: exampleChartUuid(e.key),
      sliceName: e.sliceName,
      vizType: e.formData.viz_type,
    },
  ]),
);

const vizTypeById = new Map([...charts.values()].map((c) => [c.id, c.vizType]));

describe('example dashboard layouts', () => {
  it.each(EXAMPLE_DASHBOARDS.map((d) => [d.title, d] as const))(
    '%s is a valid layout under top-level tabs',
    (_title, dashboard) => {
      const layout = exampleLayout(dashboard, charts);
      const check = checkPositionJson(JSON.parse(JSON.stringify(toPositionJson(layout))));
      expect(check.ok).toBe(true);
      const root = layout[ROOT_ID];
      expect(root?.children.map((id) => layout[id]?.type)).toEqual(['TABS']);
      for (const item of Object.values(layout)) {
        for (const child of item.children) {
          expect(layout[child]?.parents).toEqual([...(item.parents ?? []), item.id]);
        }
        if (item.type === 'ROW') {
          const width = item.children.reduce((n, id) => n + (layout[id]?.meta.width ?? 0), 0);
          expect(width).toBeLessThanOrEqual(12);
        }
      }
      const vizTypes = new Set(
        Object.values(layout)
          .filter((c) => c.type === 'CHART')
          .map((c) => vizTypeById.get(c.meta.chartId ?? 0)),
      );
      expect(vizTypes.size).toBeGreaterThanOrEqual(4);
    },
  );

  it('names only charts the loader saves, and keeps uuids stable', () => {
    for (const dashboard of EXAMPLE_DASHBOARDS) {
      for (const tab of dashboard.tabs) {
        for (const block of tab.blocks) {
          if (!('row' in block)) continue;
          for (const item of block.row)
            if ('chart' in item) expect(charts.has(item.chart)).toBe(true);
        }
      }
    }
    expect(exampleDashboardUuid('flights')).toBe(exampleDashboardUuid('flights'));
    expect(exampleDashboardUuid('flights')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(exampleChartUuid('pie')).not.toBe(exampleDashboardUuid('pie'));
  });

  it('leaves out a chart that is missing', () => {
    const some = new Map([...charts].filter(([key]) => key !== 'mapbox'));
    const layout = exampleLayout(
      EXAMPLE_DASHBOARDS[0] as (typeof EXAMPLE_DASHBOARDS)[number],
      some,
    );
    const ids = Object.values(layout).map((c) => c.meta.chartId);
    expect(ids).not.toContain(charts.get('mapbox')?.id);
    expect(checkPositionJson(toPositionJson(layout)).ok).toBe(true);
  });
});
