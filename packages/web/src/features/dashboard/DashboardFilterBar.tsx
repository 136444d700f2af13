import { Select } from 'antd';
import { api } from '../../app/api.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { dashboardApi } from './dashboardApi.ts';
import type { DashboardFilters } from './listQuery.ts';

type YesNo = 'yes' | 'no';
const yesNo = (value: boolean | undefined): YesNo | undefined =>
  value === undefined ? undefined : value ? 'yes' : 'no';
const fromYesNo = (value: YesNo | undefined | null) =>
  value === undefined || value === null ? undefined : value === 'yes';
const YES_NO = [
  { value: 'yes' as const, label: 'Yes' },
  { value: 'no' as const, label: 'No' },
];

/** Owner, status, favourite and certification filters of the dashboard list. */
export function DashboardFilterBar({
  filters,
  onChange,
}: {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
}) {
  const owners = useApiQuery((signal) => dashboardApi(api).owners(signal), []);
  const set = (patch: Partial<DashboardFilters>) => onChange({ ...filters, ...patch });
  return (
    <>
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Owner"
        style={{ width: 168 }}
        loading={owners.loading}
        value={filters.owner}
        onChange={(value) => set({ owner: value ?? undefined })}
        options={(owners.data?.result ?? []).map((o) => ({ value: o.value, label: o.text }))}
        data-testid="dashboard-filter-owner"
      />
      <Select<'published' | 'draft'>
        allowClear
        placeholder="Status"
        style={{ width: 130 }}
        value={filters.status}
        onChange={(value) => set({ status: value ?? undefined })}
        options={[
          { value: 'published', label: 'Published' },
          { value: 'draft', label: 'Draft' },
        ]}
        data-testid="dashboard-filter-status"
      />
      <Select<YesNo>
        allowClear
        placeholder="Favorite"
        style={{ width: 120 }}
        value={yesNo(filters.favorite)}
        onChange={(value) => set({ favorite: fromYesNo(value) })}
        options={YES_NO}
        data-testid="dashboard-filter-favorite"
      />
      <Select<YesNo>
        allowClear
        placeholder="Certified"
        style={{ width: 120 }}
        value={yesNo(filters.certified)}
        onChange={(value) => set({ certified: fromYesNo(value) })}
        options={YES_NO}
        data-testid="dashboard-filter-certified"
      />
    </>
  );
}
