import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store.ts';
import { saveDashboard } from './edit/saveDashboard.ts';
import { useDashboardStore } from './state/hooks.ts';

/** The header's Save: the editor's save flow (confirm-diff, toasts, address) does the work. */
export function useSaveDashboard() {
  const store = useDashboardStore();
  const flags = useAppSelector((s) => s.session.common.feature_flags);
  const navigate = useNavigate();
  return useCallback(
    () =>
      store.dispatch(
        saveDashboard({
          flags: {
            DASHBOARD_RBAC: flags.DASHBOARD_RBAC ?? false,
            CONFIRM_DASHBOARD_DIFF: flags.CONFIRM_DASHBOARD_DIFF ?? true,
          },
          // Through the router, so the page's location follows the new address
          // (`/superset/dashboard/{slug or id}/`, served by the same route as `/dashboard/...`).
          navigate: (url) => navigate(url, { replace: true }),
        }),
      ),
    [store, flags, navigate],
  );
}
