import type { DashboardPermalinkState } from '@tessera/shared/api/dashboards';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { dashboardPermissions } from '@tessera/shared/dashboard/permissions';
import { Flex, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { useLocation, useParams } from 'react-router';
import { api, toClientErrorObject } from '../../app/api.ts';
import { LOG_EVENTS, logEvent } from '../../app/eventLogger.ts';
import { selectCommon, useAppSelector } from '../../app/store.ts';
import { useToasts } from '../../app/useToasts.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DashboardView } from './DashboardView.tsx';
import { dashboardApi } from './dashboardApi.ts';
import { addressDataMask } from './nativeFilters/addressDataMask.ts';
import { DashboardContext } from './state/hooks.ts';
import { createDashboardStore, type DashboardStore } from './state/store.ts';
import { loadDashboard } from './state/thunks.ts';
import { parseDashboardUrl, searchFromUrlParams } from './urlParams.ts';

/**
 * `/dashboard/{id or slug}/` and `/dashboard/p/{key}/` (a permalink: its address parameters,
 * open tabs and anchor restored). Loads the dashboard, its charts and datasets in parallel into
 * the page's own store, then hands over to `DashboardView`.
 */
export function DashboardPage({
  idOrSlug: given,
  onStore,
}: {
  /** The dashboard to show when the address does not name it (the embedded page). */
  idOrSlug?: string;
  /** Hands the page's store out (the embedded page answers its host from it). */
  onStore?: (store: DashboardStore) => void;
} = {}) {
  const { idOrSlug: routed, key } = useParams();
  const idOrSlug = given ?? routed;
  const location = useLocation();
  const user = useAppSelector((s) => s.session.user);
  const common = useAppSelector(selectCommon);
  const { addToast } = useToasts();
  const [store] = useState(() =>
    createDashboardStore({ api, toast: (type, text) => addToast(type, text) }),
  );
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<ClientErrorObject | null>(null);
  const [permalink, setPermalink] = useState<DashboardPermalinkState | null>(null);
  const rbac = common.feature_flags.DASHBOARD_RBAC ?? false;
  useEffect(() => onStore?.(store), [onStore, store]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a dashboard loads once per address; later URL edits (standalone) do not reload it.
  useEffect(() => {
    let live = true;
    setReady(false);
    setFailure(null);
    (async () => {
      let target = idOrSlug ?? '';
      let saved: DashboardPermalinkState | null = null;
      let search = location.search;
      let hash = location.hash;
      if (key) {
        const value = await dashboardApi(api).readPermalink(key);
        target = value.dashboardId;
        saved = value.state;
        search = searchFromUrlParams(value.state.urlParams ?? []);
        hash = value.state.anchor ? `#${value.state.anchor}` : '';
      }
      const url = parseDashboardUrl(search, hash);
      logEvent(LOG_EVENTS.mountDashboard, { sourceId: target, pathname: location.pathname });
      const started = performance.now();
      const info = await store.dispatch(
        loadDashboard({
          idOrSlug: target,
          wantsEdit: (owners) =>
            url.edit && dashboardPermissions(user, { owners }, { DASHBOARD_RBAC: rbac }).canEdit,
          force: url.force,
          focusedChart: url.focusedChart,
          anchor: url.anchor,
          permalink: saved,
          addressDataMask: (id) => addressDataMask(api, id, search),
          // Favourites are a signed-in user's; a guest or anonymous viewer has none.
          withFavorite: user !== null,
        }),
      );
      logEvent(LOG_EVENTS.dashboardLoaded, {
        sourceId: info.id,
        dashboard_id: info.id,
        eventType: 'timing',
        duration: Math.round(performance.now() - started),
        pathname: location.pathname,
      });
      if (live) {
        // Where a load's time goes, for profiles and the dashboard benchmark.
        performance.mark('dashboard loaded');
        setPermalink(saved);
        setReady(true);
      }
    })().catch((error: unknown) => {
      if (live) setFailure(toClientErrorObject(error));
    });
    return () => {
      live = false;
    };
  }, [idOrSlug, key, store]);

  const url = useMemo(() => {
    if (permalink) {
      return parseDashboardUrl(
        searchFromUrlParams(permalink.urlParams ?? []),
        permalink.anchor ? `#${permalink.anchor}` : '',
      );
    }
    return parseDashboardUrl(location.search, location.hash);
  }, [location.search, location.hash, permalink]);

  if (failure) {
    return <ErrorAlert error={failure} testId="dashboard-load-error" />;
  }
  if (!ready) {
    return (
      <Flex
        justify="center"
        align="center"
        style={{ minHeight: 300 }}
        data-testid="dashboard-loading"
      >
        <Spin size="large" />
      </Flex>
    );
  }
  return (
    <Provider store={store} context={DashboardContext}>
      <DashboardView url={url} />
    </Provider>
  );
}
