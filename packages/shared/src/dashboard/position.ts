import { z } from 'zod';

/**
 * The dashboard layout (`position_json`): a flat map of components by id, each naming its
 * children and parents. Shapes follow Superset's v2 layout so its dashboards import unchanged.
 */

export const COMPONENT_TYPES = [
  'ROOT',
  'GRID',
  'TABS',
  'TAB',
  'ROW',
  'COLUMN',
  'CHART',
  'MARKDOWN',
  'HEADER',
  'DIVIDER',
  'DYNAMIC',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
export const DASHBOARD_VERSION = 'v2';

export const DEFAULT_HEADER_TEXT = 'New header';
export const DEFAULT_TAB_TITLE = 'Tab title';
/** Widths count grid columns out of GRID_COLUMN_COUNT. */
export const GRID_COLUMN_COUNT = 12;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const DEFAULT_CHART_WIDTH = GRID_DEFAULT_CHART_WIDTH;
export const DEFAULT_MARKDOWN_WIDTH = GRID_DEFAULT_CHART_WIDTH;
export const DEFAULT_DIVIDER_WIDTH = GRID_COLUMN_COUNT;
/** Chart and markdown heights count grid rows of GRID_BASE_UNIT pixels. */
export const GRID_BASE_UNIT = 8;
export const DEFAULT_CHART_HEIGHT = 50;
export const DEFAULT_MARKDOWN_HEIGHT = 50;
/** The numeric part of a generated component id never exceeds this (spec section 9). */
export const MAX_COMPONENT_ID = 65535;

export const LayoutMeta = z.looseObject({
  width: z.number().int().min(0).max(GRID_COLUMN_COUNT).optional(),
  height: z.number().min(0).optional(),
  chartId: z.number().int().positive().optional(),
  sliceName: z.string().optional(),
  sliceNameOverride: z.string().optional(),
  uuid: z.string().optional(),
  text: z.string().optional(),
  code: z.string().optional(),
  headerSize: z.string().optional(),
  background: z.string().optional(),
  defaultText: z.string().optional(),
  placeholder: z.string().optional(),
});
export type LayoutMeta = z.infer<typeof LayoutMeta>;

export const LayoutItem = z.looseObject({
  id: z.string().min(1),
  type: z.enum(COMPONENT_TYPES, {
    error: (issue) =>
      `Unknown component type ${JSON.stringify(issue.input)}; expected one of ${COMPONENT_TYPES.join(', ')}`,
  }),
  children: z.array(z.string()).default([]),
  parents: z.array(z.string()).optional(),
  meta: LayoutMeta.default({}),
});
export type LayoutItem = z.infer<typeof LayoutItem>;

/** A layout as the client works with it: components by id (the version key kept aside). */
export type DashboardLayout = Record<string, LayoutItem>;

/** The stored document: components by id plus `DASHBOARD_VERSION_KEY: "v2"`. */
export type PositionJson = Record<string, LayoutItem | string>;

/** The numeric counter of an id such as `CHART-123`, or null for other ids. */
export function componentIdNumber(id: string): number | null {
  const match = /-(\d+)$/.exec(id);
  return match ? Number(match[1]) : null;
}

/** A fresh id `TYPE-n` with n in 1..65535, not among `taken`. */
export function newComponentId(type: ComponentType, taken: Iterable<string> = []): string {
  const used = new Set(taken);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const id = `${type}-${1 + Math.floor(Math.random() * MAX_COMPONENT_ID)}`;
    if (!used.has(id)) return id;
  }
  for (let n = 1; n <= MAX_COMPONENT_ID; n++) {
    const id = `${type}-${n}`;
    if (!used.has(id)) return id;
  }
  throw new Error(`No free ${type} component id left`);
}

/** Problems of a parsed layout (dangling children, ids over the maximum), as readable text. */
function layoutProblems(layout: DashboardLayout): string[] {
  const problems: string[] = [];
  for (const [key, item] of Object.entries(layout)) {
    if (item.id !== key) problems.push(`Component ${key} carries the id ${item.id}`);
    const n = componentIdNumber(key);
    if (n !== null && n > MAX_COMPONENT_ID) {
      problems.push(`Component id ${key} is above the maximum of ${MAX_COMPONENT_ID}`);
    }
    for (const child of item.children) {
      if (!layout[child]) problems.push(`Component ${key} names a missing child ${child}`);
    }
    if (item.type === 'CHART' && item.meta.chartId === undefined) {
      problems.push(`Chart component ${key} has no chartId`);
    }
  }
  return problems;
}

export type LayoutCheck =
  | { ok: true; layout: DashboardLayout; version: string }
  | { ok: false; errors: string[] };

