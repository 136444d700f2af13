import { describe, expect, it } from 'vitest';
import {
  canAccessDatabase,
  canAccessSchema,
  hasAnyGrantOnDatabase,
  hasPermission,
  isAdmin,
} from './permissions.ts';

const db = { id: 1, database_name: 'examples' };

describe('permission rules', () => {
  it('treats any role named admin as admin, case-insensitively', () => {
    expect(isAdmin({ roles: { ADMIN: [] } })).toBe(true);
    expect(isAdmin({ roles: { admin: [] } })).toBe(true);
    expect(isAdmin({ roles: { Administrator: [] } })).toBe(false);
    expect(hasPermission({ roles: { aDmIn: [] } }, 'can_write', 'Dashboard')).toBe(true);
  });

  it('matches pairs of permission and view name', () => {
    const user = { roles: { Gamma: [['can_read', 'Dashboard'] as const] } };
    expect(hasPermission(user, 'can_read', 'Dashboard')).toBe(true);
    expect(hasPermission(user, 'can_write', 'Dashboard')).toBe(false);
    expect(hasPermission(user, 'can_read', 'Chart')).toBe(false);
    expect(hasPermission(null, 'can_read', 'Dashboard')).toBe(false);
  });

  it('grants database access by database_access or the global grants', () => {
    expect(
      canAccessDatabase({ roles: { r: [['database_access', '[examples].(id:1)']] } }, db),
    ).toBe(true);
    expect(
      canAccessDatabase({ roles: { r: [['database_access', '[examples].(id:2)']] } }, db),
    ).toBe(false);
    expect(
      canAccessDatabase({ roles: { r: [['all_database_access', 'all_database_access']] } }, db),
    ).toBe(true);
  });

  it('grants schema access by schema_access', () => {
    const user = { roles: { r: [['schema_access', '[examples].[main]'] as const] } };
    expect(canAccessSchema(user, db, 'main')).toBe(true);
    expect(canAccessSchema(user, db, 'other')).toBe(false);
    expect(hasAnyGrantOnDatabase(user, db)).toBe(true);
    expect(hasAnyGrantOnDatabase(user, { id: 2, database_name: 'prod' })).toBe(false);
  });
});
