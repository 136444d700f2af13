/**
 * Every feature flag the spec names, with Superset's default (the confirm-dashboard-diff flag is
 * on by default here, by decision).
 */
export const FEATURE_FLAG_DEFAULTS = {
  SQLLAB_BACKEND_PERSISTENCE: true,
  GLOBAL_ASYNC_QUERIES: false,
  DASHBOARD_RBAC: false,
  CONFIRM_DASHBOARD_DIFF: true,
  HORIZONTAL_FILTER_BAR: false,
  ESCAPE_MARKDOWN_HTML: false,
  USE_ANALOGOUS_COLORS: false,
  AVOID_COLORS_COLLISION: true,
  EMBEDDED_SUPERSET: false,
  ALERT_REPORTS: false,
  ENABLE_TEMPLATE_PROCESSING: true,
  DRILL_TO_DETAIL: true,
  DRILL_BY: true,
} as const;

export type FeatureFlag = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlag[];

export function isFeatureFlag(name: string): name is FeatureFlag {
  return Object.hasOwn(FEATURE_FLAG_DEFAULTS, name);
}
