/**
 * What the dashboard address says (spec section 2): `standalone` (0 none, 1 hide nav, 2 hide nav
 * and title, 3 report), the `uiConfig` bitmask (1 hide title, 2 hide tab, 4 hide nav, 8 hide
 * chart controls), `edit=true`, `force`, `focused_chart` and the anchor in the hash.
 */

export const STANDALONE = { NONE: 0, HIDE_NAV: 1, HIDE_NAV_AND_TITLE: 2, REPORT: 3 } as const;
export const UI_CONFIG = {
  HIDE_TITLE: 1,
  HIDE_TAB: 2,
  HIDE_NAV: 4,
  HIDE_CHART_CONTROLS: 8,
} as const;

export interface DashboardUrlParams {
  standalone: number;
  hideNav: boolean;
  hideTitle: boolean;
  hideTab: boolean;
  hideChartControls: boolean;
  /** Report mode (standalone 3): the page as a screenshot takes it. */
  report: boolean;
  edit: boolean;
  force: boolean;
  focusedChart: number | null;
  anchor: string | null;
  /** `show_filters=false` (the embedded SDK's `filters.visible`): no native filter bar. */
  showFilters?: boolean;
  /** `expand_filters=false` (the SDK's `filters.expanded`): the filter bar opens collapsed. */
  expandFilters?: boolean;
}

const truthy = (value: string | null) => value !== null && ['1', 'true'].includes(value);

function integer(value: string | null): number {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

export function parseDashboardUrl(search: string, hash = ''): DashboardUrlParams {
  const params = new URLSearchParams(search);
  const rawStandalone = params.get('standalone');
  const standalone =
    rawStandalone === 'true' ? STANDALONE.HIDE_NAV : Math.min(integer(rawStandalone), 3);
  const ui = integer(params.get('uiConfig'));
  const focused = integer(params.get('focused_chart'));
  const anchor = decodeURIComponent(hash.replace(/^#/, '')) || null;
  return {
    standalone,
    hideNav: standalone >= STANDALONE.HIDE_NAV || (ui & UI_CONFIG.HIDE_NAV) !== 0,
    hideTitle: standalone >= STANDALONE.HIDE_NAV_AND_TITLE || (ui & UI_CONFIG.HIDE_TITLE) !== 0,
    hideTab: (ui & UI_CONFIG.HIDE_TAB) !== 0,
    // A report's screenshot shows the charts alone: no menus, no cached tags.
    hideChartControls:
      standalone === STANDALONE.REPORT || (ui & UI_CONFIG.HIDE_CHART_CONTROLS) !== 0,
    report: standalone === STANDALONE.REPORT,
    edit: params.get('edit') === 'true',
    force: truthy(params.get('force')),
    focusedChart: focused > 0 ? focused : null,
    anchor,
    showFilters: params.get('show_filters') !== 'false',
    expandFilters: params.get('expand_filters') !== 'false',
  };
}

/** The address's own parameters, as a permalink stores them (`edit` never travels). */
export function permalinkUrlParams(search: string): Array<[string, string]> {
  return [...new URLSearchParams(search).entries()].filter(([key]) => key !== 'edit');
}

/** The search string a permalink restores, its own parameters first. */
export function searchFromUrlParams(urlParams: ReadonlyArray<readonly [string, string]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of urlParams) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
