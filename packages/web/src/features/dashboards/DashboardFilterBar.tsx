import { Select } from 'antd';
import { api } from '../../app/api.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { YesNoFilter } from '../../components/lists/YesNoFilter.tsx';
import { dashboardApi } from './dashboardApi.ts';
import type { DashboardFilters } from './listQuery.ts';

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
      <YesNoFilter
        placeholder="Favorite"
        value={filters.favorite}
        onChange={(value) => set({ favorite: value })}
        testId="dashboard-filter-favorite"
      />
      <YesNoFilter
        placeholder="Certified"
        value={filters.certified}
        onChange={(value) => set({ certified: value })}
        testId="dashboard-filter-certified"
      />
    </>
  );
}
