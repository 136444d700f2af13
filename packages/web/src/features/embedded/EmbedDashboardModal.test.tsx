import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMMON } from '../../app/bootstrap.ts';
import { bootstrapLoaded } from '../../app/sessionSlice.ts';
import { ADMIN, renderWithApp, testUser } from '../../test/render.tsx';
import { fakeServer } from '../datasets/testing.ts';
import { EmbedDashboardModal } from './EmbedDashboardModal.tsx';
import { useEmbedMenu } from './useEmbedMenu.tsx';

afterEach(() => vi.unstubAllGlobals());

const UUID = '6a0f3d1e-2b4c-4d5e-8f90-123456789abc';
const embedding = (domains: string[]) => ({
  result: {
    uuid: UUID,
    allowed_domains: domains,
    dashboard_id: '4',
    changed_on: '2026-01-05T10:00:00.000Z',
    changed_by: null,
  },
});

describe('EmbedDashboardModal', () => {
  it('enables embedding with the typed domains, then shows the uuid and the SDK sample', async () => {
    const server = fakeServer([
      [
        'GET',
        /\/api\/v1\/dashboard\/4\/embedded$/,
        { status: 404, body: { message: 'Not found' } },
      ],
      [
        'POST',
        /\/api\/v1\/dashboard\/4\/embedded$/,
        (call) => ({
          body: embedding((call.body as { allowed_domains: string[] }).allowed_domains),
        }),
      ],
    ]);
    renderWithApp(<EmbedDashboardModal dashboardId={4} onClose={() => {}} />, {
      user: testUser(ADMIN, 'admin'),
    });
    const input = await screen.findByTestId('embed-allowed-domains');
    expect(screen.getByText(/Configure this dashboard to embed it/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://a.example, ,http://localhost:9000' } });
    fireEvent.click(screen.getByTestId('embed-enable'));
    expect((await screen.findByTestId('embed-uuid')).textContent).toBe(UUID);
    expect(server.made('POST', /embedded$/)[0]?.body).toEqual({
      allowed_domains: ['https://a.example', 'http://localhost:9000'],
    });
    expect(screen.getByTestId('embed-code-sample').textContent).toContain(`id: '${UUID}'`);
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
  });

  it('deactivates an embedding after confirmation', async () => {
    const server = fakeServer([
      ['GET', /\/embedded$/, { body: embedding(['https://a.example']) }],
      ['DELETE', /\/embedded$/, { body: { message: 'OK' } }],
    ]);
    renderWithApp(<EmbedDashboardModal dashboardId={4} onClose={() => {}} />, {
      user: testUser(ADMIN, 'admin'),
    });
    expect(((await screen.findByTestId('embed-allowed-domains')) as HTMLInputElement).value).toBe(
      'https://a.example',
    );
    fireEvent.click(screen.getByTestId('embed-deactivate'));
    fireEvent.click(await screen.findByTestId('embed-deactivate-confirm'));
    await waitFor(() => expect(server.made('DELETE', /embedded$/)).toHaveLength(1));
    expect(await screen.findByTestId('embed-enable')).toBeTruthy();
    expect(await screen.findByText('Embedding deactivated.')).toBeTruthy();
  });
});

function MenuProbe({ canEdit }: { canEdit: boolean }) {
  const { item } = useEmbedMenu(4, canEdit);
  return <div data-testid={`probe-${canEdit}`}>{item ? 'shown' : 'hidden'}</div>;
}

describe('useEmbedMenu', () => {
  it('offers "Embed dashboard" only with EMBEDDED_SUPERSET on and edit rights', () => {
    const user = testUser(ADMIN, 'admin');
    const { store } = renderWithApp(
      <>
        <MenuProbe canEdit />
        <MenuProbe canEdit={false} />
      </>,
      { user },
    );
    expect(screen.getByTestId('probe-true').textContent).toBe('hidden');
    act(() => {
      store.dispatch(
        bootstrapLoaded({
          user,
          common: { ...DEFAULT_COMMON, feature_flags: { EMBEDDED_SUPERSET: true } },
        }),
      );
    });
    expect(screen.getByTestId('probe-true').textContent).toBe('shown');
    expect(screen.getByTestId('probe-false').textContent).toBe('hidden');
  });
});
