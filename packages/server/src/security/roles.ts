import type { PermissionPair } from '@tessera/shared/permissions';

/**
 * The permission catalogue and the built-in roles, following Superset's split: Admin has all;
 * Alpha all but security administration and SQL Lab; Gamma reads and builds its own charts and
 * dashboards from data it is granted; sql_lab carries SQL Lab; Public is empty until configured.
 */

const readWrite = (view: string): PermissionPair[] => [
  ['can_read', view],
  ['can_write', view],
];

/** Views whose objects everyone who may read them may also create (their own). */
const CONTENT_VIEWS = [
  'Dashboard',
  'Chart',
  'Tag',
  'ExploreFormDataRestApi',
  'ExplorePermalinkRestApi',
  'DashboardPermalinkRestApi',
  'DashboardFilterStateRestApi',
];
const ALPHA_VIEWS = [
  'Dataset',
  'Database',
  'Annotation',
  'CssTemplate',
  'ReportSchedule',
  'EmbeddedDashboard',
];
const ADMIN_VIEWS = ['User', 'Role', 'RowLevelSecurity', 'Log'];

const PRODUCT_PERMISSIONS: PermissionPair[] = [
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_fullscreen', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_dashboard', 'Superset'],
  ['can_view_query', 'Dashboard'],
  ['can_view_chart_as_table', 'Dashboard'],
  ['can_drill', 'Dashboard'],
  ['can_read', 'Datasource'],
  ['can_read', 'Explore'],
  ['can_read', 'Query'],
];

export const SQLLAB_PERMISSIONS: PermissionPair[] = [
  ['can_read', 'Database'],
  ['can_read', 'Query'],
  ['can_csv', 'Superset'],
  ['can_sqllab', 'Superset'],
  ['can_sqllab_history', 'Superset'],
  ['can_sqllab_table_preview', 'Superset'],
  ['can_sqllab_viz', 'Superset'],
  ['menu_access', 'SQL Lab'],
  ['can_read', 'SQLLab'],
  ['can_execute_sql_query', 'SQLLab'],
  ['can_estimate_query_cost', 'SQLLab'],
  ['can_format_sql', 'SQLLab'],
  ['can_get_results', 'SQLLab'],
  ['can_export_csv', 'SQLLab'],
  ...readWrite('SavedQuery'),
  ...readWrite('SqlLabPermalinkRestApi'),
  ['can_post', 'TabStateView'],
  ['can_get', 'TabStateView'],
  ['can_put', 'TabStateView'],
  ['can_delete', 'TabStateView'],
  ['can_activate', 'TabStateView'],
  ['can_migrate_query', 'TabStateView'],
  ['can_delete_query', 'TabStateView'],
  ['can_post', 'TableSchemaView'],
  ['can_expanded', 'TableSchemaView'],
  ['can_delete', 'TableSchemaView'],
];

const GLOBAL_GRANTS: PermissionPair[] = [
  ['all_database_access', 'all_database_access'],
  ['all_datasource_access', 'all_datasource_access'],
];

const ADMIN_ONLY: PermissionPair[] = [
  ['all_query_access', 'all_query_access'],
  ['can_grant_guest_token', 'SecurityRestApi'],
  ...ADMIN_VIEWS.flatMap(readWrite),
];

const GAMMA: PermissionPair[] = [
  ...CONTENT_VIEWS.flatMap(readWrite),
  ...ALPHA_VIEWS.filter((v) => v !== 'ReportSchedule' && v !== 'EmbeddedDashboard').map(
    (v) => ['can_read', v] as PermissionPair,
  ),
  ...PRODUCT_PERMISSIONS,
];

const ALPHA: PermissionPair[] = [
  ...CONTENT_VIEWS.flatMap(readWrite),
  ...ALPHA_VIEWS.flatMap(readWrite),
  ...PRODUCT_PERMISSIONS,
  ...GLOBAL_GRANTS,
  ['muldelete', 'Dashboard'],
  ['muldelete', 'Chart'],
  ['can_upload', 'Database'],
];

function unique(pairs: PermissionPair[]): PermissionPair[] {
  const seen = new Set<string>();
  return pairs.filter(([p, v]) => {
    const key = `${p}\u0000${v}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every permission-view pair the product knows (object grants for databases come on top). */
export const PERMISSION_CATALOGUE: PermissionPair[] = unique([
  ...ALPHA,
  ...SQLLAB_PERMISSIONS,
  ...ADMIN_ONLY,
]);

export const BUILTIN_ROLES: Record<string, PermissionPair[]> = {
  Admin: PERMISSION_CATALOGUE,
  Alpha: unique(ALPHA),
  Gamma: unique(GAMMA),
  sql_lab: unique(SQLLAB_PERMISSIONS),
  Public: [],
};

export const BUILTIN_ROLE_NAMES = Object.keys(BUILTIN_ROLES);

/** Object grants an admin may hand out on a role, besides catalogue pairs. */
export const OBJECT_GRANT_PERMISSIONS = [
  'database_access',
  'schema_access',
  'datasource_access',
] as const;
