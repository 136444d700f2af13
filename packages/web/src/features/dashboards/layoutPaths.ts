import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { ROOT_ID } from '@tessera/shared/dashboard/position';

/** Reading the layout tree: where a component sits, which tab shows it. */

/** Ids from ROOT down to `id` (inclusive); empty when the id is not in the layout. */
export function pathToComponent(layout: DashboardLayout, id: string): string[] {
  if (!layout[id]) return [];
  const parentOf = new Map<string, string>();
  for (const item of Object.values(layout)) {
    for (const child of item.children) parentOf.set(child, item.id);
  }
  const path = [id];
  let current = id;
  const seen = new Set(path);
  while (parentOf.has(current)) {
    current = parentOf.get(current) as string;
    if (seen.has(current)) break;
    seen.add(current);
    path.unshift(current);
  }
  return path[0] === ROOT_ID ? path : [];
}

/**
 * The tab of a TABS component to show: the one named in activeTabs, else the one on the path to
 * a component being brought into view, else the first.
 */
export function selectedTab(
  tabIds: readonly string[],
  activeTabs: readonly string[],
  directPath: readonly string[],
): string | undefined {
  return (
    tabIds.find((id) => activeTabs.includes(id)) ??
    tabIds.find((id) => directPath.includes(id)) ??
    tabIds[0]
  );
}

/** The chart ids under a component (charts in tabs included). */
export function chartIdsUnder(layout: DashboardLayout, id: string): number[] {
  const out: number[] = [];
  const visit = (key: string) => {
    const item = layout[key];
    if (!item) return;
    if (item.type === 'CHART' && typeof item.meta.chartId === 'number') out.push(item.meta.chartId);
    for (const child of item.children) visit(child);
  };
  visit(id);
  return out;
}
