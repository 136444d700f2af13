import { dashboardTitleOrUntitled } from '@tessera/shared/dashboard/save';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../../app/api.ts';
import { useAppSelector } from '../../../../app/store.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { dashboardApi } from '../../dashboardApi.ts';
import { PROPERTIES_SAVED_MESSAGE } from '../../savedDashboard.ts';
import { dashboardInfoChanged, metadataChanged } from '../../state/dashboardInfoSlice.ts';
import { colorSchemeChanged, lastModifiedTimeSet } from '../../state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../../state/hooks.ts';
import { PropertiesDialog } from './PropertiesDialog.tsx';
import { ownerRefs, type PropertiesValues, saveProperties } from './properties.ts';

/**
 * Edit properties on the dashboard page. In edit mode the values apply to the page and are saved
 * with it; in view mode they are saved at once and the address follows the stored slug.
 */
export function PropertiesModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDashboardDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { addSuccessToast } = useToasts();
  const rbac = useAppSelector((s) => s.session.common.feature_flags.DASHBOARD_RBAC ?? false);
  const info = useDashboardSelector((s) => s.dashboardInfo.info);
  const css = useDashboardSelector((s) => s.dashboardState.css);
  const editMode = useDashboardSelector((s) => s.dashboardState.editMode);
  const colorScheme = useDashboardSelector((s) => s.dashboardState.colorScheme);
  const calls = useMemo(() => dashboardApi(api), []);
  // Read once: the form edits its own copy.
  const [initial] = useState<PropertiesValues | null>(() =>
    info
      ? {
          title: info.dashboard_title,
          slug: info.slug ?? '',
          owners: ownerRefs(info.owners),
          roles: info.roles,
          certifiedBy: info.certified_by ?? '',
          certificationDetails: info.certification_details ?? '',
          colorScheme,
          metadata: info.metadata,
        }
      : null,
  );

  const apply = async (values: PropertiesValues) => {
    if (!info) return;
    let title = dashboardTitleOrUntitled(values.title);
    let slug = values.slug || null;
    let url: string | null = null;
    if (!editMode) {
      const saved = await saveProperties(calls, info.id, values, { css, rbac });
      if (saved.lastModifiedTime) dispatch(lastModifiedTimeSet(saved.lastModifiedTime));
      ({ title, slug, url } = saved);
      addSuccessToast(PROPERTIES_SAVED_MESSAGE);
    }
    dispatch(
      dashboardInfoChanged({
        dashboard_title: title,
        slug,
        ...(url ? { url } : {}),
        owners: values.owners.map((o) => ({ id: o.id, first_name: o.name, last_name: '' })),
        roles: values.roles,
        certified_by: values.certifiedBy || null,
        certification_details: values.certifiedBy ? values.certificationDetails || null : null,
      }),
    );
    dispatch(metadataChanged({ ...values.metadata, color_scheme: values.colorScheme }));
    dispatch(colorSchemeChanged(values.colorScheme));
    onClose();
    // An unchanged address keeps its query string (standalone, filters).
    if (url && url !== location.pathname) navigate(url, { replace: true });
  };

  return (
    <PropertiesDialog
      initial={initial}
      okText={editMode ? 'Apply' : 'Save'}
      onSubmit={apply}
      onClose={onClose}
    />
  );
}
