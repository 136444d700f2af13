import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../app/api.ts';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { ActionLogPage } from './ActionLogPage.tsx';
import { actionLogFilters } from './logsApi.ts';

const ROW = {
  id: 5,
  action: 'dashboard',
  user_id: 2,
  user: { username: 'gamma' },
  json: JSON.stringify({ event_name: 'mount_dashboard', dashboard_id: 3 }),
  dttm: '2026-11-27T10:00:00.000Z',
  dashboard_id: 3,
  slice_id: null,
  duration_ms: null,
  referrer: 'http://localhost/dashboard/3/',
};

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('action log filters', () => {
  it('searches actions and filters by user and time as rison filters', () => {
    expect(
      actionLogFilters('dash', { userId: 2, after: '2026-01-01T00:00:00.000Z', before: 'x' }),
    ).toEqual([
      { col: 'action', opr: 'ct', value: 'dash' },
      { col: 'user', opr: 'rel_o_m', value: 2 },
      { col: 'dttm', opr: 'gt', value: '2026-01-01T00:00:00.000Z' },
      { col: 'dttm', opr: 'lt', value: 'x' },
    ]);
  });
});

describe('action log page', () => {
  it('lists the log newest first and shows an entry in full', async () => {
    const asked: string[] = [];
    api.configure({
      fetch: async (input) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v1/log/') {
          asked.push(url.searchParams.get('q') ?? '');
          return Response.json({ count: 1, ids: [5], result: [ROW] });
        }
        return Response.json({ count: 0, ids: [], result: [] });
      },
    });
    renderWithApp(<ActionLogPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/logmodelview/list/',
    });
    expect((await screen.findByTestId('log-action')).textContent).toBe('dashboard');
    expect(screen.getByTestId('log-event-name').textContent).toBe('mount_dashboard');
    expect(asked[0]).toContain('order_column:dttm');
    expect(asked[0]).toContain('order_direction:desc');
    fireEvent.click(screen.getByTestId('log-details'));
    await waitFor(() => expect(screen.getByText(/"dashboard_id": 3/)).toBeTruthy());
  }, 60_000);

  it('refuses users who are not admins', async () => {
    renderWithApp(<ActionLogPage />, { user: testUser(GAMMA, 'gamma') });
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });
});
