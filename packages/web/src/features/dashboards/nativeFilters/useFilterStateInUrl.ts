import { dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../app/api.ts';
import { useDashboardSelector } from '../state/hooks.ts';
import { NATIVE_FILTERS, NATIVE_FILTERS_KEY } from './addressDataMask.ts';
import type { DataMaskMap } from './dataMask.ts';

/** Stores the masks under the address's key (a new key when it has none or the key is refused). */
export async function saveFilterState(
  dashboardId: number,
  key: string | null,
  dataMask: DataMaskMap,
): Promise<string> {
  const body = { value: JSON.stringify(dataMask) };
  if (key) {
    try {
      const answer = await api.call(dashboardRoutes.updateFilterState, {
        params: { pk: dashboardId, key },
        body,
      });
      return answer.key;
    } catch {
      // Expired or someone else's: a new key below.
    }
  }
  const answer = await api.call(dashboardRoutes.createFilterState, {
    params: { pk: dashboardId },
    body,
  });
  return answer.key;
}

/**
 * Keeps the applied filters in the address as Superset does: once a filter is applied, the masks
 * are stored (`POST`, then `PUT` to the same key) and the address carries `native_filters_key`
 * in place of `native_filters`, so a reload or a shared link opens with the same values.
 */
export function useFilterStateInUrl() {
  const dataMask = useDashboardSelector((s) => s.dataMask);
  const dashboardId = useDashboardSelector((s) => s.dashboardInfo.info?.id);
  const location = useLocation();
  const navigate = useNavigate();
  const loaded = useRef(dataMask);
  const address = useRef(location);
  address.current = location;

  useEffect(() => {
    // The masks the page opened with are already what the address says.
    if (dashboardId === undefined || dataMask === loaded.current) return;
    let live = true;
    const params = new URLSearchParams(address.current.search);
    saveFilterState(dashboardId, params.get(NATIVE_FILTERS_KEY), dataMask).then(
      (key) => {
        if (!live) return;
        const next = new URLSearchParams(address.current.search);
        next.delete(NATIVE_FILTERS);
        next.set(NATIVE_FILTERS_KEY, key);
        navigate({ search: `?${next}`, hash: address.current.hash }, { replace: true });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dataMask, dashboardId, navigate]);
}
