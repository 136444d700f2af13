import {
  type FilterConfigItem,
  type FilterType,
  NATIVE_FILTER_DIVIDER_PREFIX,
  NATIVE_FILTER_PREFIX,
  NativeFilterConfiguration,
} from '@tessera/shared/dashboard/nativeFilters';
import { type DashboardLayout, ROOT_ID } from '@tessera/shared/dashboard/position';
import type { Key } from 'react';

/**
 * The config modal's working copy: new filters and dividers as Superset's client makes them,
 * the messages of each item's fields, and the `PUT {id}/filters` body of the edits.
 */

export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  filter_select: 'Value',
  filter_range: 'Numerical range',
  filter_time: 'Time range',
  filter_timecolumn: 'Time column',
  filter_timegrain: 'Time grain',
};

/** A nanoid-like suffix: letters and digits, as the shared id rule takes them. */
function suffix(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function newFilter(): FilterConfigItem {
  return {
    id: `${NATIVE_FILTER_PREFIX}${suffix()}`,
    type: 'NATIVE_FILTER',
    name: '',
    filterType: 'filter_select',
    targets: [{}],
    controlValues: {
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      multiSelect: true,
      searchAllOptions: false,
      inverseSelection: false,
    },
    defaultDataMask: { extraFormData: {}, filterState: {} },
    cascadeParentIds: [],
    scope: { rootPath: [ROOT_ID], excluded: [] },
  };
}

export function newDivider(): FilterConfigItem {
  return {
    id: `${NATIVE_FILTER_DIVIDER_PREFIX}${suffix()}`,
    type: 'DIVIDER',
    title: '',
    description: '',
    scope: { rootPath: [ROOT_ID], excluded: [] },
  };
}

/** Each item's field messages, by item id and field (`name`, `title`, `targets`, ...). */
export function fieldErrors(
  items: readonly FilterConfigItem[],
): Record<string, Record<string, string>> {
  const parsed = NativeFilterConfiguration.safeParse(items);
  if (parsed.success) return {};
  const errors: Record<string, Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const [index, field] = issue.path;
    const item = typeof index === 'number' ? items[index] : undefined;
    if (!item) continue;
    const byField = errors[item.id] ?? {};
    byField[String(field ?? 'id')] ??= issue.message;
    errors[item.id] = byField;
  }
  return errors;
}

/** The list with item `id` dropped onto item `target`: it takes the target's place. */
export function movedBefore<T extends { id: string }>(
  list: readonly T[],
  id: string,
  target: string,
): T[] {
  const item = list.find((other) => other.id === id);
  if (!item || id === target) return [...list];
  const rest = list.filter((other) => other.id !== id);
  const from = list.indexOf(item);
  const at = rest.findIndex((other) => other.id === target);
  // Dragged down, it lands after the target; dragged up, before it.
  const index = at + (from <= at ? 1 : 0);
  return [...rest.slice(0, index), item, ...rest.slice(index)];
}

/**
 * Superset's `requiredFirst`: a filter whose value is required and which selects its first value
 * by default must have that value before the charts it reaches first query.
 */
export function withRequiredFirst(item: FilterConfigItem): FilterConfigItem {
  if (item.type === 'DIVIDER') return item;
  const controls = (item.controlValues ?? {}) as Record<string, unknown>;
  const requiredFirst = Boolean(controls.enableEmptyFilter && controls.defaultToFirstItem);
  if (!requiredFirst && !item.requiredFirst) return item;
  return item.requiredFirst === requiredFirst ? item : { ...item, requiredFirst };
}

/** The body of `PUT {id}/filters`: changed or new items, deleted ids, and the order. */
export function filtersChange(
  stored: readonly FilterConfigItem[],
  editedItems: readonly FilterConfigItem[],
  deleted: readonly string[],
) {
  const edited = editedItems.map(withRequiredFirst);
  const before = new Map(stored.map((item) => [item.id, JSON.stringify(item)]));
  const modified = edited.filter((item) => before.get(item.id) !== JSON.stringify(item));
  const order = edited.map((item) => item.id);
  const sameOrder =
    order.length === stored.length - deleted.length &&
    order.every((id, i) => id === stored.filter((s) => !deleted.includes(s.id))[i]?.id);
  return { modified, deleted: [...deleted], reordered: sameOrder ? [] : order };
}

/** One node of the scope tree: a tab (its key the tab's id) or a chart (`chart-{id}`). */
export interface ScopeNode {
  key: string;
  title: string;
  children?: ScopeNode[];
}

export const ALL_PANELS_KEY = ROOT_ID;
const chartKey = (id: number) => `chart-${id}`;

/** The dashboard as the scope tree shows it: "All panels", its tabs, their charts. */
export function scopeTree(layout: DashboardLayout, chartName: (id: number) => string): ScopeNode {
  const walk = (id: string): ScopeNode[] => {
    const item = layout[id];
    if (!item) return [];
    if (item.type === 'CHART' && typeof item.meta?.chartId === 'number') {
      const chartId = item.meta.chartId;
      return [{ key: chartKey(chartId), title: item.meta.sliceNameOverride || chartName(chartId) }];
    }
    const children = (item.children ?? []).flatMap(walk);
    if (item.type === 'TAB') {
      return [{ key: id, title: String(item.meta?.text || 'Tab'), children }];
    }
    return children;
  };
  return { key: ALL_PANELS_KEY, title: 'All panels', children: walk(ROOT_ID) };
}

/** The chart ids under a node of the tree. */
function chartsUnder(node: ScopeNode): number[] {
  if (node.key.startsWith('chart-')) return [Number(node.key.slice(6))];
  return (node.children ?? []).flatMap(chartsUnder);
}

/** The checked keys of the tree for a scope: the charts it reaches. */
export function checkedKeys(reached: readonly number[]): string[] {
  return reached.map(chartKey);
}

/** The charts among a tree's checked keys (as antd's `onCheck` answers them), tabs left out. */
export function checkedCharts(keys: readonly Key[] | { checked: readonly Key[] }): number[] {
  const list = Array.isArray(keys) ? keys : (keys as { checked: readonly Key[] }).checked;
  return list
    .map(String)
    .filter((key) => key.startsWith('chart-'))
    .map((key) => Number(key.slice(6)));
}

/**
 * The scope a set of checked charts means, as Superset stores it: the root when every chart is
 * checked; else the tabs whose charts are all checked, when they hold every checked chart; else
 * the root with the unchecked charts `excluded`.
 */
export function scopeFromChecked(
  tree: ScopeNode,
  checked: readonly number[],
): { rootPath: string[]; excluded: number[] } {
  const chosen = new Set(checked);
  const all = chartsUnder(tree);
  const unchosen = all.filter((id) => !chosen.has(id));
  if (unchosen.length === 0) return { rootPath: [ALL_PANELS_KEY], excluded: [] };
  const tabs: string[] = [];
  const covered = new Set<number>();
  const visit = (node: ScopeNode) => {
    const charts = chartsUnder(node);
    const isTab = node.key !== ALL_PANELS_KEY && !node.key.startsWith('chart-');
    if (isTab && charts.length > 0 && charts.every((id) => chosen.has(id))) {
      tabs.push(node.key);
      for (const id of charts) covered.add(id);
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  if (tabs.length > 0 && checked.every((id) => covered.has(id))) {
    return { rootPath: tabs, excluded: [] };
  }
  return { rootPath: [ALL_PANELS_KEY], excluded: unchosen };
}
