import type { StringListAnswer, TablesAnswer } from '@tessera/shared/api/databases';
import { api } from '../../../../app/api.ts';

/** The left bar's metadata calls (`/api/v1/database/{id}/catalogs|schemas|tables/`). */
export const leftBarApi = {
  catalogs(dbId: number, force: boolean, signal?: AbortSignal) {
    return api.get<StringListAnswer>(`/api/v1/database/${dbId}/catalogs/`, {
      signal,
      q: { force },
    });
  },
  schemas(dbId: number, catalog: string | null, force: boolean, signal?: AbortSignal) {
    return api.get<StringListAnswer>(`/api/v1/database/${dbId}/schemas/`, {
      signal,
      q: { force, ...(catalog ? { catalog } : {}) },
    });
  },
  tables(
    dbId: number,
    schema: string,
    catalog: string | null,
    force: boolean,
    signal?: AbortSignal,
  ) {
    return api.get<TablesAnswer>(`/api/v1/database/${dbId}/tables/`, {
      signal,
      q: { schema_name: schema, force, ...(catalog ? { catalog_name: catalog } : {}) },
    });
  },
};
