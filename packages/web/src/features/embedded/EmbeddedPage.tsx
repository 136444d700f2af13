import { embeddedRoutes } from '@tessera/shared/api/routes/embedded';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { api, toClientErrorObject } from '../../app/api.ts';
import { readBootstrap } from '../../app/bootstrap.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DashboardPage } from '../dashboards/DashboardPage.tsx';
import type { DashboardStore } from '../dashboards/state/store.ts';
import { embeddedPort } from './earlyPort.ts';
import { parseEmbeddedUrl } from './embeddedUrl.ts';
import { GuestSession } from './guestSession.ts';
import { defineHostMethods } from './hostMethods.ts';
import { PortSwitchboard } from './switchboard.ts';

/**
 * `/embedded/{uuid}`: a dashboard inside another application's iframe, driven by Superset's
 * `@superset-ui/embedded-sdk`. The host posts a MessageChannel port; over it (our switchboard)
 * it sends the guest token, then fresh ones before each expires, and asks for the page's scroll
 * size, a permalink, its open tabs and filter state. Every API call of the page carries the
 * current token; the dashboard itself is the dashboard page's, without the app's shell.
 */
export function EmbeddedPage() {
  const { uuid = '' } = useParams();
  const [session] = useState(() => new GuestSession());
  const [dashboardId, setDashboardId] = useState<string | null>(null);
  const [failure, setFailure] = useState<ClientErrorObject | null>(null);
  const store = useRef<DashboardStore | null>(null);
  const board = useRef<PortSwitchboard | null>(null);

  useEffect(() => {
    api.configure({
      fetch: session.fetchWith((...args) => globalThis.fetch(...args)),
      // There is no login to send a guest to: its host hands it a new token instead.
      onUnauthorized: () => undefined,
    });
    let started = false;
    const start = () => {
      // The server names the dashboard in the page's bootstrap, as Superset's does; a page served
      // otherwise (the Vite dev server) asks the API, which needs can_read on EmbeddedDashboard.
      const named = readBootstrap(document.getElementById('app'))?.embedded?.dashboard_id;
      if (named) {
        setDashboardId(named);
        return;
      }
      api
        .call(embeddedRoutes.byUuid, { params: { uuid } })
        .then((answer) => setDashboardId(answer.result.dashboard_id))
        .catch((error: unknown) => setFailure(toClientErrorObject(error)));
    };
    let live = true;
    embeddedPort().then((port) => {
      if (!live) return;
      const switchboard = new PortSwitchboard(port);
      switchboard.defineMethod('guestToken', (args: { guestToken?: unknown } | undefined) => {
        if (!session.setToken(args?.guestToken) || started) return;
        started = true;
        start();
      });
      defineHostMethods(switchboard, {
        api,
        store: () => store.current,
        document,
        location: globalThis.location,
      });
      switchboard.start();
      board.current = switchboard;
    });
    return () => {
      live = false;
    };
  }, [session, uuid]);

  // With `emitDataMasks` in its uiConfig, the host hears of every change of the filters.
  const onStore = useCallback((dashboardStore: DashboardStore) => {
    store.current = dashboardStore;
    if (!parseEmbeddedUrl(globalThis.location.search).emitDataMasks) return;
    let last = dashboardStore.getState().dataMask;
    dashboardStore.subscribe(() => {
      const next = dashboardStore.getState().dataMask;
      if (next === last) return;
      last = next;
      board.current?.emit('observeDataMask', { ...next });
    });
  }, []);

  if (failure) return <ErrorAlert error={failure} testId="embedded-error" />;
  if (!dashboardId) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={12}
        style={{ minHeight: 240 }}
        data-testid="embedded-waiting"
      >
        <Spin size="large" />
        <Typography.Text type="secondary">Waiting for the host application…</Typography.Text>
      </Flex>
    );
  }
  return (
    <div data-testid="embedded-page" style={{ padding: '8px 16px' }}>
      <DashboardPage idOrSlug={dashboardId} onStore={onStore} />
    </div>
  );
}
