import type { DashboardChart, DashboardItem } from '@tessera/shared/api/dashboards';
import { migrateJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { type DashboardLayout, migratePositionJson } from '@tessera/shared/dashboard/position';
import type { ApiClient } from '../../app/api.ts';
import { createChartDataBatcher } from './charts/batcher.ts';
import { dashboardApi } from './dashboardApi.ts';
import { type FirstScreen, startFirstScreen } from './firstScreen.ts';
import { NATIVE_FILTERS_KEY, risonDataMask } from './nativeFilters/addressDataMask.ts';
import { filtersOnLoad } from './nativeFilters/chartFilters.ts';
import { filtersNeedingFirstValue } from './nativeFilters/requiredFirst.ts';
import { parseDashboardUrl } from './urlParams.ts';

/** What the dashboard route started before its page rendered (see `earlyLoad.ts`). */
export interface EarlyDashboard {
  item: DashboardItem;
  charts: DashboardChart[];
  layout: DashboardLayout;
  force: boolean;
  /** Null when the address opens at an anchor or on one chart: its first screen is elsewhere. */
  firstScreen: FirstScreen | null;
  /** The native filters' masks its first screen was asked with (see `filtersOnLoad`). */
  filtersSignature: string;
}

/**
 * Reads the dashboard and its charts (taking the route's prefetched answers) and, as soon as
 * they are in, asks for the data and code of the charts its first screen shows.
 */
export async function startDashboardEarly(
  api: ApiClient,
  idOrSlug: string,
  search: string,
  hash: string,
): Promise<EarlyDashboard> {
  const url = parseDashboardUrl(search, hash);
  const calls = dashboardApi(api);
  const [item, charts] = await Promise.all([
    calls.get(idOrSlug).then((answer) => answer.result),
    calls.charts(idOrSlug).then((answer) => answer.result),
  ]);
  const layout = migratePositionJson(item.position_json, charts);
  const metadata = migrateJsonMetadata(item.json_metadata);
  const filters = filtersOnLoad(
    metadata.native_filter_configuration,
    layout,
    charts.map((c) => c.id),
    risonDataMask(search),
    { enabled: metadata.cross_filters_enabled ?? true, settings: metadata },
  );
  // A stored filter state is read by the page, which then asks for the first screen itself; so
  // are the first values of `requiredFirst` filters.
  const firstScreen =
    url.anchor ||
    url.focusedChart ||
    new URLSearchParams(search).has(NATIVE_FILTERS_KEY) ||
    filtersNeedingFirstValue(metadata.native_filter_configuration, risonDataMask(search)).length > 0
      ? null
      : startFirstScreen(
          createChartDataBatcher(api),
          {
            id: item.id,
            layout,
            charts,
            colorScheme: metadata.color_scheme ?? null,
          },
          {
            force: url.force,
            screenHeight: globalThis.innerHeight ?? 0,
            withFilters: filters.withFilters,
          },
        );
  return {
    item,
    charts,
    layout,
    force: url.force,
    firstScreen,
    filtersSignature: filters.signature,
  };
}
