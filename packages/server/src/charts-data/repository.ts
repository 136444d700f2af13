import { sql } from 'kysely';
import type { MetadataStore } from '../platform/metadata/store.ts';

/**
 * Saved charts as chart data reads them. The charts feature (Superset's `slices` table) is not
 * there yet; until its migration lands no chart exists, so every lookup finds nothing rather
 * than failing on a missing table.
 */
export interface SavedChart {
  id: number;
  query_context: string | null;
}

async function hasSlicesTable(store: MetadataStore): Promise<boolean> {
  const tables = await store.db.introspection.getTables();
  return tables.some((t) => t.name === 'slices');
}

export const chartRepository = {
  async get(store: MetadataStore, id: number): Promise<SavedChart | undefined> {
    if (!(await hasSlicesTable(store))) return undefined;
    const result =
      await sql<SavedChart>`SELECT id, query_context FROM slices WHERE id = ${id}`.execute(
        store.db,
      );
    return result.rows[0];
  },
};
