/**
 * The spec's permission rules, in one place. The server enforces them; the client uses the same
 * functions only to hide what a user cannot do.
 */

/** A permission-view pair as Superset names them, for example ['can_write', 'Dashboard']. */
export type PermissionPair = readonly [permission: string, view: string];

/** Roles of a user, each mapped to its permission-view pairs (the spec's User entity). */
export type RolePermissions = Record<string, PermissionPair[]>;

export interface UserWithRoles {
  userId?: number;
  roles: RolePermissions;
}

export const ADMIN_ROLE = 'Admin';

/** Admin is any role named admin, compared case-insensitively. */
export function isAdmin(user: UserWithRoles | null | undefined): boolean {
  if (!user) return false;
  return Object.keys(user.roles).some((role) => role.toLowerCase() === 'admin');
}

export function hasPermission(
  user: UserWithRoles | null | undefined,
  permission: string,
  view: string,
): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return Object.values(user.roles).some((pairs) =>
    pairs.some(([p, v]) => p === permission && v === view),
  );
}

/** Names of the object grants, and the view names Superset builds for them. */
export const OBJECT_PERMISSIONS = {
  allDatabaseAccess: ['all_database_access', 'all_database_access'] as PermissionPair,
  allDatasourceAccess: ['all_datasource_access', 'all_datasource_access'] as PermissionPair,
} as const;

export const databaseView = (databaseName: string, id: number) => `[${databaseName}].(id:${id})`;
export const schemaView = (databaseName: string, schema: string, catalog?: string | null) =>
  catalog ? `[${databaseName}].[${catalog}].[${schema}]` : `[${databaseName}].[${schema}]`;
export const datasourceView = (databaseName: string, table: string, id: number) =>
  `[${databaseName}].[${table}](id:${id})`;

export function canAccessDatabase(
  user: UserWithRoles | null | undefined,
  database: { id: number; database_name: string },
): boolean {
  return (
    hasPermission(user, ...OBJECT_PERMISSIONS.allDatabaseAccess) ||
    hasPermission(user, ...OBJECT_PERMISSIONS.allDatasourceAccess) ||
    hasPermission(user, 'database_access', databaseView(database.database_name, database.id))
  );
}

export function canAccessSchema(
  user: UserWithRoles | null | undefined,
  database: { id: number; database_name: string },
  schema: string,
  catalog?: string | null,
): boolean {
  return (
    canAccessDatabase(user, database) ||
    hasPermission(user, 'schema_access', schemaView(database.database_name, schema, catalog))
  );
}

/** Whether any schema or datasource grant mentions this database (enough to list it). */
export function hasAnyGrantOnDatabase(
  user: UserWithRoles | null | undefined,
  database: { id: number; database_name: string },
): boolean {
  if (canAccessDatabase(user, database)) return true;
  if (!user) return false;
  const prefix = `[${database.database_name}].`;
  return Object.values(user.roles).some((pairs) =>
    pairs.some(
      ([p, v]) => (p === 'schema_access' || p === 'datasource_access') && v.startsWith(prefix),
    ),
  );
}
