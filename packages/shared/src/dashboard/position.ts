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

/** Problems of single components (ids, chart references), as readable text. */
function componentProblems(layout: DashboardLayout): string[] {
  const problems: string[] = [];
  for (const [key, item] of Object.entries(layout)) {
    if (item.id !== key) problems.push(`Component ${key} carries the id ${item.id}`);
    const n = componentIdNumber(key);
    if (n !== null && n > MAX_COMPONENT_ID) {
      problems.push(`Component id ${key} is above the maximum of ${MAX_COMPONENT_ID}`);
    }
    if (item.type === 'CHART' && item.meta.chartId === undefined) {
      problems.push(`Chart component ${key} has no chartId`);
    }
  }
  return problems;
}

/**
 * Loops among components (a self link and links to ROOT_ID are reported on their own), each as
 * the path that closes it. Iterative, so a deep or hostile document cannot exhaust the stack.
 */
function findLoops(layout: DashboardLayout): string[][] {
  const loops: string[][] = [];
  const done = new Set<string>();
  const onPath = new Set<string>();
  for (const start of Object.keys(layout)) {
    if (done.has(start)) continue;
    const path: string[] = [start];
    const next: number[] = [0];
    onPath.add(start);
    while (path.length > 0) {
      const id = path[path.length - 1] as string;
      const children = (layout[id] as LayoutItem).children;
      const at = next[next.length - 1] as number;
      if (at >= children.length) {
        path.pop();
        next.pop();
        onPath.delete(id);
        done.add(id);
        continue;
      }
      next[next.length - 1] = at + 1;
      const child = children[at] as string;
      if (child === id || child === ROOT_ID || !layout[child] || done.has(child)) continue;
      if (onPath.has(child)) {
        loops.push([...path.slice(path.indexOf(child)), child]);
        continue;
      }
      path.push(child);
      next.push(0);
      onPath.add(child);
    }
  }
  return loops;
}

/**
 * Problems of the tree as a whole. The client walks the layout from ROOT_ID down through
 * `children`, so a layout must start there and each component must sit in exactly one place:
 * a loop would never end the walk, a second parent would draw the component twice.
 */
function structureProblems(layout: DashboardLayout): string[] {
  if (Object.keys(layout).length === 0) return [];
  const problems: string[] = [];
  const root = layout[ROOT_ID];
  if (!root) {
    problems.push(
      'The layout has no ROOT_ID component; every dashboard layout starts at ROOT_ID (holding GRID_ID or the top-level tabs)',
    );
  } else if (root.type !== 'ROOT') {
    problems.push(`ROOT_ID must be of type ROOT, not ${root.type}`);
  }
  const parentOf = new Map<string, string>();
  for (const [key, item] of Object.entries(layout)) {
    const listed = new Set<string>();
    for (const child of item.children) {
      if (child === key) {
        problems.push(`Component ${key} lists itself as its own child`);
      } else if (!layout[child]) {
        problems.push(`Component ${key} names a missing child ${child}`);
      } else if (child === ROOT_ID) {
        problems.push(
          `Component ${key} lists ROOT_ID as a child, but ROOT_ID is the top of the layout and cannot sit inside another component`,
        );
      } else if (listed.has(child)) {
        problems.push(`Component ${key} lists ${child} as a child more than once`);
      } else if (parentOf.has(child)) {
        problems.push(
          `Component ${child} is a child of both ${parentOf.get(child)} and ${key}; a component can sit in only one place`,
        );
      } else {
        parentOf.set(child, key);
      }
      listed.add(child);
    }
  }
  for (const loop of findLoops(layout)) {
    problems.push(
      `Components ${loop.join(' -> ')} contain each other in a loop; a component cannot sit inside itself`,
    );
  }
  return problems;
}

/** Every problem of a parsed layout, as readable text (they reach the user in a 400). */
function layoutProblems(layout: DashboardLayout): string[] {
  return [...componentProblems(layout), ...structureProblems(layout)];
}

/**
 * Makes a layout a tree again, in place, by dropping the child links that break it: links to
 * missing components, to ROOT_ID or to a component already placed (a loop, a second parent or a
 * repeat). A component reached from two parents stays with the one nearer ROOT_ID. Components
 * ROOT_ID does not reach are kept (Superset leaves GRID_ID aside under top-level tabs) and made
 * trees of their own, so no walk from any component can loop.
 */
