import type { MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../app/store.ts';

// The dialog (forms, the code sample) loads when opened.
const EmbedDashboardModal = lazy(() =>
  import('./EmbedDashboardModal.tsx').then((m) => ({ default: m.EmbedDashboardModal })),
);

export const EMBED_MENU_KEY = 'embed_dashboard';

export function isEmbedMenuKey(key: string): boolean {
  return key === EMBED_MENU_KEY;
}

/**
 * The header menu's "Embed dashboard" entry and its dialog: only with EMBEDDED_SUPERSET on and
 * for someone who may edit the dashboard (the server checks both again).
 */
export function useEmbedMenu(dashboardId: number | null, canEdit: boolean) {
  const enabled = useAppSelector((s) => s.session.common.feature_flags.EMBEDDED_SUPERSET ?? false);
  const [open, setOpen] = useState(false);
  const item: NonNullable<MenuProps['items']>[number] | null =
    enabled && canEdit && dashboardId !== null
      ? {
          key: EMBED_MENU_KEY,
          label: <span data-testid="dashboard-menu-embed">Embed dashboard</span>,
          onClick: () => setOpen(true),
        }
      : null;
  const element =
    open && dashboardId !== null ? (
      <Suspense fallback={null}>
        <EmbedDashboardModal dashboardId={dashboardId} onClose={() => setOpen(false)} />
      </Suspense>
    ) : null;
  return { item, element };
}
