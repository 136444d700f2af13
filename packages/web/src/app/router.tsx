import { Flex, Spin } from 'antd';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from 'react-router';
import { NotFound } from '../components/NotFound.tsx';
import { dashboardReadPaths } from '../features/dashboards/dashboardApi.ts';
import { rememberEarlyDashboard } from '../features/dashboards/earlyLoad.ts';
import { listenForEmbeddedPort } from '../features/embedded/earlyPort.ts';
import { api } from './api.ts';
import { ShellLayout } from './ShellLayout.tsx';

// The embedded SDK hands its port over when the page has loaded, before lazy code runs.
if (globalThis.location?.pathname.startsWith('/embedded/')) listenForEmbeddedPort();

/** `/superset/dashboard/1/` and friends: Superset's legacy prefix maps onto the same pages. */
function LegacyRedirect() {
  const location = useLocation();
  const path = location.pathname.replace(/^\/superset(?=\/)/, '');
  return <Navigate to={`${path}${location.search}${location.hash}`} replace />;
}

/**
 * The dashboard page's first reads, started as soon as the route matches rather than after its
 * code has loaded and rendered: the page's own calls then take these answers. Once the dashboard
 * and its charts are in, the data of the charts its first screen shows is asked for too
 * (`features/dashboards/earlyStart.ts`), while the app is still rendering. Returns no data; the
 * page reads nothing from the loader.
 */
export function prefetchDashboard({
  params,
  request,
}: Pick<LoaderFunctionArgs, 'params'> & { request?: Request }): null {
  const idOrSlug = params.idOrSlug;
  if (!idOrSlug) return null;
  const { datasets, item, charts } = dashboardReadPaths;
  for (const path of [datasets(idOrSlug), item(idOrSlug), charts(idOrSlug)]) api.prefetch(path);
  // Its charts' data requests are POSTs, which wait for the token.
  api.prefetchCsrfToken();
  const search = request ? new URL(request.url).search : '';
  rememberEarlyDashboard(
    idOrSlug,
    import('../features/dashboards/earlyStart.ts').then((early) =>
      early.startDashboardEarly(api, idOrSlug, search, globalThis.location?.hash ?? ''),
    ),
  );
  return null;
}

const welcomePage = async () => ({
  Component: (await import('../features/home/WelcomePage.tsx')).WelcomePage,
});

/** Shown while a first page's lazy code loads. */
function PageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/** Only another dashboard needs new reads; a changed query string does not. */
function otherDashboard({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean {
  return currentParams.idOrSlug !== nextParams.idOrSlug;
}

export const routes: RouteObject[] = [
  {
    path: '/login',
    // Its form (inputs, validation) is code no other first page needs.
    lazy: async () => ({
      Component: (await import('../features/auth/LoginPage.tsx')).LoginPage,
    }),
    hydrateFallbackElement: <PageSpinner />,
  },
  {
    // A dashboard inside another application's iframe: no shell, no login (a guest token).
    path: '/embedded/:uuid',
    lazy: async () => ({
      Component: (await import('../features/embedded/EmbeddedPage.tsx')).EmbeddedPage,
    }),
    hydrateFallbackElement: <PageSpinner />,
  },
  {
    path: '/',
    element: <ShellLayout />,
    // Shown while the first page's lazy code loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: welcomePage },
      { path: 'superset/welcome', lazy: welcomePage },
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
      {
        path: 'logmodelview/list',
        lazy: async () => ({
          Component: (await import('../features/logs/ActionLogPage.tsx')).ActionLogPage,
        }),
      },
      ...['alert/list', 'report/list'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/reports/ReportsListPage.tsx')).ReportsListPage,
        }),
      })),
      ...['alert/:id/log', 'report/:id/log'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/reports/ExecutionLogPage.tsx')).ExecutionLogPage,
        }),
      })),
      ...['sqllab', 'sqllab/p/:key'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/sqllab/SqlLabPage.tsx')).SqlLabPage,
        }),
      })),
      {
        path: 'sqllab/history',
        lazy: async () => ({
          Component: (await import('../features/queries/QueryHistoryPage.tsx')).QueryHistoryPage,
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
          Component: (await import('../features/dashboards/DashboardListPage.tsx'))
            .DashboardListPage,
        }),
      },
      // The optional `superset` segment keeps Superset's address after a save (the spec's
      // `/superset/dashboard/{slug or id}/`) on the same route, so the page stays mounted.
      ...['superset?/dashboard/p/:key', 'superset?/dashboard/:idOrSlug'].map((path) => ({
        path,
        ...(path.endsWith(':idOrSlug')
          ? { loader: prefetchDashboard, shouldRevalidate: otherDashboard }
          : {}),
        lazy: async () => ({
          Component: (await import('../features/dashboards/DashboardPage.tsx')).DashboardPage,
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
