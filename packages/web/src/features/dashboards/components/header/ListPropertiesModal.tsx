import { useMemo } from 'react';
import { api } from '../../../../app/api.ts';
import { useAppSelector } from '../../../../app/store.ts';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { dashboardApi } from '../../dashboardApi.ts';
import { PROPERTIES_SAVED_MESSAGE } from '../../savedDashboard.ts';
import { PropertiesDialog } from './PropertiesDialog.tsx';
import { propertiesOfItem, type SavedProperties, saveProperties } from './properties.ts';

/**
 * Edit properties from the dashboard list (Superset's pencil action): the dashboard is read by id,
 * saved at once, and the list is told what was stored.
 */
export function ListPropertiesModal({
  dashboardId,
  onSaved,
  onClose,
}: {
  dashboardId: number;
  onSaved: (saved: SavedProperties) => void;
  onClose: () => void;
}) {
  const { addSuccessToast } = useToasts();
  const rbac = useAppSelector((s) => s.session.common.feature_flags.DASHBOARD_RBAC ?? false);
  const calls = useMemo(() => dashboardApi(api), []);
  const item = useApiQuery((signal) => calls.get(dashboardId, signal), [dashboardId]);
  const initial = useMemo(
    () => (item.data ? propertiesOfItem(item.data.result) : null),
    [item.data],
  );

  return (
    <PropertiesDialog
      initial={initial}
      loadError={item.error?.error ?? null}
      okText="Save"
      onSubmit={async (values) => {
        const css = item.data?.result.css ?? '';
        const saved = await saveProperties(calls, dashboardId, values, { css, rbac });
        addSuccessToast(PROPERTIES_SAVED_MESSAGE);
        onSaved(saved);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
