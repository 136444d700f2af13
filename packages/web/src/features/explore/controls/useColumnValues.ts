import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { api } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';

/** Distinct values of a column for the filter popover's suggestions (at most 10,000). */
export function useColumnValues(datasource: DatasourceMeta | null, column: string | undefined) {
  const enabled = !!datasource && !!column;
  const query = useApiQuery(
    (signal) =>
      api.get<{ result: unknown[] }>(
        `/api/v1/datasource/${datasource?.type ?? 'table'}/${datasource?.id ?? 0}/column/${encodeURIComponent(column ?? '')}/values/`,
        { signal },
      ),
    [datasource?.id, datasource?.type, column],
    { enabled },
  );
  return { values: query.data?.result ?? [], loading: query.loading };
}
