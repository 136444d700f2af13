import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { fakeServer } from '../datasets/testing.ts';
import { ReportsListPage } from './ReportsListPage.tsx';
import { listAnswer, listRow, SLOW, toastShown, WAIT } from './testing.ts';

afterEach(() => vi.unstubAllGlobals());

const admin = testUser(ADMIN, 'admin');

const REPORT = listRow();
const ALERT = listRow({
  id: 2,
  type: 'Alert',
  name: 'Failed orders',
  crontab: '*/15 * * * *',
  last_state: 'Error',
  creation_method: 'alerts_reports',
  dashboard_id: null,
  database_id: 1,
  report_format: 'TEXT',
  recipients: [{ id: 3, type: 'Webhook' }],
});

/** The list answers by the `type` filter, as the server does. */
function serve(extra: Parameters<typeof fakeServer>[0] = []) {
  return fakeServer([
    ...extra,
    [
      'GET',
      /^\/api\/v1\/report\/$/,
      (call) => {
        const filters = (call.q as { filters: Array<{ col: string; value: unknown }> }).filters;
        const type = filters.find((f) => f.col === 'type')?.value;
        return { body: listAnswer([REPORT, ALERT].filter((r) => r.type === type)) };
      },
    ],
  ]);
}

describe('the Alerts & reports list', { timeout: 60_000 }, () => {
  it('lists the reports with their schedule in words, last run and owners, filtered by tab', async () => {
    const server = serve();
    const { router } = renderWithApp(<ReportsListPage />, { user: admin, path: '/report/list/' });
    expect(await screen.findByText('Weekly Report for Sales', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('report-row-schedule').textContent).toBe('Every Monday at 12:00');
    expect(screen.getByTestId('report-state').getAttribute('data-state')).toBe('Success');
    expect(screen.getByTestId('report-row-owners').textContent).toBe('Ada Admin');
    expect(screen.queryByText('Failed orders')).toBeNull();
    const q = server.made('GET', /^\/api\/v1\/report\/$/)[0]?.q as { filters: unknown[] };
    expect(q.filters).toContainEqual({ col: 'type', opr: 'eq', value: 'Report' });

    fireEvent.click(screen.getByTestId('reports-tab-alerts'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alert/list/'), WAIT);
    expect(await screen.findByText('Failed orders', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('report-row-schedule').textContent).toBe(
      'Every day every 15 minutes',
    );
    expect(screen.getByTestId('report-state').getAttribute('data-state')).toBe('Error');
  });

  it('switches a report off, and says so when the server refuses', async () => {
    const server = serve([
      ['PUT', /^\/api\/v1\/report\/1$/, { status: 500, body: { message: 'boom' } }],
    ]);
    const { store } = renderWithApp(<ReportsListPage />, { user: admin, path: '/report/list/' });
    fireEvent.click(await screen.findByTestId('report-row-active', {}, SLOW));
    await toastShown(store, 'We were unable to activate or deactivate this report.');
    expect(server.made('PUT', /report\/1$/)[0]?.body).toEqual({ active: false });
  });

  it('deletes one report, and several at once; a refused delete is said', async () => {
    const server = serve([
      ['DELETE', /^\/api\/v1\/report\/1$/, { status: 403, body: { message: 'Forbidden' } }],
      ['DELETE', /^\/api\/v1\/report\/$/, { body: { message: 'Deleted 1 report' } }],
    ]);
    const { store } = renderWithApp(<ReportsListPage />, { user: admin, path: '/report/list/' });
    fireEvent.click(await screen.findByTestId('report-row-delete', {}, SLOW));
    fireEvent.click(await screen.findByTestId('confirm-delete', {}, SLOW));
    await toastShown(store, 'Your report could not be deleted');

    const row = screen.getByText('Weekly Report for Sales').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByTestId('reports-bulk-delete', {}, SLOW));
    await waitFor(
      () => expect(screen.getAllByTestId('confirm-delete').length).toBeGreaterThan(0),
      WAIT,
    );
    fireEvent.click(screen.getAllByTestId('confirm-delete').at(-1) as HTMLElement);
    await toastShown(store, 'Deleted 1 report');
    expect(server.made('DELETE', /^\/api\/v1\/report\/$/)[0]?.q).toEqual([1]);
  });

  it('shows a hostile name as text, never as markup', async () => {
    const hostile = '<img src=x onerror="window.pwned=1">';
    fakeServer([
      ['GET', /^\/api\/v1\/report\/$/, { body: listAnswer([listRow({ name: hostile })]) }],
    ]);
    renderWithApp(<ReportsListPage />, { user: admin, path: '/report/list/' });
    expect((await screen.findByTestId('report-row-name', {}, SLOW)).textContent).toBe(hostile);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('is refused to a user without the report permissions', async () => {
    serve();
    renderWithApp(<ReportsListPage />, { user: testUser(GAMMA), path: '/report/list/' });
    expect(await screen.findByText(/alerts and reports/i, {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('reports-list')).toBeNull();
  });
});
