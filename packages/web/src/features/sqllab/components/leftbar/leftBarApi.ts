import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { api } from '../../../../app/api.ts';

/** The left bar's metadata calls (`/api/v1/database/{id}/catalogs|schemas|tables/`). */
export const leftBarApi = {
  catalogs: (dbId: number, force: boolean, signal?: AbortSignal) =>
    api.call(databaseRoutes.catalogs, { signal, params: { pk: dbId }, q: { force } }),
  schemas: (dbId: number, catalog: string | null, force: boolean, signal?: AbortSignal) =>
    api.call(databaseRoutes.schemas, {
      signal,
      params: { pk: dbId },
      q: { force, ...(catalog ? { catalog } : {}) },
    }),
  tables: (
    dbId: number,
    schema: string,
    catalog: string | null,
    force: boolean,
    signal?: AbortSignal,
  ) =>
    api.call(databaseRoutes.tables, {
      signal,
      params: { pk: dbId },
      q: { schema_name: schema, force, ...(catalog ? { catalog_name: catalog } : {}) },
    }),
};
