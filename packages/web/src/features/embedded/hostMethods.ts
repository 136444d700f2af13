import { dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import type { ApiClient } from '../../app/api.ts';
import type { DashboardStore } from '../dashboards/state/store.ts';
import { permalinkUrlParams } from '../dashboards/urlParams.ts';
import type { PortSwitchboard } from './switchboard.ts';

/**
 * The methods the SDK's host calls on the page (`getScrollSize`, `getDashboardPermalink`,
 * `getActiveTabs`, `getDataMask`), as Superset's embedded page answers them. Until the dashboard
 * is in, they answer as an empty page would.
 */

export interface HostMethodsContext {
  api: ApiClient;
  /** The page's dashboard store, once the dashboard has loaded. */
  store: () => DashboardStore | null;
  document: Document;
  location: Location;
}

/** The page's full size, for a host that sizes its iframe to fit (the app's body is 100% high). */
export function scrollSize(doc: Document): { width: number; height: number } {
  const root = doc.documentElement;
  return {
    width: Math.max(root.scrollWidth, doc.body.scrollWidth),
    height: Math.max(root.scrollHeight, doc.body.scrollHeight),
  };
}

export function defineHostMethods(board: PortSwitchboard, context: HostMethodsContext): void {
  board.defineMethod('getScrollSize', () => scrollSize(context.document));
  board.defineMethod('getActiveTabs', () => {
    return context.store()?.getState().dashboardState.activeTabs ?? [];
  });
  board.defineMethod('getDataMask', () => context.store()?.getState().dataMask ?? {});
  board.defineMethod('getDashboardPermalink', async (args: { anchor?: unknown } | undefined) => {
    const state = context.store()?.getState();
    const id = state?.dashboardInfo.info?.id;
    if (!state || !id) throw new Error('The dashboard is not loaded');
    const answer = await context.api.call(dashboardRoutes.createPermalink, {
      params: { id_or_slug: String(id) },
      body: {
        urlParams: permalinkUrlParams(context.location.search),
        dataMask: state.dataMask,
        activeTabs: state.dashboardState.activeTabs,
        anchor: typeof args?.anchor === 'string' ? args.anchor : null,
      },
    });
    // The host may turn the key into an address of its own app (the SDK's resolvePermalinkUrl).
    const resolved = await board
      .get<string | null>('resolvePermalinkUrl', { key: answer.key })
      .catch(() => null);
    return typeof resolved === 'string' && resolved ? resolved : answer.url;
  });
}
