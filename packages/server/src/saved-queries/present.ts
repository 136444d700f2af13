import {
  SAVED_QUERY_LIST_COLUMNS,
  type SavedQueryItem,
  type SavedQueryWriteAnswer,
} from '@tessera/shared/api/savedQueries';
import { humanizeAge } from '../databases/present.ts';
import type { SavedQueryRecord } from './repository.ts';

/** Stored saved queries to the wire shapes of `/api/v1/saved_query/`. */

function person(id: number | null, first: string | null, last: string | null) {
  return id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };
}

export function toItem(row: SavedQueryRecord, now: Date = new Date()): SavedQueryItem {
  return {
    id: row.id,
    uuid: row.uuid,
    label: row.label,
    description: row.description,
    sql: row.sql,
    db_id: row.db_id,
    database: row.db_id === null ? null : { id: row.db_id, database_name: row.database_name ?? '' },
    catalog: row.catalog,
    schema: row.schema,
    template_parameters: row.template_parameters,
    extra_json: row.extra_json,
    extra: row.extra_json,
    rows: row.rows,
    last_run: row.last_run,
    last_run_delta_humanized: row.last_run ? humanizeAge(row.last_run, now) : null,
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeAge(row.changed_on, now),
    created_by: person(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
    changed_by: person(row.changed_by_id, row.changed_by_first_name, row.changed_by_last_name),
  };
}

export function toWriteAnswer(row: SavedQueryRecord): SavedQueryWriteAnswer {
  return {
    id: row.id,
    result: {
      label: row.label,
      db_id: row.db_id,
      catalog: row.catalog,
      schema: row.schema,
      sql: row.sql,
      description: row.description,
      template_parameters: row.template_parameters,
      extra_json: row.extra_json,
    },
  };
}

/** A list row: Superset's list columns, or only the dotted `columns` the caller asked for. */
export function toListRow(item: SavedQueryItem, columns?: string[]): Record<string, unknown> {
  const wanted = columns ?? [...SAVED_QUERY_LIST_COLUMNS];
  const out: Record<string, unknown> = {};
  for (const column of wanted) {
    const [head, tail] = column.split('.', 2) as [string, string | undefined];
    const value = (item as unknown as Record<string, unknown>)[head];
    if (value === undefined) continue;
    if (tail === undefined) {
      out[head] = value;
      continue;
    }
    if (value === null) {
      out[head] = null;
      continue;
    }
    const nested = (out[head] ?? {}) as Record<string, unknown>;
    nested[tail] = (value as Record<string, unknown>)[tail];
    out[head] = nested;
  }
  return out;
}
