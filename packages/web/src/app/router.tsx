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
      { path: 'superset/*', element: <LegacyRedirect /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
