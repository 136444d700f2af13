import type {
  DataMask,
  FilterConfigItem,
  NativeFilter,
} from '@tessera/shared/dashboard/nativeFilters';
import {
  controlsOf,
  type DataMaskMap,
  hasValue,
  nativeFiltersOf,
  rangeDataMask,
  selectDataMask,
  timeDataMask,
} from './dataMask.ts';

/**
 * The filter bar's selections before they are applied (Superset's `dataMaskSelected`): what
 * differs from the applied masks, which required filters lack a value, what "Clear all" leaves.
 */

export const VALUE_REQUIRED_MESSAGE = 'Value is required';

export const isRequired = (filter: NativeFilter) => Boolean(controlsOf(filter).enableEmptyFilter);

/** A filter's mask with nothing selected. */
export function emptyDataMask(filter: NativeFilter): DataMask {
  if (filter.filterType === 'filter_select') return selectDataMask(filter, []);
  if (filter.filterType === 'filter_range') return rangeDataMask(filter, null);
  return timeDataMask(filter, null);
}

const comparable = (mask: DataMask | undefined) =>
  JSON.stringify([mask?.extraFormData ?? {}, mask?.filterState?.value ?? null]);

/** The masks of `draft` that differ from the applied ones. */
export function changedMasks(
  config: readonly FilterConfigItem[] | undefined,
  draft: DataMaskMap,
  applied: DataMaskMap,
): DataMaskMap {
  const changed: DataMaskMap = {};
  for (const filter of nativeFiltersOf(config)) {
    const mask = draft[filter.id];
    if (mask && comparable(mask) !== comparable(applied[filter.id])) changed[filter.id] = mask;
  }
  return changed;
}

/** The ids of the required filters without a value. */
export function missingRequired(
  config: readonly FilterConfigItem[] | undefined,
  draft: DataMaskMap,
): string[] {
  return nativeFiltersOf(config)
    .filter((filter) => isRequired(filter) && !hasValue(draft[filter.id]))
    .map((filter) => filter.id);
}

/** "Clear all": every filter emptied. */
export function clearedMasks(config: readonly FilterConfigItem[] | undefined): DataMaskMap {
  return Object.fromEntries(nativeFiltersOf(config).map((f) => [f.id, emptyDataMask(f)]));
}

/** The draft masks of a filter's cascade parents. */
export function parentMasks(filter: NativeFilter, draft: DataMaskMap): DataMask[] {
  return (filter.cascadeParentIds ?? [])
    .map((id) => draft[id])
    .filter((mask): mask is DataMask => hasValue(mask));
}
