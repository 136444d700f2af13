/**
 * What the SDK puts in the iframe's address besides the dashboard's own parameters: `uiConfig`
 * (read by the dashboard page itself), and its `dashboardUiConfig.filters` as `show_filters` and
 * `expand_filters` (`DASHBOARD_UI_FILTER_CONFIG_URL_PARAM_KEY`). The host's `urlParams` pass
 * through to the dashboard unchanged.
 */

export const SDK_UI_CONFIG = {
  HIDE_TITLE: 1,
  HIDE_TAB: 2,
  HIDE_CHART_CONTROLS: 8,
  EMIT_DATA_MASKS: 16,
  SHOW_ROW_LIMIT_WARNING: 32,
} as const;

export interface EmbeddedUiConfig {
  emitDataMasks: boolean;
}

export function parseEmbeddedUrl(search: string): EmbeddedUiConfig {
  const ui = Number.parseInt(new URLSearchParams(search).get('uiConfig') ?? '0', 10);
  const bits = Number.isFinite(ui) && ui > 0 ? ui : 0;
  return { emitDataMasks: (bits & SDK_UI_CONFIG.EMIT_DATA_MASKS) !== 0 };
}
