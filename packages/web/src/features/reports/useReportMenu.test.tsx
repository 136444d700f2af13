import { fireEvent, screen } from '@testing-library/react';
import { Menu } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { fakeServer } from '../datasets/testing.ts';
import { listAnswer, listRow, SLOW, toastShown } from './testing.ts';
import { useReportMenu } from './useReportMenu.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The hook's entries shown open, as the header's menu shows them. */
function Harness({ startOpen = true }) {
  const [open, setOpen] = useState(startOpen);
  const reports = useReportMenu({ kind: 'dashboard', id: 4, name: 'Sales' }, open);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="open-menu" />
      {reports.item && <Menu mode="inline" openKeys={['report_manage']} items={[reports.item]} />}
      {reports.element}
    </>
  );
}

describe('"Manage email reports"', { timeout: 60_000 }, () => {
  it("asks for the user's own report on this dashboard only once the menu opens", async () => {
    const server = fakeServer([['GET', /^\/api\/v1\/report\/$/, { body: listAnswer([]) }]]);
    renderWithApp(<Harness startOpen={false} />, { user: testUser(ADMIN, 'ada') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.made('GET', /report/)).toEqual([]);
    fireEvent.click(screen.getByTestId('open-menu'));
    expect(await screen.findByTestId('report-menu-setup', {}, SLOW)).toBeTruthy();
    expect(server.made('GET', /report/)[0]?.q).toEqual({
      filters: [
        { col: 'dashboard_id', opr: 'eq', value: 4 },
        { col: 'creation_method', opr: 'eq', value: 'dashboards' },
        { col: 'created_by', opr: 'rel_o_m', value: 7 },
      ],
    });
    fireEvent.click(screen.getByTestId('report-menu-setup'));
    expect(await screen.findByText('Schedule a new email report', {}, SLOW)).toBeTruthy();
  });

  it('says when the reports could not be fetched', async () => {
    fakeServer([['GET', /^\/api\/v1\/report\/$/, { status: 500, body: { message: 'down' } }]]);
    const { store } = renderWithApp(<Harness />, { user: testUser(ADMIN) });
    await toastShown(store, 'There was an issue fetching reports attached to this dashboard.');
  });

  it('switches, and deletes, an existing report with the spec toasts on failure', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/v1\/report\/$/, { body: listAnswer([listRow()]) }],
      ['PUT', /^\/api\/v1\/report\/1$/, { status: 500, body: { message: 'down' } }],
      ['DELETE', /^\/api\/v1\/report\/1$/, { status: 500, body: { message: 'down' } }],
    ]);
    const { store } = renderWithApp(<Harness />, { user: testUser(ADMIN) });
    fireEvent.click(await screen.findByTestId('report-menu-toggle', {}, SLOW));
    await toastShown(store, 'We were unable to activate or deactivate this report.');
    expect(server.made('PUT', /report\/1$/)[0]?.body).toEqual({ active: false });
    fireEvent.click(screen.getByTestId('report-menu-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete', {}, SLOW));
    await toastShown(store, 'Your report could not be deleted');
    expect(screen.getByTestId('report-menu-edit')).toBeTruthy();
  });

  it('is not offered to a user who may not schedule reports', async () => {
    const server = fakeServer([]);
    renderWithApp(<Harness />, { user: testUser(GAMMA) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('report-menu')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
