import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { useEffect, useState } from 'react';
import { api } from '../../../../app/api.ts';

/** Schemas and table names for completion, cached per database (and schema) for the session. */
const cache = new Map<string, Promise<string[]>>();

function cached(key: string, load: () => Promise<string[]>): Promise<string[]> {
  let entry = cache.get(key);
  if (!entry) {
    entry = load().catch(() => {
      cache.delete(key);
      return [];
    });
    cache.set(key, entry);
  }
  return entry;
}

export function useCompletionData(dbId: number | null, schema: string | null) {
  const [schemas, setSchemas] = useState<string[]>([]);
  const [tableNames, setTableNames] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    if (!dbId) {
      setSchemas([]);
      return;
    }
    void cached(`${dbId}`, async () => {
      const answer = await api.call(databaseRoutes.schemas, {
        params: { pk: dbId },
        q: { force: false },
      });
      return answer.result;
    }).then((names) => live && setSchemas(names));
    return () => {
      live = false;
    };
  }, [dbId]);

  useEffect(() => {
    let live = true;
    if (!dbId || !schema) {
      setTableNames([]);
      return;
    }
    void cached(`${dbId}/${schema}`, async () => {
      const answer = await api.call(databaseRoutes.tables, {
        params: { pk: dbId },
        q: { schema_name: schema, force: false },
      });
      return answer.result.map((table) => table.value);
    }).then((names) => live && setTableNames(names));
    return () => {
      live = false;
    };
  }, [dbId, schema]);

  return { schemas, tableNames };
}
