import { Flex, Spin } from 'antd';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { WelcomePage } from '../features/home/WelcomePage.tsx';
import { ShellLayout } from './ShellLayout.tsx';

/** `/superset/dashboard/1/` and friends: Superset's legacy prefix maps onto the same pages. */
function LegacyRedirect() {
  const location = useLocation();
  const path = location.pathname.replace(/^\/superset(?=\/)/, '');
  return <Navigate to={`${path}${location.search}${location.hash}`} replace />;
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <ShellLayout />,
    // Shown while the first page's lazy code loads.
    hydrateFallbackElement: (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    ),
    children: [
      { index: true, element: <WelcomePage /> },
      { path: 'superset/welcome', element: <WelcomePage /> },
      {
        path: 'databaseview/list',
        lazy: async () => ({
          Component: (await import('../features/databases/DatabaseListPage.tsx')).DatabaseListPage,
        }),
      },
      {
        path: 'users/list',
        lazy: async () => ({
          Component: (await import('../features/users/UsersPage.tsx')).UsersPage,
        }),
      },
      {
        path: 'roles/list',
        lazy: async () => ({
          Component: (await import('../features/roles/RolesPage.tsx')).RolesPage,
        }),
      },
      {
        path: 'tablemodelview/list',
        lazy: async () => ({
          Component: (await import('../features/datasets/DatasetListPage.tsx')).DatasetListPage,
        }),
      },
      {
        path: 'dataset/list',
        lazy: async () => ({
          Component: (await import('../features/datasets/redirects.tsx')).DatasetListRedirect,
        }),
      },
      {
        path: 'tablemodelview/edit/:id',
        lazy: async () => ({
          Component: (await import('../features/datasets/redirects.tsx')).DatasetEditRedirect,
        }),
      },
      {
        path: 'dataset/add',
        lazy: async () => ({
          Component: (await import('../features/datasets/AddDatasetPage.tsx')).AddDatasetPage,
        }),
      },
      {
        path: 'rowlevelsecurity/list',
        lazy: async () => ({
          Component: (await import('../features/rls/RlsListPage.tsx')).RlsListPage,
        }),
      },
      ...['sqllab', 'sqllab/p/:key'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/sqllab/SqlLabPage.tsx')).SqlLabPage,
        }),
      })),
      {
        path: 'sqllab/history',
        lazy: async () => ({
          Component: (await import('../features/query-history/QueryHistoryPage.tsx'))
            .QueryHistoryPage,
        }),
      },
      {
        path: 'savedqueryview/list',
        lazy: async () => ({
          Component: (await import('../features/saved-queries/SavedQueriesPage.tsx'))
            .SavedQueriesPage,
        }),
      },
      ...['explore', 'explore/p/:key'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/explore/ExplorePage.tsx')).ExplorePage,
        }),
      })),
      {
        path: 'chart/list',
        lazy: async () => ({
          Component: (await import('../features/charts/ChartListPage.tsx')).ChartListPage,
        }),
      },
      {
        path: 'dashboard/list',
        lazy: async () => ({
          Component: (await import('../features/dashboard/DashboardListPage.tsx'))
            .DashboardListPage,
        }),
      },
      // The optional `superset` segment keeps Superset's address after a save (the spec's
      // `/superset/dashboard/{slug or id}/`) on the same route, so the page stays mounted.
      ...['superset?/dashboard/p/:key', 'superset?/dashboard/:idOrSlug'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/dashboard/DashboardPage.tsx')).DashboardPage,
        }),
      })),
      { path: 'superset/*', element: <LegacyRedirect /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
