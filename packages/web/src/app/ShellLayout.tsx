import { useCallback } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell } from '../components/AppShell.tsx';
import { useLogNavigation } from '../features/logs/useLogNavigation.ts';
import { activeNavKey, visibleNav } from './nav.tsx';
import { RequireUser } from './RequireUser.tsx';
import { useAppDispatch, useAppSelector } from './store.ts';
import { rememberThemeMode, themeModeSet } from './themeSlice.ts';

export const LOGOUT_PATH = '/logout/';

function SignedInShell() {
  const user = useAppSelector((state) => state.session.user);
  const version = useAppSelector((state) => state.session.common.version);
  const themeMode = useAppSelector((state) => state.theme.mode);
  const dispatch = useAppDispatch();
  const location = useLocation();
  useLogNavigation(location.pathname);

  const toggleTheme = useCallback(() => {
    const next = themeMode === 'dark' ? 'light' : 'dark';
    rememberThemeMode(next);
    dispatch(themeModeSet(next));
  }, [dispatch, themeMode]);

  const fullName =
    [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || '';
  return (
    <AppShell
      navItems={visibleNav(user, 'main')}
      settingsItems={visibleNav(user, 'settings')}
      activeKey={activeNavKey(location.pathname)}
      userName={fullName}
      userDetail={user?.email || user?.username}
      themeMode={themeMode}
      onToggleTheme={toggleTheme}
      logoutHref={LOGOUT_PATH}
      version={version || undefined}
    >
      <Outlet />
    </AppShell>
  );
}

/** The layout route of every signed-in page. */
export function ShellLayout() {
  return (
    <RequireUser>
      <SignedInShell />
    </RequireUser>
  );
}
