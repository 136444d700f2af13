import { CHART_DEFINITIONS } from '@tessera/shared/viz/registry';
import { Select } from 'antd';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { YesNoFilter } from '../../components/lists/YesNoFilter.tsx';
import { chartListApi } from './chartListApi.ts';
import type { ChartFilters } from './listQuery.ts';

export interface ChartFilterBarProps {
  filters: ChartFilters;
  onChange: (filters: ChartFilters) => void;
}

const VIZ_OPTIONS = CHART_DEFINITIONS.map((chart) => ({
  value: chart.metadata.key,
  label: chart.metadata.name,
})).sort((a, b) => a.label.localeCompare(b.label));

/** Owner, chart type, favourite and certification filters of the chart list. */
export function ChartFilterBar({ filters, onChange }: ChartFilterBarProps) {
  const owners = useApiQuery((signal) => chartListApi.owners(signal), []);
  const set = (patch: Partial<ChartFilters>) => onChange({ ...filters, ...patch });
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
        data-testid="chart-filter-owner"
      />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Chart type"
        style={{ width: 200 }}
        value={filters.vizType}
        onChange={(value) => set({ vizType: value ?? undefined })}
        options={VIZ_OPTIONS}
        data-testid="chart-filter-type"
      />
      <YesNoFilter
        placeholder="Favorite"
        value={filters.favorite}
        onChange={(value) => set({ favorite: value })}
        testId="chart-filter-favorite"
      />
      <YesNoFilter
        placeholder="Certified"
        value={filters.certified}
        onChange={(value) => set({ certified: value })}
        testId="chart-filter-certified"
      />
    </>
  );
}
