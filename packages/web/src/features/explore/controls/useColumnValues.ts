import { datasourceRoutes } from '@tessera/shared/api/routes/datasets';
import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { api } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';

/** Distinct values of a column for the filter popover's suggestions (at most 10,000). */
export function useColumnValues(datasource: DatasourceMeta | null, column: string | undefined) {
  const enabled = !!datasource && !!column;
  const query = useApiQuery(
    (signal) =>
      api.call(datasourceRoutes.columnValues, {
        params: {
          datasource_type: datasource?.type ?? 'table',
          datasource_id: datasource?.id ?? 0,
          column_name: column ?? '',
        },
        signal,
      }),
    [datasource?.id, datasource?.type, column],
    { enabled },
  );
  return { values: query.data?.result ?? [], loading: query.loading };
}