/** Validates a position_json document (already parsed from text). */
export function checkPositionJson(value: unknown): LayoutCheck {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, errors: ['position_json must be a JSON object of components by id'] };
  }
  const layout: DashboardLayout = {};
  const errors: string[] = [];
  let version = DASHBOARD_VERSION;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (key === DASHBOARD_VERSION_KEY) {
      if (typeof raw !== 'string') errors.push(`${DASHBOARD_VERSION_KEY} must be text`);
      else version = raw;
      continue;
    }
    const parsed = LayoutItem.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const where = issue.path.length ? `.${issue.path.join('.')}` : '';
        errors.push(`${key}${where}: ${issue.message}`);
      }
      continue;
    }
    layout[key] = parsed.data;
  }
  if (errors.length === 0) errors.push(...layoutProblems(layout));
  return errors.length ? { ok: false, errors } : { ok: true, layout, version };
}

/** The layout of an empty dashboard: ROOT holding GRID, plus the header. */
export function emptyLayout(title = ''): DashboardLayout {
  return {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], meta: {} },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID], meta: {} },
    [HEADER_ID]: { id: HEADER_ID, type: 'HEADER', children: [], meta: { text: title } },
  };
}

/**
 * A layout for charts that have no place yet (a dashboard without position_json, or charts
 * attached from explore): rows of three charts of the default size, as Superset lays them out.
 */
export function layoutForCharts(
  charts: Array<{ id: number; slice_name?: string; uuid?: string }>,
  base: DashboardLayout = emptyLayout(),
): DashboardLayout {
  const layout: DashboardLayout = JSON.parse(JSON.stringify(base)) as DashboardLayout;
  const grid = layout[GRID_ID];
  if (!grid) return layout;
  const perRow = Math.floor(GRID_COLUMN_COUNT / DEFAULT_CHART_WIDTH);
  let row: LayoutItem | null = null;
  for (const chart of charts) {
    if (!row || row.children.length >= perRow) {
      const rowId = newComponentId('ROW', Object.keys(layout));
      row = {
        id: rowId,
        type: 'ROW',
        children: [],
        parents: [ROOT_ID, GRID_ID],
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      };
      layout[rowId] = row;
      grid.children.push(rowId);
    }
    const chartId = newComponentId('CHART', Object.keys(layout));
    layout[chartId] = {
      id: chartId,
      type: 'CHART',
      children: [],
      parents: [ROOT_ID, GRID_ID, row.id],
      meta: {
        chartId: chart.id,
        width: DEFAULT_CHART_WIDTH,
        height: DEFAULT_CHART_HEIGHT,
        ...(chart.slice_name !== undefined ? { sliceName: chart.slice_name } : {}),
        ...(chart.uuid !== undefined ? { uuid: chart.uuid } : {}),
      },
    };
    row.children.push(chartId);
  }
  return layout;
}

/** Chart ids placed in a layout, in layout order. */
export function chartIdsInLayout(layout: DashboardLayout): number[] {
  const ids: number[] = [];
  for (const item of Object.values(layout)) {
    if (item.type === 'CHART' && typeof item.meta.chartId === 'number') ids.push(item.meta.chartId);
  }
  return ids;
}

/** The document to store: the layout plus the version key. */
export function toPositionJson(layout: DashboardLayout): PositionJson {
  return { ...layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION };
}

/**
 * Reads a stored position_json whatever its age. v1 documents (no version key, from Superset
 * before its v2 layout) have the same component map; a document without ROOT/GRID gets them;
 * a missing document becomes a layout of the dashboard's charts. Invalid text yields the same.
 */
export function migratePositionJson(
  stored: string | null | undefined,
  charts: Array<{ id: number; slice_name?: string; uuid?: string }> = [],
): DashboardLayout {
  let value: unknown = null;
  if (stored) {
    try {
      value = JSON.parse(stored);
    } catch {
      value = null;
    }
  }
  const check = value ? checkPositionJson(value) : null;
  if (!check?.ok || Object.keys(check.layout).length === 0) return layoutForCharts(charts);
  const layout = check.layout;
  const base = emptyLayout();
  layout[ROOT_ID] ??= base[ROOT_ID] as LayoutItem;
  if (!layout[GRID_ID] && !layout[ROOT_ID].children.some((c) => layout[c]?.type === 'TABS')) {
    layout[GRID_ID] = base[GRID_ID] as LayoutItem;
    layout[ROOT_ID].children = [GRID_ID, ...layout[ROOT_ID].children];
  }
  // Charts that belong to the dashboard but have no place get one at the end of the grid.
  const placed = new Set(chartIdsInLayout(layout));
  const missing = charts.filter((c) => !placed.has(c.id));
  return missing.length && layout[GRID_ID] ? layoutForCharts(missing, layout) : layout;
}
