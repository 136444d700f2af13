import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../../app/api.ts';
import type { SqlLabTable } from '../../state/types.ts';
import { type ColumnTable, tablesInQuery } from './completion.ts';

/** How long typing pauses before the query's tables are looked up. */
const LOOKUP_DELAY_MS = 400;

// Column names per database, schema and table for the session; a failed lookup (a name that is
// no table, a CTE) is remembered as none.
const columnCache = new Map<string, Promise<string[]>>();

function columnsOf(dbId: number, schema: string | null, table: string): Promise<string[]> {
  const key = JSON.stringify([dbId, schema, table]);
  let entry = columnCache.get(key);
  if (!entry) {
    entry = api
      .call(databaseRoutes.tableMetadata, {
        params: { pk: dbId },
        query: { name: table, ...(schema ? { schema } : {}) },
      })
      .then(
        (answer) => answer.columns.map((column) => column.name),
        () => [],
      );
    columnCache.set(key, entry);
  }
  return entry;
}

/**
 * The tables whose columns completion offers: the left bar's, and those the query reads (their
 * metadata fetched once per session), so `WHERE de` offers `delay` of `FROM flights`.
 */
export function useQueryTableColumns(
  dbId: number | null,
  schema: string | null,
  sql: string,
  tables: readonly SqlLabTable[],
): ColumnTable[] {
  const [fetched, setFetched] = useState<ColumnTable[]>([]);
  // Typing elsewhere in the query (`WHERE de`) leaves the tables it reads, and the lookup, alone.
  const wantedKey = JSON.stringify(
    tablesInQuery(sql).map((reference) => [reference.schema ?? schema, reference.table]),
  );

  useEffect(() => {
    if (!dbId) {
      setFetched([]);
      return;
    }
    let live = true;
    const wanted = JSON.parse(wantedKey) as [string | null, string][];
    const timer = setTimeout(() => {
      void Promise.all(
        wanted.map(async ([tableSchema, name]) => ({
          schema: tableSchema,
          name,
          columns: await columnsOf(dbId, tableSchema, name),
        })),
      ).then((found) => {
        if (live) setFetched(found.filter((table) => table.columns.length > 0));
      });
    }, LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dbId, wantedKey]);

  const fetchedKey = JSON.stringify(fetched);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new array of the same tables keeps the completion as it is
  return useMemo(() => {
    const known: ColumnTable[] = tables.map((table) => ({
      schema: table.schema,
      name: table.name,
      columns: (table.columns ?? []).map((column) => column.name),
    }));
    const extra = fetched.filter(
      (table) => !known.some((k) => k.name === table.name && k.schema === table.schema),
    );
    return [...known, ...extra];
  }, [tables, fetchedKey]);
}