export function repairLayoutTree(layout: DashboardLayout): DashboardLayout {
  const placed = new Set<string>();
  const claim = (start: string) => {
    placed.add(start);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const item = layout[queue[i] as string] as LayoutItem;
      item.children = item.children.filter((child) => {
        if (child === ROOT_ID || placed.has(child) || !layout[child]) return false;
        placed.add(child);
        queue.push(child);
        return true;
      });
    }
  };
  if (layout[ROOT_ID]) claim(ROOT_ID);
  for (const key of Object.keys(layout)) if (!placed.has(key)) claim(key);
  return layout;
}

/** Ids ROOT_ID reaches, in breadth-first order (the layout must be a tree). */
function reachableFromRoot(layout: DashboardLayout): string[] {
  if (!layout[ROOT_ID]) return [];
  const order = [ROOT_ID];
  for (let i = 0; i < order.length; i++) {
    for (const child of layout[order[i] as string]?.children ?? []) {
      if (layout[child]) order.push(child);
    }
  }
  return order;
}

export type LayoutCheck =
  | { ok: true; layout: DashboardLayout; version: string }
  | { ok: false; errors: string[] };

/** The components of a position_json document, each parsed on its own, and its version. */
function readComponents(value: unknown): {
  layout: DashboardLayout;
  version: string;
  errors: string[];
} {
  const layout: DashboardLayout = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {
      layout,
      version: DASHBOARD_VERSION,
      errors: ['position_json must be a JSON object of components by id'],
    };
  }
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
  return { layout, version, errors };
}

/** Validates a position_json document (already parsed from text). */
export function checkPositionJson(value: unknown): LayoutCheck {
  const { layout, version, errors } = readComponents(value);
  if (errors.length === 0) errors.push(...layoutProblems(layout));
  return errors.length ? { ok: false, errors } : { ok: true, layout, version };
}

/**
 * A stored or sent layout read for use rather than judged: broken links dropped (see
 * repairLayoutTree), so documents saved before the tree was checked still open. Null when the
 * components themselves do not parse.
 */
export function readPositionJson(value: unknown): DashboardLayout | null {
  const { layout, errors } = readComponents(value);
  if (errors.length || componentProblems(layout).length) return null;
  return repairLayoutTree(layout);
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
 * links that break the tree (loops, second parents, missing children) are dropped; a missing
 * document becomes a layout of the dashboard's charts. Invalid text yields the same.
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
  const read = value ? readPositionJson(value) : null;
  if (!read || Object.keys(read).length === 0) return layoutForCharts(charts);
  const layout = read;
  if (!layout[ROOT_ID]) {
    layout[ROOT_ID] = { id: ROOT_ID, type: 'ROOT', children: [], meta: {} };
  }
  const root = layout[ROOT_ID];
  // What is read here is what the client saves back, and a save must pass checkPositionJson.
  root.type = 'ROOT';
  const topTabs = root.children.some((c) => layout[c]?.type === 'TABS');
  if (!layout[GRID_ID] && !topTabs) {
    layout[GRID_ID] = emptyLayout()[GRID_ID] as LayoutItem;
  }
  let reached = reachableFromRoot(layout);
  if (layout[GRID_ID] && !topTabs && !reached.includes(GRID_ID)) {
    // Nothing would show the grid: it goes back under the root, leaving any orphan holder.
    for (const item of Object.values(layout)) {
      item.children = item.children.filter((c) => c !== GRID_ID);
    }
    root.children = [GRID_ID, ...root.children];
    reached = reachableFromRoot(layout);
  }
  // Charts of the dashboard that nothing shows (not reached from ROOT_ID) get a place at the
  // end of the grid. Under top-level tabs the grid is not shown either, so there only charts
  // absent from the layout get one: a place there would show nothing and pile up at each save.
  const shown = new Set<number>();
  for (const id of reached.includes(GRID_ID) ? reached : Object.keys(layout)) {
    const chartId = layout[id]?.meta.chartId;
    if (layout[id]?.type === 'CHART' && typeof chartId === 'number') shown.add(chartId);
  }
  const missing = charts.filter((c) => !shown.has(c.id));
  return missing.length && layout[GRID_ID] ? layoutForCharts(missing, layout) : layout;
}
