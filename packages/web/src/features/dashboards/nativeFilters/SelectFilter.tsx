import type { DataMask, NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDashboardDispatch } from '../state/hooks.ts';
import { controlsOf, type FilterValue, selectDataMask } from './dataMask.ts';
import { fetchSelectOptions } from './filterOptions.ts';

/** The search typed in a value filter is sent to the server once typing pauses this long. */
export const FILTER_SEARCH_DEBOUNCE_MS = 300;

/** Options keep their type (a number stays a number) through antd's string-or-number values. */
const keyOf = (value: FilterValue) => JSON.stringify(value);
const labelOf = (value: FilterValue) => (value === null ? '<NULL>' : String(value));

interface SelectFilterProps {
  filter: NativeFilter;
  mask: DataMask | undefined;
  /** The selections of its cascade parents: its options follow them. */
  parents: readonly DataMask[];
  onChange: (mask: DataMask) => void;
  invalid: boolean;
}

/** A value filter: single or multiple choice among the column's values, searched on the server. */
export function SelectFilter({ filter, mask, parents, onChange, invalid }: SelectFilterProps) {
  const dispatch = useDashboardDispatch();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<FilterValue[]>([]);
  const [loading, setLoading] = useState(true);
  const controls = controlsOf(filter);
  const multi = controls.multiSelect !== false;
  const parentsKey = JSON.stringify(parents);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), FILTER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the parents are compared by value (parentsKey).
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    dispatch(fetchSelectOptions(filter, { search, parents, signal: controller.signal })).then(
      (values) => {
        if (controller.signal.aborted) return;
        setOptions(values);
        setLoading(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setOptions([]);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [dispatch, filter, search, parentsKey]);

  const selected = useMemo(() => {
    const value = mask?.filterState?.value;
    return Array.isArray(value) ? (value as FilterValue[]) : [];
  }, [mask]);

  // "Select first value": a filter without a selection takes the first option once it is known.
  useEffect(() => {
    if (controls.defaultToFirstItem && selected.length === 0 && options.length > 0 && !search) {
      onChange(selectDataMask(filter, [options[0] as FilterValue]));
    }
  }, [controls.defaultToFirstItem, selected.length, options, search, filter, onChange]);

  const choices = useMemo(() => {
    const all = [...selected, ...options.filter((v) => !selected.some((s) => s === v))];
    return all.map((value) => ({ value: keyOf(value), label: labelOf(value) }));
  }, [options, selected]);

  const pick = (keys: string | string[] | undefined) => {
    const list = keys === undefined ? [] : Array.isArray(keys) ? keys : [keys];
    onChange(
      selectDataMask(
        filter,
        list.map((key) => JSON.parse(key) as FilterValue),
      ),
    );
  };

  return (
    <Select
      data-testid="filter-value-select"
      aria-label={filter.name}
      mode={multi ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      loading={loading}
      status={invalid ? 'error' : undefined}
      style={{ width: '100%' }}
      placeholder={`${options.length} option(s)`}
      value={
        multi ? selected.map(keyOf) : selected[0] === undefined ? undefined : keyOf(selected[0])
      }
      options={choices}
      notFoundContent={loading ? 'Loading...' : 'No data'}
      onChange={pick}
      onBlur={() => setTyped('')}
    />
  );
}
