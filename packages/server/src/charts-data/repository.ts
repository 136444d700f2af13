import type { MetadataStore } from '../platform/metadata/store.ts';

/** Saved charts as chart data reads them: the stored query context of a chart (`slices`). */
export interface SavedChart {
  id: number;
  query_context: string | null;
}

export const chartRepository = {
  async get(store: MetadataStore, id: number): Promise<SavedChart | undefined> {
    return store.db
      .selectFrom('slices')
      .select(['id', 'query_context'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
};
