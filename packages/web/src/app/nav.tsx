import {
  BarChartOutlined,
  ConsoleSqlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FilterOutlined,
  HistoryOutlined,
  HomeOutlined,
  SafetyCertificateOutlined,
  SaveOutlined,
  ScheduleOutlined,
  TableOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { BootstrapUser } from '@tessera/shared/api/bootstrap';
import { hasPermission, isAdmin } from '@tessera/shared/permissions';
import type { ReactNode } from 'react';

type User = Pick<BootstrapUser, 'roles'> | null;

export interface NavEntry {
  key: string;
  label: string;
  path: string;
  testId: string;
  icon: ReactNode;
  /** Top bar, or the Settings menu. */
  place: 'main' | 'settings';
  /** Pages of later work stay out of the navigation until they exist: flip this when they land. */
  built: boolean;
  /** Hides the entry from users who could not use the page (the server refuses them anyway). */
  allowed: (user: User) => boolean;
}

/** Anyone signed in. */
const everyone = (user: User) => user !== null;

/** Database administration: connecting, editing and deleting databases. */
export const canManageDatabases = (user: User) =>
  isAdmin(user) || hasPermission(user, 'can_write', 'Database');

/** The one list of navigation entries, in the order they appear. */
export const NAV_ENTRIES: NavEntry[] = [
  {
    key: 'home',
    label: 'Home',
    path: '/superset/welcome/',
    testId: 'nav-home',
    icon: <HomeOutlined />,
    place: 'main',
    built: true,
    allowed: everyone,
  },
  {
    key: 'sqllab',
    label: 'SQL',
    path: '/sqllab/',
    testId: 'nav-sqllab',
    icon: <ConsoleSqlOutlined />,
    place: 'main',
    built: true,
    allowed: (u) => hasPermission(u, 'can_execute_sql_query', 'SQLLab'),
  },
  {
    key: 'charts',
    label: 'Charts',
    path: '/chart/list/',
    testId: 'nav-charts',
    icon: <BarChartOutlined />,
    place: 'main',
    built: true,
    allowed: (u) => hasPermission(u, 'can_read', 'Chart'),
  },
  {
    key: 'dashboards',
    label: 'Dashboards',
    path: '/dashboard/list/',
    testId: 'nav-dashboards',
    icon: <DashboardOutlined />,
    place: 'main',
    built: true,
    allowed: (u) => hasPermission(u, 'can_read', 'Dashboard'),
  },
  {
    key: 'datasets',
    label: 'Datasets',
    path: '/tablemodelview/list/',
    testId: 'nav-datasets',
    icon: <TableOutlined />,
    place: 'main',
    built: true,
    allowed: (u) => hasPermission(u, 'can_read', 'Dataset'),
  },
  {
    key: 'databases',
    label: 'Databases',
    path: '/databaseview/list/',
    testId: 'nav-databases',
    icon: <DatabaseOutlined />,
    place: 'main',
    built: true,
    allowed: canManageDatabases,
  },
  {
    key: 'saved-queries',
    label: 'Saved queries',
    path: '/savedqueryview/list/',
    testId: 'nav-saved-queries',
    icon: <SaveOutlined />,
    place: 'main',
    built: true,
    allowed: (u) => hasPermission(u, 'can_read', 'SavedQuery'),
  },
  {
    key: 'query-history',
    label: 'Query history',
    path: '/sqllab/history/',
    testId: 'nav-query-history',
    icon: <HistoryOutlined />,
    place: 'main',
    built: true,
    allowed: (u) => hasPermission(u, 'can_read', 'Query'),
  },
  {
    key: 'users',
    label: 'Users',
    path: '/users/list/',
    testId: 'nav-users',
    icon: <TeamOutlined />,
    place: 'settings',
    built: true,
    allowed: isAdmin,
  },
  {
    key: 'roles',
    label: 'Roles',
    path: '/roles/list/',
    testId: 'nav-roles',
    icon: <SafetyCertificateOutlined />,
    place: 'settings',
    built: true,
    allowed: isAdmin,
  },
  {
    key: 'row-level-security',
    label: 'Row level security',
    path: '/rowlevelsecurity/list/',
    testId: 'nav-row-level-security',
    icon: <FilterOutlined />,
    place: 'settings',
    built: true,
    allowed: isAdmin,
  },
  {
    key: 'alerts-reports',
    label: 'Alerts & reports',
    path: '/alert/list/',
    testId: 'nav-alerts-reports',
    icon: <ScheduleOutlined />,
    place: 'settings',
    built: true,
    allowed: (u) => hasPermission(u, 'can_read', 'ReportSchedule'),
  },
  {
    key: 'action-log',
    label: 'Action log',
    path: '/logmodelview/list/',
    testId: 'nav-action-log',
    icon: <FileSearchOutlined />,
    place: 'settings',
    built: true,
    allowed: isAdmin,
  },
];

/** The entries a user sees in one place: built pages they may use. */
export function visibleNav(
  user: User,
  place: NavEntry['place'],
  entries: NavEntry[] = NAV_ENTRIES,
): NavEntry[] {
  return entries.filter((entry) => entry.place === place && entry.built && entry.allowed(user));
}

/** Which entry a location belongs to (the longest matching path wins; `/` is Home). */
export function activeNavKey(
  pathname: string,
  entries: NavEntry[] = NAV_ENTRIES,
): string | undefined {
  if (pathname === '/' || pathname === '') return 'home';
  const normalised = pathname.endsWith('/') ? pathname : `${pathname}/`;
  let best: NavEntry | undefined;
  for (const entry of entries) {
    if (normalised.startsWith(entry.path) && entry.path.length > (best?.path.length ?? 0))
      best = entry;
  }
  return best?.key;
}
