import {
  canAccessDatabase,
  canAccessSchema,
  hasAnyGrantOnDatabase,
  isAdmin,
  type UserWithRoles,
} from '@tessera/shared/permissions';
import { type Actor, rolesOf } from '../security/actor.ts';

/**
 * Object access to databases, schemas and tables, from the grants of shared/permissions.ts.
 * Whoever may not see a database gets 404 for it, as Superset's base filter does, so ids of
 * other people's databases are not revealed.
 */

export type Principal = UserWithRoles;

/** The grants an actor's permission checks read (the same as `rolesOf(actor)`). */
export function principalOf(actor: Actor): Principal {
  return rolesOf(actor);
}

interface NamedDatabase {
  id: number;
  database_name: string;
}

export function canSeeDatabase(principal: Principal, database: NamedDatabase): boolean {
  return isAdmin(principal) || hasAnyGrantOnDatabase(principal, database);
}

/** Database-wide access: every schema and table. */
export function hasFullAccess(principal: Principal, database: NamedDatabase): boolean {
  return isAdmin(principal) || canAccessDatabase(principal, database);
}

/** A schema grant (or database-wide access) covering `schema`. */
export function hasSchemaAccess(
  principal: Principal,
  database: NamedDatabase,
  schema: string,
  catalog?: string | null,
): boolean {
  if (hasFullAccess(principal, database)) return true;
  // A grant written without a catalog names the schema in the database's default catalog.
  return (
    canAccessSchema(principal, database, schema, catalog) ||
    (catalog ? canAccessSchema(principal, database, schema, null) : false)
  );
}

/**
 * Table names named by `datasource_access` grants on this database. Their view names
 * (`[db].[table](id:N)`) carry no schema, so a grant matches the table name in any schema.
 */
export function grantedTableNames(principal: Principal, database: NamedDatabase): Set<string> {
  const prefix = `[${database.database_name}].[`;
  const names = new Set<string>();
  for (const pairs of Object.values(principal.roles)) {
    for (const [permission, view] of pairs) {
      if (permission !== 'datasource_access' || !view.startsWith(prefix)) continue;
      const match = /^(.*)\]\(id:\d+\)$/.exec(view.slice(prefix.length));
      if (match?.[1]) names.add(match[1]);
    }
  }
  return names;
}

export function canAccessTable(
  principal: Principal,
  database: NamedDatabase,
  table: { name: string; schema: string | null; catalog: string | null },
): boolean {
  if (hasFullAccess(principal, database)) return true;
  if (table.schema !== null && hasSchemaAccess(principal, database, table.schema, table.catalog))
    return true;
  return grantedTableNames(principal, database).has(table.name);
}
