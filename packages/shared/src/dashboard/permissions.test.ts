import { describe, expect, it } from 'vitest';
import type { PermissionPair } from '../permissions.ts';
import {
  canEditDashboard,
  dashboardPermissions,
  EDIT_FORBIDDEN_MESSAGE,
  PUBLISH_FORBIDDEN_MESSAGE,
} from './permissions.ts';

const user = (userId: number, ...pairs: PermissionPair[]) => ({ userId, roles: { Custom: pairs } });
const writer = (id: number) => user(id, ['can_write', 'Dashboard']);
const off = { DASHBOARD_RBAC: false };
const on = { DASHBOARD_RBAC: true };

describe('dashboard permissions', () => {
  it('lets admins edit anything (role name compared case-insensitively)', () => {
    expect(canEditDashboard({ userId: 1, roles: { aDmIn: [] } }, { owners: [] }, off)).toBe(true);
  });

  it('needs an owner with can_write on Dashboard', () => {
    expect(canEditDashboard(writer(1), { owners: [1] }, off)).toBe(true);
    expect(canEditDashboard(writer(1), { owners: [{ id: 2 }] }, off)).toBe(false);
    expect(canEditDashboard(user(1), { owners: [1] }, off)).toBe(false);
  });

  it('with DASHBOARD_RBAC needs only ownership', () => {
    expect(canEditDashboard(user(1), { owners: [1] }, on)).toBe(true);
    expect(canEditDashboard(writer(1), { owners: [2] }, on)).toBe(false);
  });

  it('derives save, share, fullscreen, explore, share chart and CSV from permissions', () => {
    const all = dashboardPermissions(
      user(
        1,
        ['can_write', 'Dashboard'],
        ['can_share_dashboard', 'Superset'],
        ['can_fullscreen', 'Superset'],
        ['can_explore', 'Superset'],
        ['can_share_chart', 'Superset'],
        ['can_csv', 'Superset'],
      ),
      { owners: [] },
      off,
    );
    expect(all).toEqual({
      canEdit: false,
      canSave: true,
      canShare: true,
      canFullscreen: true,
      canExplore: true,
      canShareChart: true,
      canCsv: true,
    });
    expect(Object.values(dashboardPermissions(user(1), { owners: [] }, off)).some(Boolean)).toBe(
      false,
    );
  });

  it('carries the spec messages verbatim', () => {
    expect(EDIT_FORBIDDEN_MESSAGE).toBe('You do not have permission to edit this dashboard');
    expect(PUBLISH_FORBIDDEN_MESSAGE).toBe('You do not have permissions to edit this dashboard');
  });
});
