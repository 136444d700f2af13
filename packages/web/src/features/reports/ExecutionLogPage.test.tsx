import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderWithApp, testUser } from '../../test/render.tsx';
import { fakeServer } from '../datasets/testing.ts';
import { ExecutionLogPage } from './ExecutionLogPage.tsx';
import { item, listAnswer, logRow, SLOW, WAIT } from './testing.ts';

afterEach(() => vi.unstubAllGlobals());

const page = (
  <Routes>
    <Route path="/report/:id/log/" element={<ExecutionLogPage />} />
  </Routes>
);

describe('the execution log', { timeout: 60_000 }, () => {
  it('lists every run with its state and error; Run now queues one and reads on', async () => {
    let rows = [
      logRow({ id: 2, state: 'Error', error_message: 'SMTP refused: 550 mailbox unavailable' }),
      logRow({ id: 1 }),
    ];
    const server = fakeServer([
      ['GET', /^\/api\/v1\/report\/1$/, { body: { id: 1, result: item() } }],
      ['GET', /^\/api\/v1\/report\/1\/log\/$/, () => ({ body: listAnswer(rows) })],
      [
        'POST',
        /^\/api\/v1\/report\/1\/run$/,
        () => {
          rows = [logRow({ id: 3, state: 'Working', end_dttm: null }), ...rows];
          return { status: 202, body: { message: 'OK', uuid: 'u-3' } };
        },
      ],
    ]);
    renderWithApp(page, { user: testUser(ADMIN), path: '/report/1/log/' });
    expect(await screen.findByText('Weekly Report for Sales', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('report-log-schedule').textContent).toBe(
      'Every Monday at 12:00 (Europe/Paris)',
    );
    await waitFor(() => expect(screen.getAllByTestId('log-row-state')).toHaveLength(2), WAIT);
    expect(screen.getAllByTestId('log-row-state').map((s) => s.textContent)).toEqual([
      'Error',
      'Success',
    ]);
    expect(screen.getByTestId('log-row-error').textContent).toBe(
      'SMTP refused: 550 mailbox unavailable',
    );
    expect(screen.getAllByText('2.5 s')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('report-log-run'));
    await waitFor(() => expect(screen.getAllByTestId('log-row-state')).toHaveLength(3), WAIT);
    expect(screen.getAllByTestId('log-row-state')[0].textContent).toBe('Working');
    expect(server.made('POST', /run$/)).toHaveLength(1);
    // The run finishes: the page, reading on while a run works, shows it.
    rows = [logRow({ id: 3 }), ...rows.slice(1)];
    await waitFor(
      () => expect(screen.getAllByTestId('log-row-state')[0].textContent).toBe('Success'),
      { timeout: 10_000 },
    );
  });

  it('asks nothing for an id that is not one', async () => {
    const server = fakeServer([]);
    renderWithApp(page, { user: testUser(ADMIN), path: '/report/0/log/' });
    expect(await screen.findByText('Not found', {}, SLOW)).toBeTruthy();
    renderWithApp(page, { user: testUser(ADMIN), path: '/report/1e3/log/' });
    expect((await screen.findAllByText('Not found', {}, SLOW)).length).toBe(2);
    expect(server.calls).toEqual([]);
  });
});
