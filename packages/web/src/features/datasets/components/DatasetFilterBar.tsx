import { isAdmin } from '@tessera/shared/permissions';
import { Select } from 'antd';
import { useAppSelector } from '../../../app/store.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { datasetApi } from '../datasetApi.ts';
import type { DatasetFilters } from '../listQuery.ts';

export interface DatasetFilterBarProps {
  filters: DatasetFilters;
  onChange: (filters: DatasetFilters) => void;
}

const selectStyle = { width: 168 };

/** Database, schema, owner and type filters of the dataset list. */
export function DatasetFilterBar({ filters, onChange }: DatasetFilterBarProps) {
  const user = useAppSelector((state) => state.session.user);
  const admin = isAdmin(user);
  const databases = useApiQuery((signal) => datasetApi.databases(signal), []);
  const schemas = useApiQuery((signal) => datasetApi.schemasInUse(signal), []);
  // Only admins may list users; everyone else can still narrow the list to their own datasets.
  const users = useApiQuery((signal) => datasetApi.users(signal), [], { enabled: admin });

  const ownerOptions = admin
    ? (users.data?.result ?? []).map((u) => ({
        value: u.id,
        label: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username,
      }))
    : user
      ? [{ value: user.userId, label: 'Me' }]
      : [];

  const set = (patch: Partial<DatasetFilters>) => onChange({ ...filters, ...patch });

  return (
    <>
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Database"
        style={selectStyle}
        loading={databases.loading}
        value={filters.database}
        onChange={(value) => set({ database: value ?? undefined })}
        options={(databases.data?.result ?? []).map((db) => ({
          value: Number(db.id),
          label: String(db.database_name),
        }))}
        data-testid="dataset-filter-database"
      />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Schema"
        style={selectStyle}
        loading={schemas.loading}
        value={filters.schema}
        onChange={(value) => set({ schema: value ?? undefined })}
        options={(schemas.data?.result ?? []).map((s) => ({ value: s.value, label: s.text }))}
        data-testid="dataset-filter-schema"
      />
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Owner"
        style={selectStyle}
        loading={users.loading}
        value={filters.owner}
        onChange={(value) => set({ owner: value ?? undefined })}
        options={ownerOptions}
        data-testid="dataset-filter-owner"
      />
      <Select<'physical' | 'virtual'>
        allowClear
        placeholder="Type"
        style={{ width: 130 }}
        value={filters.kind}
        onChange={(value) => set({ kind: value ?? undefined })}
        options={[
          { value: 'physical', label: 'Physical' },
          { value: 'virtual', label: 'Virtual' },
        ]}
        data-testid="dataset-filter-type"
      />
    </>
  );
}
