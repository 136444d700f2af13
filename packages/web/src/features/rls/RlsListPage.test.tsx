import type { RlsRule } from '@tessera/shared/api/rls';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison-node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { RlsListPage } from './RlsListPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 15_000 };

const RULE: RlsRule = {
  id: 3,
  name: 'Europe only',
  description: 'Sales team sees Europe',
  filter_type: 'Regular',
  tables: [{ id: 1, schema: 'main', table_name: 'cars' }],
  roles: [{ id: 3, name: 'Gamma' }],
  group_key: 'region',
  clause: "origin = 'Europe'",
  changed_on: '2026-01-05T10:00:00.000Z',
  changed_on_delta_humanized: '2 days ago',
  changed_by: { id: 1, first_name: 'Admin', last_name: 'User' },
};

interface Call {
  method: string;
  path: string;
  q: unknown;
  body: unknown;
}

/** `fetch` answering the rule, role and dataset calls the way the server does. */
function fakeServer(rules: RlsRule[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const q = url.searchParams.get('q');
      const call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        q: q === null ? undefined : rison.decode(q),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      if (url.pathname === '/api/v1/security/csrf_token/') return Response.json({ result: 't' });
      calls.push(call);
      if (call.path === '/api/v1/rowlevelsecurity/' && call.method === 'GET')
        return Response.json({ count: rules.length, ids: rules.map((r) => r.id), result: rules });
      if (call.path === '/api/v1/rowlevelsecurity/' && call.method === 'POST')
        return Response.json({ id: 9, result: call.body }, { status: 201 });
      if (call.path === '/api/v1/security/roles/')
        return Response.json({
          count: 2,
          ids: [2, 3],
          result: [
            { id: 2, name: 'Alpha', permissions: [], user_count: 1, builtin: true },
            { id: 3, name: 'Gamma', permissions: [], user_count: 0, builtin: true },
          ],
        });
      if (call.path === '/api/v1/dataset/')
        return Response.json({
          count: 2,
          ids: [1, 2],
          result: [
            { id: 1, table_name: 'cars', schema: 'main' },
            { id: 2, table_name: 'stocks', schema: 'main' },
          ],
        });
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

async function pick(testId: string, option: string) {
  const select = within(screen.getByTestId(testId)).getByRole('combobox');
  fireEvent.mouseDown(select);
  const choices = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(choices.at(-1) as HTMLElement);
}

describe('row level security page', { timeout: 120_000 }, () => {
  it('lists the rules with their type, datasets, roles and clause', async () => {
    fakeServer([RULE]);
    renderWithApp(<RlsListPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/rowlevelsecurity/list/',
    });
    expect((await screen.findByTestId('rls-row-name', {}, SLOW)).textContent).toBe('Europe only');
    expect(screen.getByTestId('rls-row-type').textContent).toBe('Regular');
    expect(screen.getByTestId('rls-row-tables').textContent).toBe('main.cars');
    expect(screen.getByTestId('rls-row-roles').textContent).toBe('Gamma');
    expect(screen.getByTestId('rls-row-clause').textContent).toBe("origin = 'Europe'");
  });

  it('is refused to a non-admin', async () => {
    renderWithApp(<RlsListPage />, {
      user: testUser(GAMMA, 'gamma'),
      path: '/rowlevelsecurity/list/',
    });
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });

  it('explains the filter type that is picked', async () => {
    fakeServer([]);
    renderWithApp(<RlsListPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/rowlevelsecurity/list/',
    });
    fireEvent.click((await screen.findAllByTestId('rls-add', {}, SLOW))[0] as HTMLElement);
    expect((await screen.findByTestId('rls-type-help')).textContent).toContain(
      'members of the roles',
    );
    fireEvent.click(screen.getByTestId('rls-type-base'));
    await waitFor(() =>
      expect(screen.getByTestId('rls-type-help').textContent).toContain(
        'everyone except the roles',
      ),
    );
  });

  it('creates a rule with the datasets and roles picked', async () => {
    const calls = fakeServer([]);
    renderWithApp(<RlsListPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/rowlevelsecurity/list/',
    });
    fireEvent.click((await screen.findAllByTestId('rls-add', {}, SLOW))[0] as HTMLElement);
    fireEvent.change(await screen.findByTestId('rls-name'), { target: { value: 'Europe only' } });
    await pick('rls-tables', 'main.cars');
    await pick('rls-roles', 'Gamma');
    fireEvent.change(screen.getByTestId('rls-group-key'), { target: { value: 'region' } });
    fireEvent.change(screen.getByTestId('rls-clause'), { target: { value: "origin = 'Europe'" } });
    fireEvent.click(screen.getByTestId('rls-submit'));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/rowlevelsecurity/'),
      ).toHaveLength(1),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Europe only',
      filter_type: 'Regular',
      tables: [1],
      roles: [3],
      group_key: 'region',
      clause: "origin = 'Europe'",
      description: null,
    });
  });

  it('refuses to save a rule without datasets or clause', async () => {
    const calls = fakeServer([]);
    renderWithApp(<RlsListPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/rowlevelsecurity/list/',
    });
    fireEvent.click((await screen.findAllByTestId('rls-add', {}, SLOW))[0] as HTMLElement);
    fireEvent.change(await screen.findByTestId('rls-name'), { target: { value: 'Nothing' } });
    fireEvent.click(screen.getByTestId('rls-submit'));
    expect(await screen.findByText('Pick at least one dataset', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('The rule needs a clause')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
