import {
  FILTER_TYPES,
  type FilterDivider,
  type FilterType,
  type NativeFilter,
} from '@tessera/shared/dashboard/nativeFilters';
import { Checkbox, Form, Input, Radio, Select, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDashboardDispatch } from '../state/hooks.ts';
import { controlsOf } from './dataMask.ts';
import { FilterControl } from './FilterControl.tsx';
import {
  ALL_PANELS_KEY,
  checkedCharts,
  checkedKeys,
  FILTER_TYPE_LABELS,
  type ScopeNode,
  scopeFromChecked,
} from './filterConfig.ts';
import { type FilterDataset, loadFilterDataset, searchDatasets } from './filterDatasets.ts';
import { PreFilterFields } from './PreFilterFields.tsx';

type Errors = Record<string, string> | undefined;

const fieldStatus = (errors: Errors, field: string) =>
  errors?.[field]
    ? {
        validateStatus: 'error' as const,
        help: <span data-testid="filter-config-error">{errors[field]}</span>,
      }
    : {};

const TYPE_OPTIONS = FILTER_TYPES.map((type) => ({ value: type, label: FILTER_TYPE_LABELS[type] }));

export function DividerForm({
  divider,
  errors,
  onChange,
}: {
  divider: FilterDivider;
  errors: Errors;
  onChange: (next: FilterDivider) => void;
}) {
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Title" required {...fieldStatus(errors, 'title')}>
        <Input
          data-testid="filter-config-title"
          value={divider.title}
          onChange={(e) => onChange({ ...divider, title: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="Description">
        <Input.TextArea
          data-testid="filter-config-description"
          rows={3}
          value={divider.description ?? ''}
          onChange={(e) => onChange({ ...divider, description: e.target.value })}
        />
      </Form.Item>
    </Form>
  );
}

interface FilterFormProps {
  filter: NativeFilter;
  errors: Errors;
  /** The other value filters, candidates for cascade parents. */
  parents: Array<{ value: string; label: string }>;
  tree: ScopeNode;
  /** The charts the filter's scope reaches now. */
  reached: number[];
  allChartIds: number[];
  onChange: (next: NativeFilter) => void;
}

/** One filter's settings, as Superset's config modal lays them out. */
export function FilterForm({
  filter,
  errors,
  parents,
  tree,
  reached,
  allChartIds,
  onChange,
}: FilterFormProps) {
  const dispatch = useDashboardDispatch();
  const controls = controlsOf(filter);
  const target = filter.targets[0] ?? {};
  const datasetId = target.datasetId;
  const [datasetOptions, setDatasetOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [datasetSearch, setDatasetSearch] = useState('');
  const [dataset, setDataset] = useState<FilterDataset | null>(null);
  const usesDataset = filter.filterType !== 'filter_time';
  const usesColumn = filter.filterType === 'filter_select' || filter.filterType === 'filter_range';
  const isSelect = filter.filterType === 'filter_select';

  useEffect(() => {
    const controller = new AbortController();
    dispatch(searchDatasets(datasetSearch, controller.signal)).then(
      (found) => !controller.signal.aborted && setDatasetOptions(found),
      () => undefined,
    );
    return () => controller.abort();
  }, [dispatch, datasetSearch]);

  useEffect(() => {
    let live = true;
    setDataset(null);
    if (datasetId === undefined) return;
    dispatch(loadFilterDataset(datasetId)).then(
      (found) => live && setDataset(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dispatch, datasetId]);

  const datasetChoices = useMemo(() => {
    const known = dataset && !datasetOptions.some((o) => o.value === dataset.id);
    return known ? [{ value: dataset.id, label: dataset.name }, ...datasetOptions] : datasetOptions;
  }, [dataset, datasetOptions]);
  const columnChoices = (dataset?.columns ?? []).map((c) => ({ value: c.name, label: c.label }));
  const setControls = (change: Record<string, unknown>) =>
    onChange({ ...filter, controlValues: { ...(filter.controlValues ?? {}), ...change } });
  const setTarget = (change: Record<string, unknown>) =>
    onChange({ ...filter, targets: [{ ...target, ...change }], defaultDataMask: {} });
  const allPanels = reached.length === allChartIds.length;
  const [specific, setSpecific] = useState(!allPanels);
  const hasDefault = Boolean(filter.defaultDataMask?.filterState?.value);
  const [defaultOn, setDefaultOn] = useState(hasDefault);

  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Filter type" required>
        <Select
          data-testid="filter-config-type"
          value={filter.filterType}
          options={TYPE_OPTIONS}
          onChange={(filterType: FilterType) =>
            onChange({ ...filter, filterType, defaultDataMask: {} })
          }
        />
      </Form.Item>
      <Form.Item label="Filter name" required {...fieldStatus(errors, 'name')}>
        <Input
          data-testid="filter-config-name"
          value={filter.name}
          onChange={(e) => onChange({ ...filter, name: e.target.value })}
        />
      </Form.Item>
      {usesDataset && (
        <Form.Item label="Dataset" required {...fieldStatus(errors, 'targets')}>
          <Select
            data-testid="filter-config-dataset"
            aria-label="Dataset"
            showSearch={{ filterOption: false, onSearch: setDatasetSearch }}
            value={datasetId}
            options={datasetChoices}
            placeholder="Choose a dataset"
            onChange={(id: number) => setTarget({ datasetId: id, column: undefined })}
          />
        </Form.Item>
      )}
      {usesColumn && (
        <Form.Item label="Column" required>
          <Select
            data-testid="filter-config-column"
            aria-label="Column"
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!dataset}
            value={target.column?.name}
            options={columnChoices}
            placeholder="Choose a column"
            onChange={(name: string) => setTarget({ column: { name } })}
          />
        </Form.Item>
      )}
      <Form.Item label="Description">
        <Input.TextArea
          data-testid="filter-config-description"
          rows={2}
          value={filter.description ?? ''}
          onChange={(e) => onChange({ ...filter, description: e.target.value })}
        />
      </Form.Item>
      {isSelect && parents.length > 0 && (
        <Form.Item
          label="Values are dependent on other filters"
          {...fieldStatus(errors, 'cascadeParentIds')}
        >
          <Select
            data-testid="filter-config-parent"
            aria-label="Parent filters"
            mode="multiple"
            allowClear
            value={filter.cascadeParentIds ?? []}
            options={parents}
            onChange={(ids: string[]) => onChange({ ...filter, cascadeParentIds: ids })}
          />
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 8 }}>
        <Checkbox
          data-testid="filter-config-has-default"
          checked={defaultOn}
          onChange={(e) => {
            setDefaultOn(e.target.checked);
            if (!e.target.checked) onChange({ ...filter, defaultDataMask: {} });
          }}
        >
          Filter has default value
        </Checkbox>
      </Form.Item>
      {defaultOn && (usesColumn ? Boolean(target.column?.name) : true) && (
        <Form.Item label="Default value" data-testid="filter-config-default">
          <FilterControl
            filter={filter}
            mask={filter.defaultDataMask}
            parents={[]}
            invalid={false}
            onChange={(mask) =>
              onChange({ ...filter, defaultDataMask: { ...mask, id: undefined } })
            }
          />
        </Form.Item>
      )}
      <Flags controls={controls} isSelect={isSelect} onChange={setControls} />
      {usesColumn && <PreFilterFields filter={filter} dataset={dataset} onChange={onChange} />}
      {isSelect && dataset && dataset.metrics.length > 0 && (
        <Form.Item label="Sort metric">
          <Select
            data-testid="filter-config-sort-metric"
            allowClear
            value={filter.sortMetric ?? undefined}
            options={dataset.metrics.map((m) => ({ value: m, label: m }))}
            onChange={(metric?: string) => onChange({ ...filter, sortMetric: metric ?? null })}
          />
        </Form.Item>
      )}
      <Form.Item label="Scoping">
        <Radio.Group
          value={specific ? 'specific' : 'all'}
          onChange={(e) => {
            const next = e.target.value === 'specific';
            setSpecific(next);
            if (!next) onChange({ ...filter, scope: { rootPath: [ALL_PANELS_KEY], excluded: [] } });
          }}
        >
          <Radio value="all" data-testid="filter-config-scope-all">
            Apply to all panels
          </Radio>
          <Radio value="specific" data-testid="filter-config-scope-specific">
            Apply to specific panels
          </Radio>
        </Radio.Group>
      </Form.Item>
      {specific && (
        <div data-testid="filter-config-scope-tree">
          <Tree
            checkable
            defaultExpandAll
            treeData={[tree]}
            checkedKeys={checkedKeys(reached)}
            onCheck={(keys) => {
              const charts = checkedCharts(keys);
              onChange({ ...filter, scope: scopeFromChecked(tree, charts) });
            }}
          />
        </div>
      )}
    </Form>
  );
}

const FLAGS = [
  ['enableEmptyFilter', 'Filter value is required', 'filter-config-required', false],
  ['defaultToFirstItem', 'Select first filter value by default', 'filter-config-first', true],
  ['multiSelect', 'Can select multiple values', 'filter-config-multi', true],
  ['inverseSelection', 'Inverse selection', 'filter-config-inverse', true],
  ['sortAscending', 'Sort ascending', 'filter-config-sort', true],
] as const;

function Flags({
  controls,
  isSelect,
  onChange,
}: {
  controls: Record<string, unknown>;
  isSelect: boolean;
  onChange: (change: Record<string, unknown>) => void;
}) {
  return (
    <Form.Item>
      {FLAGS.filter(([, , , selectOnly]) => isSelect || !selectOnly).map(([key, label, testId]) => (
        <div key={key}>
          <Checkbox
            data-testid={testId}
            checked={key === 'sortAscending' ? controls[key] !== false : Boolean(controls[key])}
            onChange={(e) => onChange({ [key]: e.target.checked })}
          >
            {label}
          </Checkbox>
        </div>
      ))}
    </Form.Item>
  );
}
