import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { WelcomePage } from './WelcomePage.tsx';

describe('home page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ count: 0, result: [] }), { status: 200 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers an admin SQL Lab, datasets, databases and administration', async () => {
    renderWithApp(<WelcomePage />, { user: testUser(ADMIN, 'admin') });
    for (const id of [
      'quick-sqllab',
      'quick-datasets',
      'quick-databases',
      'quick-users',
      'quick-roles',
    ]) {
      expect(await screen.findByTestId(id), id).toBeTruthy();
    }
  });

  it('offers a Gamma user only what its roles allow', async () => {
    renderWithApp(<WelcomePage />, { user: testUser(GAMMA, 'gamma') });
    expect(await screen.findByTestId('quick-api')).toBeTruthy();
    for (const id of ['quick-sqllab', 'quick-datasets', 'quick-databases', 'quick-users']) {
      expect(screen.queryByTestId(id), id).toBeNull();
    }
  });

  it("shows what the user viewed recently, from the log's recent activity", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/v1/log/recent_activity/')
          ? Response.json({
              result: [
                {
                  action: 'dashboard',
                  item_type: 'dashboard',
                  item_url: '/superset/dashboard/3/',
                  item_title: 'Sales overview',
                  time: 1_764_237_600_000,
                  time_delta_humanized: 'a few seconds ago',
                },
              ],
            })
          : Response.json({ count: 0, ids: [], result: [] }),
      ),
    );
    renderWithApp(<WelcomePage />, { user: testUser(GAMMA, 'gamma') });
    const item = await screen.findByTestId('recently-viewed-item');
    expect(item.textContent).toBe('Sales overview');
    expect(item.getAttribute('href')).toBe('/dashboard/3/');
  });
});
