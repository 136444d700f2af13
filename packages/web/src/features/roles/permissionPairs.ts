import type { PermissionPair } from '@tessera/shared/permissions';

/**
 * A role's pairs split the way the role editor shows them: plain permissions, and object grants
 * (which databases, schemas and datasets the role may read).
 */

export const GRANT_PERMISSIONS = [
  'all_database_access',
  'all_datasource_access',
  'database_access',
  'schema_access',
  'datasource_access',
] as const;

export type Pair = [string, string];

export function isGrant(pair: PermissionPair): boolean {
  return (GRANT_PERMISSIONS as readonly string[]).includes(pair[0]);
}

/** Pairs travel through selects as text; JSON keeps any character of a view name intact. */
export const pairKey = (pair: PermissionPair): string => JSON.stringify([pair[0], pair[1]]);
export const pairFromKey = (key: string): Pair => JSON.parse(key) as Pair;

export function pairLabel(pair: PermissionPair): string {
  return `${pair[0]} on ${pair[1]}`;
}

/** Unique pairs, sorted by view then permission, for stable requests and tidy lists. */
export function uniquePairs(pairs: PermissionPair[]): Pair[] {
  const seen = new Map<string, Pair>();
  for (const pair of pairs) seen.set(pairKey(pair), [pair[0], pair[1]]);
  return [...seen.values()].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
}

/** Select options grouped by view name: "Dashboard" -> can_read, can_write, ... */
export function groupedPermissionOptions(pairs: PermissionPair[]) {
  const groups = new Map<string, PermissionPair[]>();
  for (const pair of uniquePairs(pairs.filter((p) => !isGrant(p)))) {
    const list = groups.get(pair[1]) ?? [];
    list.push(pair);
    groups.set(pair[1], list);
  }
  return [...groups.entries()].map(([view, list]) => ({
    label: view,
    title: view,
    options: list.map((pair) => ({ value: pairKey(pair), label: pairLabel(pair) })),
  }));
}
