import { dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import { DataMask } from '@tessera/shared/dashboard/nativeFilters';
import { parseJsonObjectOrNull } from '@tessera/shared/json';
import rison from 'rison-node';
import type { ApiClient } from '../../../app/api.ts';
import type { DataMaskMap } from './dataMask.ts';

/**
 * The data mask a dashboard address carries, as Superset reads it: `native_filters_key` (a filter
 * state stored under a key, `GET {id}/filter_state/{key}`) first, else `native_filters` (rison).
 */

export const NATIVE_FILTERS_KEY = 'native_filters_key';
export const NATIVE_FILTERS = 'native_filters';

/** Only the masks that read as masks; anything else in the text is ignored. */
export function dataMaskMapFrom(value: unknown): DataMaskMap | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const masks: DataMaskMap = {};
  for (const [id, mask] of Object.entries(value)) {
    const parsed = DataMask.safeParse(mask);
    if (parsed.success) masks[id] = { ...parsed.data, id };
  }
  return masks;
}

/** `native_filters=(NATIVE_FILTER-x:(extraFormData:(...),filterState:(...)))`. */
export function risonDataMask(search: string): DataMaskMap | null {
  const text = new URLSearchParams(search).get(NATIVE_FILTERS);
  if (!text) return null;
  try {
    return dataMaskMapFrom(rison.decode(text));
  } catch {
    return null;
  }
}

/** The stored filter state a key names; null when it expired or never was. */
export async function storedDataMask(
  api: ApiClient,
  dashboardId: number,
  key: string,
): Promise<DataMaskMap | null> {
  try {
    const answer = await api.call(dashboardRoutes.readFilterState, {
      params: { pk: dashboardId, key },
    });
    return dataMaskMapFrom(parseJsonObjectOrNull(answer.value));
  } catch {
    return null;
  }
}

/** What the address preselects for dashboard `dashboardId`. */
export async function addressDataMask(
  api: ApiClient,
  dashboardId: number,
  search: string,
): Promise<DataMaskMap | null> {
  const key = new URLSearchParams(search).get(NATIVE_FILTERS_KEY);
  const stored = key ? await storedDataMask(api, dashboardId, key) : null;
  return stored ?? risonDataMask(search);
}
