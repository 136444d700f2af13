import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import {
  clipErrorDetails,
  errorLogFields,
  LOG_EVENTS,
  type LogContext,
  type LogEvent,
  logEvent,
} from '../../../app/eventLogger.ts';
import { selectActiveEditor } from './selectors.ts';
import type { SqlLabRootState } from './store.ts';
import type { Query } from './types.ts';

/**
 * SQL Lab's events (Superset's `sqllab_*` log actions). Each says what Superset's logger adds to
 * an event of SQL Lab: source `sqlLab`, the tab as `source_id`, and the tab's database and schema.
 */

/** The fields every SQL Lab event carries: the active tab, its database and schema. */
export function sqlLabLogContext(root: SqlLabRootState): LogContext {
  const editor = selectActiveEditor(root);
  return {
    source: 'sqlLab',
    sourceId: editor?.id ?? null,
    ...(typeof editor?.dbId === 'number' ? { db_id: editor.dbId } : {}),
    ...(editor?.schema ? { schema: editor.schema } : {}),
  };
}

/** An event of SQL Lab with the active tab's context. */
export function logSqlLabEvent(
  root: SqlLabRootState,
  eventName: string,
  fields: Omit<LogContext, 'source'> = {},
): LogEvent {
  return logEvent(eventName, { ...sqlLabLogContext(root), ...fields });
}

/**
 * A failed run: one `sqllab_fetch_failed_query` timing event per error of its payload (as
 * Superset's `logFailedQuery`), with the run's own tab, database and schema.
 */
export function logFailedQuery(
  query: Pick<Query, 'id' | 'sqlEditorId' | 'dbId' | 'schema' | 'startDttm'>,
  info: ClientErrorObject,
): LogEvent[] {
  return errorLogFields(info).map((fields) =>
    logEvent(LOG_EVENTS.sqllabFetchFailedQuery, {
      source: 'sqlLab',
      sourceId: query.sqlEditorId ?? null,
      eventType: 'timing',
      db_id: query.dbId,
      ...(query.schema ? { schema: query.schema } : {}),
      client_id: query.id,
      has_err: true,
      start_offset: query.startDttm,
      ...fields,
    }),
  );
}

/** A tab state the server did not take: a warning, the toast says what to do. */
export function logTabStateNotStored(
  root: SqlLabRootState,
  tabViewId: string,
  info: ClientErrorObject,
): LogEvent {
  return logSqlLabEvent(root, LOG_EVENTS.sqllabStoreTabStateFailed, {
    level: 'warning',
    target_id: tabViewId,
    ...(info.status === undefined ? {} : { status: info.status }),
    error_details: clipErrorDetails(info.error),
  });
}
