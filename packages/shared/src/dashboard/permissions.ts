import { hasPermission, isAdmin, type UserWithRoles } from '../permissions.ts';

/**
 * The spec's dashboard permissions (section 6), shared by the server (which enforces them) and
 * the client (which hides what a user cannot do).
 */

export interface DashboardOwnership {
  owners: Array<number | { id: number }>;
}

export interface DashboardFlags {
  DASHBOARD_RBAC: boolean;
}

export function isDashboardOwner(
  user: UserWithRoles | null | undefined,
  dashboard: DashboardOwnership,
): boolean {
  if (!user || typeof user.userId !== 'number') return false;
  return dashboard.owners.some((o) => (typeof o === 'number' ? o : o.id) === user.userId);
}

/** Admin, or an owner with can_write on Dashboard; with dashboard-RBAC, admin or owner. */
export function canEditDashboard(
  user: UserWithRoles | null | undefined,
  dashboard: DashboardOwnership,
  flags: DashboardFlags,
): boolean {
  if (isAdmin(user)) return true;
  if (!isDashboardOwner(user, dashboard)) return false;
  return flags.DASHBOARD_RBAC || hasPermission(user, 'can_write', 'Dashboard');
}

/** Saving a dashboard as a copy (or a new one) needs can_write on Dashboard. */
export const canSaveDashboard = (user: UserWithRoles | null | undefined) =>
  hasPermission(user, 'can_write', 'Dashboard');
export const canShareDashboard = (user: UserWithRoles | null | undefined) =>
  hasPermission(user, 'can_share_dashboard', 'Superset');
export const canFullscreen = (user: UserWithRoles | null | undefined) =>
  hasPermission(user, 'can_fullscreen', 'Superset');
export const canExplore = (user: UserWithRoles | null | undefined) =>
  hasPermission(user, 'can_explore', 'Superset');
export const canShareChart = (user: UserWithRoles | null | undefined) =>
  hasPermission(user, 'can_share_chart', 'Superset');
export const canCsv = (user: UserWithRoles | null | undefined) =>
  hasPermission(user, 'can_csv', 'Superset');

/** Every derived permission at once, as the dashboard page reads them. */
export function dashboardPermissions(
  user: UserWithRoles | null | undefined,
  dashboard: DashboardOwnership,
  flags: DashboardFlags,
) {
  return {
    canEdit: canEditDashboard(user, dashboard, flags),
    canSave: canSaveDashboard(user),
    canShare: canShareDashboard(user),
    canFullscreen: canFullscreen(user),
    canExplore: canExplore(user),
    canShareChart: canShareChart(user),
    canCsv: canCsv(user),
  };
}

export const EDIT_FORBIDDEN_MESSAGE = 'You do not have permission to edit this dashboard';
export const PUBLISH_FORBIDDEN_MESSAGE = 'You do not have permissions to edit this dashboard';
export const editForbiddenMessage = (kind: string) =>
  `You do not have permission to edit this ${kind}`;
