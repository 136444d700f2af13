import { datasourceView } from '@tessera/shared/permissions';
import { Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { rolesApi } from '../rolesApi.ts';

/** Typing waits this long before the datasets are asked for again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Dataset access": single datasets, listed from the dataset API (the permission catalogue holds
 * no per-dataset pairs until one is granted) and searched on the server as the user types. A
 * grant's value is Superset's view name, `[database].[table](id:N)`.
 */
export function DatasetGrants() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const datasets = useApiQuery((signal) => rolesApi.datasets(search, signal), [search]);
  const chosen: string[] = Form.useWatch('datasource_access') ?? [];
  const options = useMemo(() => {
    const offered = (datasets.data?.result ?? []).flatMap(({ id, table_name, database }) =>
      typeof id === 'number' && typeof table_name === 'string' && database?.database_name
        ? [
            {
              value: datasourceView(database.database_name, table_name, id),
              label: `${table_name} (${database.database_name})`,
            },
          ]
        : [],
    );
    const known = new Set(offered.map((option) => option.value));
    // Granted datasets outside the listed page still show as chips, by their view name.
    const kept = chosen
      .filter((view) => !known.has(view))
      .map((view) => ({ value: view, label: view }));
    return [...kept, ...offered];
  }, [chosen, datasets.data]);

  return (
    <Form.Item name="datasource_access" label="Dataset access" extra="Read single datasets.">
      <Select
        mode="multiple"
        loading={datasets.loading}
        placeholder="Datasets"
        options={options}
        showSearch={{ onSearch: setTyped, filterOption: false }}
        onBlur={() => setTyped('')}
        onSelect={() => setTyped('')}
        notFoundContent={datasets.loading ? 'Loading...' : undefined}
        data-testid="role-datasource-access"
      />
    </Form.Item>
  );
}
