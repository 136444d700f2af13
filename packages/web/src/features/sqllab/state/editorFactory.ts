import { DEFAULT_QUERY_LIMIT, DEFAULT_SQL_MAX_ROW, newClientId } from '@tessera/shared/api/sqllab';
import type { SqllabDatabase } from '@tessera/shared/api/sqllabState';
import type { QueryEditor, SqlLabSettings } from './types.ts';

/** Naming and defaults of new tabs (spec section 5). */

export const UNTITLED_QUERY_PREFIX = 'Untitled Query';
const UNTITLED_PATTERN = /^Untitled Query (\d+)$/;

/** The starter text of a new tab. */
export const STARTER_SQL = 'SELECT ...';
/** Prepended when tabs live only in the browser (backend persistence off). */
export const LOCAL_ONLY_NOTE =
  '-- Note: these tabs are kept in this browser only. They will not persist if you clear your cookies or change browsers; save your query to keep it.\n\n';

export const DEFAULT_NORTH_PERCENT = 50;

/** "Untitled Query N": N is one more than the highest number already used, or 1. */
export function nextUntitledName(names: readonly string[]): string {
  let highest = 0;
  for (const name of names) {
    const match = UNTITLED_PATTERN.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${UNTITLED_QUERY_PREFIX} ${highest + 1}`;
}

export function copyName(name: string): string {
  return `Copy of ${name}`;
}

export function starterSql(backendPersistence: boolean): string {
  return backendPersistence ? STARTER_SQL : `${LOCAL_ONLY_NOTE}${STARTER_SQL}`;
}

/**
 * Database of a new tab: the previous tab's, else SQLLAB_DEFAULT_DBID (when that database is
 * listed), else the lowest database id; null when there is none.
 */
export function defaultDbId(
  previous: Pick<QueryEditor, 'dbId'> | undefined,
  settings: Pick<SqlLabSettings, 'defaultDbId'>,
  databases: Record<string, SqllabDatabase>,
): number | null {
  if (previous?.dbId) return previous.dbId;
  const ids = Object.values(databases).map((db) => db.id);
  if (settings.defaultDbId !== null && (ids.length === 0 || ids.includes(settings.defaultDbId))) {
    return settings.defaultDbId;
  }
  return ids.length > 0 ? Math.min(...ids) : null;
}

/** Query limit of a new tab: the previous tab's, else DEFAULT_SQLLAB_LIMIT. */
export function defaultQueryLimit(
  previous: Pick<QueryEditor, 'queryLimit'> | undefined,
  settings: Pick<SqlLabSettings, 'defaultQueryLimit'>,
): number {
  return previous?.queryLimit || settings.defaultQueryLimit || DEFAULT_QUERY_LIMIT;
}

/** A complete editor from the fields a caller knows; the rest takes the spec's defaults. */
export function makeQueryEditor(
  fields: Partial<QueryEditor> & Pick<QueryEditor, 'name'>,
  now: number = Date.now(),
): QueryEditor {
  return {
    id: newClientId(),
    tabViewId: null,
    sql: STARTER_SQL,
    selectedText: null,
    dbId: null,
    catalog: null,
    schema: null,
    queryLimit: DEFAULT_QUERY_LIMIT,
    maxRow: DEFAULT_SQL_MAX_ROW,
    autorun: false,
    templateParams: '',
    remoteId: null,
    latestQueryId: null,
    loaded: true,
    inLocalStorage: true,
    hideLeftBar: false,
    cursorPosition: { row: 0, column: 0 },
    functionNames: [],
    version: 1,
    updatedAt: now,
    northPercent: DEFAULT_NORTH_PERCENT,
    southPercent: 100 - DEFAULT_NORTH_PERCENT,
    ...fields,
  };
}

/**
 * Of two copies of a tab, the local one wins when it is newer (higher version, or the same
 * version changed later): edits made while the server could not be reached are not lost.
 */
export function isLocalNewer(
  local: Pick<QueryEditor, 'version' | 'updatedAt'>,
  server: Pick<QueryEditor, 'version' | 'updatedAt'>,
): boolean {
  if (local.version !== server.version) return local.version > server.version;
  return local.updatedAt > server.updatedAt;
}
