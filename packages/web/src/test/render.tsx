import type { BootstrapUser } from '@tessera/shared/api/bootstrap';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemedProviders } from '../app/App.tsx';
import { DEFAULT_COMMON } from '../app/bootstrap.ts';
import { createAppStore } from '../app/store.ts';

type Roles = BootstrapUser['roles'];

export function testUser(roles: Roles, username = 'someone'): BootstrapUser {
  return {
    userId: 7,
    username,
    firstName: 'Sam',
    lastName: 'Tester',
    email: `${username}@example.com`,
    isActive: true,
    isAnonymous: false,
    roles,
    permissions: { database_access: [], datasource_access: [] },
  };
}

export const ADMIN: Roles = { Admin: [['can_read', 'Dashboard']] };
export const GAMMA: Roles = {
  Gamma: [
    ['can_read', 'Dashboard'],
    ['can_read', 'Chart'],
    ['can_read', 'Database'],
  ],
};
export const ALPHA_WITH_DATABASES: Roles = {
  Alpha: [
    ['can_read', 'Database'],
    ['can_write', 'Database'],
  ],
};

/** Renders UI inside the app's real store, theme and a memory router at `path`. */
export function renderWithApp(
  ui: ReactNode,
  options: { user?: BootstrapUser | null; path?: string } = {},
) {
  const store = createAppStore({
    session: { user: options.user ?? null, common: DEFAULT_COMMON, loaded: true },
  });
  // The login route is a marker so redirects to it can be seen (and never loop back into `ui`).
  const router = createMemoryRouter(
    [
      { path: '/login', element: <div data-testid="login-route" /> },
      { path: '*', element: ui },
    ],
    {
      initialEntries: [options.path ?? '/'],
    },
  );
  const result = render(
    <Provider store={store}>
      <ThemedProviders>
        <RouterProvider router={router} />
      </ThemedProviders>
    </Provider>,
  );
  return { ...result, store, router };
}
