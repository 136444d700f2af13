import { z } from 'zod';
import { type DashboardLayout, ROOT_ID } from './position.ts';

/**
 * Native filters as a dashboard's `json_metadata.native_filter_configuration` keeps them
 * (Superset's shape), the data mask a filter or a cross-filter emits, the filter-change body of
 * `PUT /api/v1/dashboard/{id}/filters`, and the rules every side applies alike: which charts a
 * scope reaches, how a change list lands on a configuration, what a filter key names.
 */

export const NATIVE_FILTER_PREFIX = 'NATIVE_FILTER-';
export const NATIVE_FILTER_DIVIDER_PREFIX = 'NATIVE_FILTER_DIVIDER-';
export const FILTER_TYPES = [
  'filter_select',
  'filter_range',
  'filter_time',
  'filter_timecolumn',
  'filter_timegrain',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
/** Superset syncs a changed filter configuration to the server at most this often. */
export const FILTER_SYNC_INTERVAL_MS = 5000;
/** A deleted filter can be restored in the config modal for this long. */
export const FILTER_UNDO_DELETE_MS = 5000;
/** Rows asked for when a value filter lists its options. */
export const FILTER_VALUES_ROW_LIMIT = 1000;
export const INVALID_FILTER_KEY_MESSAGE = 'Cannot parse invalid filter key';

const MAX_NAME = 500;
const MAX_DESCRIPTION = 10_000;
/** Ids as Superset's client makes them: the prefix and a nanoid. */
const idAfter = (prefix: string) =>
  z
    .string()
    .max(200)
    .refine((id) => id.startsWith(prefix) && /^[\w-]+$/.test(id.slice(prefix.length)), {
      message: `must start with ${prefix} followed by letters, digits, - or _`,
    });

/** What a filter or a cross-filter adds to the queries of the charts it reaches. */
export const ExtraFormData = z.looseObject({
  filters: z
    .array(z.looseObject({ col: z.unknown(), op: z.string().max(40), val: z.unknown().optional() }))
    .optional(),
  adhoc_filters: z.array(z.looseObject({})).optional(),
  time_range: z.string().max(1000).optional(),
  granularity_sqla: z.string().max(1000).optional(),
  time_grain_sqla: z.string().max(100).optional(),
  time_column: z.string().max(1000).optional(),
});

export const DataMask = z.looseObject({
  id: z.string().max(200).optional(),
  extraFormData: ExtraFormData.optional(),
  filterState: z.looseObject({}).optional(),
  ownState: z.looseObject({}).optional(),
});
export type DataMask = z.infer<typeof DataMask>;

/** Where a filter or cross-filter applies: under each of `rootPath` (tabs, the root), but `excluded` charts. */
export const FilterScope = z.looseObject({
  rootPath: z.array(z.string().max(200)).max(1000),
  excluded: z.array(z.number().int()).max(10_000),
});
export type FilterScope = z.infer<typeof FilterScope>;

const FilterTarget = z.looseObject({
  datasetId: z.number().int().positive().optional(),
  /** Written on export so an import can find the dataset again. */
  datasetUuid: z.string().max(64).optional(),
  column: z.looseObject({ name: z.string().min(1).max(1000) }).optional(),
});

const common = {
  description: z.string().max(MAX_DESCRIPTION).optional(),
  scope: FilterScope.optional(),
  chartsInScope: z.array(z.number().int()).optional(),
  tabsInScope: z.array(z.string()).optional(),
};

export const NativeFilter = z
  .looseObject({
    id: idAfter(NATIVE_FILTER_PREFIX),
    type: z.literal('NATIVE_FILTER'),
    name: z.string().trim().min(1, 'Name is required').max(MAX_NAME),
    filterType: z.enum(FILTER_TYPES),
    targets: z.array(FilterTarget).max(1),
    controlValues: z.looseObject({}).optional(),
    defaultDataMask: DataMask.optional(),
    cascadeParentIds: z.array(z.string().max(200)).optional(),
    adhoc_filters: z.array(z.looseObject({})).optional(),
    time_range: z.string().max(1000).optional(),
    granularity_sqla: z.string().max(1000).optional(),
    sortMetric: z.string().max(1000).nullable().optional(),
    requiredFirst: z.boolean().optional(),
    ...common,
  })
  .superRefine((filter, ctx) => {
    // A value, range, time-column or time-grain filter reads a dataset; a value or range
    // filter also a column of it. Time range filters apply to every chart's own time column.
    if (filter.filterType === 'filter_time') return;
    const [target] = filter.targets;
    if (target?.datasetId === undefined && target?.datasetUuid === undefined) {
      ctx.addIssue({ code: 'custom', path: ['targets'], message: 'Dataset is required' });
    }
    const needsColumn =
      filter.filterType === 'filter_select' || filter.filterType === 'filter_range';
    if (needsColumn && !target?.column?.name) {
      ctx.addIssue({ code: 'custom', path: ['targets'], message: 'Column is required' });
    }
  });
export type NativeFilter = z.infer<typeof NativeFilter>;

export const FilterDivider = z.looseObject({
  id: idAfter(NATIVE_FILTER_DIVIDER_PREFIX),
  type: z.literal('DIVIDER'),
  title: z.string().trim().min(1, 'Title is required').max(MAX_NAME),
  ...common,
});
export type FilterDivider = z.infer<typeof FilterDivider>;

export const FilterConfigItem = z.discriminatedUnion('type', [NativeFilter, FilterDivider]);
export type FilterConfigItem = NativeFilter | FilterDivider;

/** The whole configuration: each item valid, ids unique, cascade parents real and acyclic. */
export const NativeFilterConfiguration = z
  .array(FilterConfigItem)
  .max(500)
  .superRefine((items, ctx) => {
    for (const problem of configurationProblems(items)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  });

function configurationProblems(
  items: readonly FilterConfigItem[],
): Array<{ path: (string | number)[]; message: string }> {
  const problems: Array<{ path: (string | number)[]; message: string }> = [];
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    if (index.has(item.id)) problems.push({ path: [i, 'id'], message: `Duplicate id ${item.id}` });
    else index.set(item.id, i);
  });
  const parentsOf = (id: string): string[] => {
    const item = items[index.get(id) ?? -1];
    return item && item.type !== 'DIVIDER' ? (item.cascadeParentIds ?? []) : [];
  };
  items.forEach((item, i) => {
    if (item.type === 'DIVIDER') return;
    for (const parent of item.cascadeParentIds ?? []) {
      const at = index.get(parent);
      if (parent === item.id) {
        problems.push({
          path: [i, 'cascadeParentIds'],
          message: 'A filter cannot be its own parent',
        });
      } else if (at === undefined || items[at]?.type === 'DIVIDER') {
        problems.push({
          path: [i, 'cascadeParentIds'],
          message: `Unknown parent filter ${parent}`,
        });
      }
    }
    if (reachesItself(item.id, parentsOf)) {
      problems.push({ path: [i, 'cascadeParentIds'], message: 'Cascading filters form a cycle' });
    }
  });
  return problems;
}

