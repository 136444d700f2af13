/**
 * Datasource keys as Superset writes them: `{id}__{type}`, e.g. `3__table` for dataset 3 or
 * `12__query` for a SQL Lab query explored without saving. Used by explore's URLs and form_data,
 * `fetch_datasource_metadata` and chart data, on both sides.
 */

export const DATASOURCE_TYPES = ['table', 'query', 'dataset', 'sl_table', 'saved_query'] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

export interface DatasourceKey {
  id: number;
  type: DatasourceType;
}

export function isDatasourceType(value: unknown): value is DatasourceType {
  return typeof value === 'string' && (DATASOURCE_TYPES as readonly string[]).includes(value);
}

/** The key's parts, or null when it is not `{positive integer}__{known type}`. */
export function parseDatasourceKey(key: string | null | undefined): DatasourceKey | null {
  if (typeof key !== 'string') return null;
  const match = /^(\d+)__([a-z_]+)$/.exec(key.trim());
  if (!match) return null;
  const id = Number(match[1]);
  const type = match[2];
  if (!Number.isSafeInteger(id) || id <= 0 || !isDatasourceType(type)) return null;
  return { id, type };
}

export function formatDatasourceKey(key: DatasourceKey): string {
  return `${key.id}__${key.type}`;
}

/** `table`, `dataset` and `sl_table` all name a dataset row; Superset treats them alike. */
export function isDatasetType(type: DatasourceType): boolean {
  return type === 'table' || type === 'dataset' || type === 'sl_table';
}
