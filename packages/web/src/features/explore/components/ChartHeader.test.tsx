import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../../test/render.tsx';
import { fakeServer } from '../../datasets/testing.ts';
import { ChartHeader, type ChartHeaderProps } from './ChartHeader.tsx';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 15_000 };

function props(patch: Partial<ChartHeaderProps> = {}): ChartHeaderProps {
  return {
    sliceName: 'Revenue',
    saved: true,
    isStarred: false,
    canEditName: true,
    canDownload: true,
    canSave: true,
    onRename: vi.fn(),
    onToggleStar: vi.fn(),
    onProperties: vi.fn(),
    onCopyPermalink: vi.fn(),
    onShareByEmail: vi.fn(),
    onViewQuery: vi.fn(),
    onExport: vi.fn(),
    onEditInSqlLab: vi.fn(),
    onSave: vi.fn(),
    reportChart: { id: 5, name: 'Revenue', vizType: 'table' },
    ...patch,
  };
}

describe("Explore's chart menu", { timeout: 60_000 }, () => {
  it('offers "Manage email reports" for a saved chart, looking up its report when opened', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/v1\/report\/$/, { body: { count: 0, ids: [], result: [] } }],
    ]);
    renderWithApp(<ChartHeader {...props()} />, { user: testUser(ADMIN) });
    expect(server.made('GET', /report/)).toEqual([]);
    fireEvent.click(screen.getByTestId('explore-more'));
    expect(await screen.findByTestId('report-menu', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(server.made('GET', /report/)).toHaveLength(1), SLOW);
    expect(server.made('GET', /report/)[0]?.q).toMatchObject({
      filters: [
        { col: 'chart_id', opr: 'eq', value: 5 },
        { col: 'creation_method', opr: 'eq', value: 'charts' },
        { col: 'created_by', opr: 'rel_o_m', value: 7 },
      ],
    });
  });

  it('offers none for an unsaved chart, or to a user who may not schedule', async () => {
    fakeServer([]);
    const { unmount } = renderWithApp(<ChartHeader {...props({ reportChart: null })} />, {
      user: testUser(ADMIN),
    });
    fireEvent.click(screen.getByTestId('explore-more'));
    await screen.findByTestId('view-query', {}, SLOW);
    expect(screen.queryByTestId('report-menu')).toBeNull();
    unmount();
    renderWithApp(<ChartHeader {...props()} />, { user: testUser(GAMMA) });
    fireEvent.click(screen.getByTestId('explore-more'));
    await screen.findByTestId('view-query', {}, SLOW);
    expect(screen.queryByTestId('report-menu')).toBeNull();
  });
});
