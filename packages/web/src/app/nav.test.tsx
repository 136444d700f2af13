import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, ALPHA_WITH_DATABASES, GAMMA, renderWithApp, testUser } from '../test/render.tsx';
import { activeNavKey, NAV_ENTRIES, type NavEntry, visibleNav } from './nav.tsx';
import { ShellLayout } from './ShellLayout.tsx';

const keys = (entries: NavEntry[]) => entries.map((entry) => entry.key);

describe('navigation filtering', () => {
  it('shows an admin the built pages, and Users, Roles, Row level security, Alerts & reports and Action log under Settings', () => {
    const admin = testUser(ADMIN);
    expect(keys(visibleNav(admin, 'main'))).toEqual([
      'home',
      'sqllab',
      'charts',
      'dashboards',
      'datasets',
      'databases',
      'saved-queries',
      'query-history',
    ]);
    expect(keys(visibleNav(admin, 'settings'))).toEqual([
      'users',
      'roles',
      'row-level-security',
      'alerts-reports',
      'action-log',
    ]);
  });

  it('shows Alerts & reports to whoever may read report schedules', () => {
    const alpha = testUser({ Alpha: [['can_read', 'ReportSchedule']] });
    expect(keys(visibleNav(alpha, 'settings'))).toEqual(['alerts-reports']);
    expect(activeNavKey('/alert/list/')).toBe('alerts-reports');
  });

  it('hides the database admin page and user administration from Gamma', () => {
    const gamma = testUser(GAMMA);
    expect(keys(visibleNav(gamma, 'main'))).toEqual(['home', 'charts', 'dashboards']);
    expect(visibleNav(gamma, 'settings')).toEqual([]);
  });

  it('shows Databases to anyone who may write databases, without admin pages', () => {
    const alpha = testUser(ALPHA_WITH_DATABASES);
    expect(keys(visibleNav(alpha, 'main'))).toEqual(['home', 'databases']);
    expect(visibleNav(alpha, 'settings')).toEqual([]);
  });

  it('keeps pages of later work out until they are built, whatever the permissions', () => {
    const admin = testUser(ADMIN);
    const unbuilt = NAV_ENTRIES.filter((entry) => !entry.built).map((entry) => entry.key);
    expect(unbuilt).toEqual([]);
    const built = NAV_ENTRIES.map((entry) =>
      entry.key === 'sqllab' ? { ...entry, built: true } : entry,
    );
    expect(keys(visibleNav(admin, 'main', built))).toContain('sqllab');
  });

  it('lists the spec menu in order: SQL, Charts, Dashboards, Datasets, Databases, Saved queries, Query history', () => {
    expect(
      NAV_ENTRIES.filter((e) => e.place === 'main' && e.key !== 'home').map((e) => e.label),
    ).toEqual([
      'SQL',
      'Charts',
      'Dashboards',
      'Datasets',
      'Databases',
      'Saved queries',
      'Query history',
    ]);
  });

  it('shows nothing to nobody', () => {
    expect(visibleNav(null, 'main')).toEqual([]);
  });

  it.each([
    ['/', 'home'],
    ['/superset/welcome/', 'home'],
    ['/databaseview/list/', 'databases'],
    ['/databaseview/list', 'databases'],
    ['/users/list/', 'users'],
    ['/tablemodelview/list/', 'datasets'],
    ['/rowlevelsecurity/list/', 'row-level-security'],
    ['/elsewhere/', undefined],
  ])('marks %s as %s in the menu', (path, key) => {
    expect(activeNavKey(path)).toBe(key);
  });
});

describe('app shell', () => {
  it('renders the admin menu with Databases', async () => {
    renderWithApp(<ShellLayout />, { user: testUser(ADMIN, 'admin') });
    expect(await screen.findByTestId('nav-databases')).toBeTruthy();
    expect(screen.getByTestId('nav-home')).toBeTruthy();
    expect(screen.getByTestId('nav-settings')).toBeTruthy();
  });

  it('renders no Databases entry for Gamma', async () => {
    renderWithApp(<ShellLayout />, { user: testUser(GAMMA, 'gamma') });
    expect(await screen.findByTestId('nav-home')).toBeTruthy();
    expect(screen.queryByTestId('nav-databases')).toBeNull();
  });

  it('sends an anonymous visitor to the login page with next', async () => {
    const { router } = renderWithApp(<ShellLayout />, { user: null, path: '/databaseview/list/' });
    await screen.findByTestId('login-route');
    expect(router.state.location.pathname).toBe('/login/');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/databaseview/list/')}`);
  });
});
