import { databaseView, datasourceView, schemaView } from '@tessera/shared/permissions';
import { describe, expect, it } from 'vitest';
import {
  canAccessTable,
  canSeeDatabase,
  grantedTableNames,
  hasFullAccess,
  hasSchemaAccess,
} from './access.ts';

const sales = { id: 3, database_name: 'sales' };
const other = { id: 4, database_name: 'other' };
const withGrants = (...pairs: Array<[string, string]>) => ({ roles: { Custom: pairs } });

describe('database object access', () => {
  it('lets admins and all_database_access see every database', () => {
    expect(canSeeDatabase({ roles: { admin: [] } }, sales)).toBe(true);
    expect(hasFullAccess(withGrants(['all_database_access', 'all_database_access']), sales)).toBe(
      true,
    );
  });

  it('shows a database named by a database_access grant, and only that one', () => {
    const principal = withGrants(['database_access', databaseView('sales', 3)]);
    expect(canSeeDatabase(principal, sales)).toBe(true);
    expect(canSeeDatabase(principal, other)).toBe(false);
    expect(hasSchemaAccess(principal, sales, 'anything')).toBe(true);
  });

  it('shows a database with only a schema grant, limited to that schema', () => {
    const principal = withGrants(['schema_access', schemaView('sales', 'public')]);
    expect(canSeeDatabase(principal, sales)).toBe(true);
    expect(hasFullAccess(principal, sales)).toBe(false);
    expect(hasSchemaAccess(principal, sales, 'public')).toBe(true);
    expect(hasSchemaAccess(principal, sales, 'private')).toBe(false);
    expect(
      canAccessTable(principal, sales, { name: 'orders', schema: 'public', catalog: null }),
    ).toBe(true);
    expect(
      canAccessTable(principal, sales, { name: 'orders', schema: 'private', catalog: null }),
    ).toBe(false);
  });

  it('treats a schema grant without catalog as covering the schema in a named catalog', () => {
    const principal = withGrants(['schema_access', schemaView('sales', 'public')]);
    expect(hasSchemaAccess(principal, sales, 'public', 'sales_db')).toBe(true);
  });

  it('reads table names out of datasource_access grants', () => {
    const principal = withGrants(['datasource_access', datasourceView('sales', 'orders', 12)]);
    expect([...grantedTableNames(principal, sales)]).toEqual(['orders']);
    expect(grantedTableNames(principal, other).size).toBe(0);
    expect(canSeeDatabase(principal, sales)).toBe(true);
    expect(
      canAccessTable(principal, sales, { name: 'orders', schema: 'public', catalog: null }),
    ).toBe(true);
    expect(
      canAccessTable(principal, sales, { name: 'customers', schema: 'public', catalog: null }),
    ).toBe(false);
  });

  it('gives no access without grants', () => {
    const principal = withGrants(['can_read', 'Database']);
    expect(canSeeDatabase(principal, sales)).toBe(false);
    expect(
      canAccessTable(principal, sales, { name: 'orders', schema: 'public', catalog: null }),
    ).toBe(false);
  });
});