function reachesItself(start: string, parentsOf: (id: string) => string[]): boolean {
  const seen = new Set<string>();
  const stack = [...parentsOf(start)];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === start) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...parentsOf(id));
  }
  return false;
}

/** `PUT /api/v1/dashboard/{id}/filters`: new or changed items, ids deleted, the new order. */
export const FiltersChange = z.strictObject({
  modified: z.array(z.unknown()).max(500).default([]),
  deleted: z.array(z.string().max(200)).max(500).default([]),
  reordered: z.array(z.string().max(200)).max(500).default([]),
});
export type FiltersChange = z.infer<typeof FiltersChange>;

/**
 * The configuration after a change, as Superset lands one: deleted ids go, modified items
 * replace theirs in place, new ones follow, and `reordered` (when given) sets the order of the
 * ids it names, the others after them in their current order.
 */
export function applyFiltersChange(
  current: readonly Record<string, unknown>[],
  change: {
    modified: readonly Record<string, unknown>[];
    deleted: readonly string[];
    reordered: readonly string[];
  },
): Record<string, unknown>[] {
  const deleted = new Set(change.deleted);
  const modified = new Map(change.modified.map((item) => [String(item.id), item]));
  const next: Record<string, unknown>[] = [];
  const placed = new Set<string>();
  for (const item of current) {
    const id = String(item.id);
    if (deleted.has(id)) continue;
    next.push(modified.get(id) ?? item);
    placed.add(id);
  }
  for (const [id, item] of modified) {
    if (!placed.has(id) && !deleted.has(id)) next.push(item);
  }
  if (change.reordered.length === 0) return next;
  const rank = new Map(change.reordered.map((id, i) => [id, i]));
  return next
    .map((item, i) => ({ item, key: rank.get(String(item.id)) ?? change.reordered.length + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

/**
 * The chart ids a scope reaches in a layout: every chart under one of `rootPath` (a tab, the
 * root), but those in `excluded`. Charts not placed in the layout are reached only from the root.
 */
export function chartsInScope(
  scope: FilterScope | undefined,
  layout: DashboardLayout,
  allChartIds: readonly number[] = [],
): number[] {
  const rootPath = scope?.rootPath?.length ? scope.rootPath : [ROOT_ID];
  const excluded = new Set(scope?.excluded ?? []);
  const reached = new Set<number>();
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const item = layout[id];
    if (!item) return;
    if (item.type === 'CHART' && typeof item.meta?.chartId === 'number')
      reached.add(item.meta.chartId);
    for (const child of item.children ?? []) visit(child);
  };
  for (const root of rootPath) visit(root);
  if (rootPath.includes(ROOT_ID)) for (const id of allChartIds) reached.add(id);
  return [...reached].filter((id) => !excluded.has(id)).sort((a, b) => a - b);
}

/**
 * A data-mask key of the filter state: a native filter id, or `{chartId}_{column}` for a
 * cross-filter (and a legacy filter box). Anything else is refused with Superset's message.
 */
export function parseFilterKey(
  key: string,
): { kind: 'native'; id: string } | { kind: 'chart'; chartId: number; column: string } {
  if (key.startsWith(NATIVE_FILTER_PREFIX) || key.startsWith(NATIVE_FILTER_DIVIDER_PREFIX)) {
    return { kind: 'native', id: key };
  }
  const match = /^(\d+)_(.+)$/.exec(key);
  if (!match) throw new Error(INVALID_FILTER_KEY_MESSAGE);
  return { kind: 'chart', chartId: Number(match[1]), column: match[2] as string };
}

/**
 * The messages of a configuration that does not validate, each naming the item and the field,
 * e.g. `native_filter_configuration[2].name: Name is required`.
 */
export function filterConfigurationErrors(value: unknown): string[] {
  const parsed = NativeFilterConfiguration.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const [first, ...rest] = issue.path;
    const where =
      typeof first === 'number'
        ? `native_filter_configuration[${first}]${rest.length ? `.${rest.join('.')}` : ''}`
        : 'native_filter_configuration';
    return `${where}: ${issue.message}`;
  });
}

/** A filter's target as stored or bundled: the dataset by id, or by uuid in a bundle. */
export type FilterTargetRef = { datasetId?: number; datasetUuid?: unknown };
const targetsOf = (item: unknown): FilterTargetRef[] => {
  const targets = (item as { targets?: unknown } | null)?.targets;
  return Array.isArray(targets) ? (targets as FilterTargetRef[]) : [];
};

/** Every target of a configuration's filters (dividers and time-range filters have none). */
export function filterTargets(config: readonly unknown[] | undefined): FilterTargetRef[] {
  return (config ?? []).flatMap(targetsOf);
}

/** The ids of the datasets a configuration's filters read. */
export function filterDatasetIds(config: readonly unknown[] | undefined): number[] {
  const ids = filterTargets(config).map((target) => target.datasetId);
  return [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
}

/**
 * The configuration with each target's dataset also named by uuid (an export), so an import on
 * another instance finds the dataset whatever id it got there.
 */
export function withDatasetUuids<T>(
  config: readonly T[] | undefined,
  uuidOf: (id: number) => string | undefined,
): T[] {
  return (config ?? []).map((item) => {
    const targets = targetsOf(item);
    if (targets.length === 0) return item;
    return {
      ...item,
      targets: targets.map((target) => {
        const uuid = typeof target.datasetId === 'number' ? uuidOf(target.datasetId) : undefined;
        return uuid ? { ...target, datasetUuid: uuid } : target;
      }),
    };
  });
}

/** Legacy filter-box columns with a meaning of their own (Superset's time filters). */
const LEGACY_TIME_COLUMNS: Record<string, { filterType: FilterType; extra: string }> = {
  __time_range: { filterType: 'filter_time', extra: 'time_range' },
  __time_col: { filterType: 'filter_timecolumn', extra: 'granularity_sqla' },
  __time_grain: { filterType: 'filter_timegrain', extra: 'time_grain_sqla' },
};

const objectOr = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Native filters in place of a legacy dashboard's filter boxes: one filter per filter-box
 * column of `filter_scopes` or `default_filters` (JSON text), on the filter box's dataset, with
 * its default as the default data mask and its scope (minus its immune charts and the box itself).
 */
export function nativeFiltersFromLegacy(
  defaultFilters: string | undefined,
  filterScopes: Record<string, unknown> | undefined,
  datasetOfChart: (chartId: number) => number | undefined,
): NativeFilter[] {
  let defaults: Record<string, unknown> = {};
  try {
    defaults = objectOr(JSON.parse(defaultFilters || '{}'));
  } catch {
    defaults = {};
  }
  const scopes = objectOr(filterScopes);
  const filters: NativeFilter[] = [];
  for (const chartKey of new Set([...Object.keys(scopes), ...Object.keys(defaults)])) {
    const chartId = Number(chartKey);
    if (!Number.isInteger(chartId)) continue;
    const columnScopes = objectOr(scopes[chartKey]);
    const columnDefaults = objectOr(defaults[chartKey]);
    for (const column of new Set([...Object.keys(columnScopes), ...Object.keys(columnDefaults)])) {
      const time = LEGACY_TIME_COLUMNS[column];
      const datasetId = datasetOfChart(chartId);
      if (
        column === '__granularity' ||
        (datasetId === undefined && time?.filterType !== 'filter_time')
      )
        continue;
      const scope = objectOr(columnScopes[column]);
      const rootPath = Array.isArray(scope.scope) ? scope.scope.map(String) : [ROOT_ID];
      const immune = Array.isArray(scope.immune)
        ? scope.immune.map(Number).filter(Number.isInteger)
        : [];
      const value = columnDefaults[column];
      const values =
        value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
      const defaultDataMask: DataMask = time
        ? value === undefined || value === null
          ? {}
          : { filterState: { value }, extraFormData: { [time.extra]: value } }
        : values.length
          ? {
              filterState: { value: values },
              extraFormData: { filters: [{ col: column, op: 'IN', val: values }] },
            }
          : {};
      filters.push({
        id: `${NATIVE_FILTER_PREFIX}${chartId}_${column.replace(/[^\w-]/g, '_')}`,
        type: 'NATIVE_FILTER',
        name: time ? column.replace(/^__/, '').replace('_', ' ') : column,
        filterType: time?.filterType ?? 'filter_select',
        targets:
          time?.filterType === 'filter_time'
            ? [{}]
            : [{ datasetId, ...(time ? {} : { column: { name: column } }) }],
        controlValues: time ? {} : { multiSelect: true, enableEmptyFilter: false },
        defaultDataMask,
        cascadeParentIds: [],
        scope: { rootPath, excluded: [...new Set([...immune, chartId])] },
      });
    }
  }
  return filters;
}
