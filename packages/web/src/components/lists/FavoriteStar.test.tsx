import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Table } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { favoriteColumn } from './FavoriteStar.tsx';
import { type FavoriteCalls, useFavoriteStars } from './useFavoriteStars.ts';

const STAR_FAILED = 'An error occurred while starring this chart';
const STATUS_FAILED = 'There was an issue fetching the favorite status of this dashboard.';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 1, name: 'Sales' },
  { id: 2, name: 'Flights' },
];

/** The favourites of a server: what is starred, and whether it refuses the next calls. */
class FavoriteServer {
  readonly starred: Set<number>;
  refuseStars = false;
  refuseStatus = false;
  /** While set, setFavorite answers only on `release()`: the star can be seen before. */
  hold = false;
  private held: Array<() => void> = [];

  constructor(starred: number[] = []) {
    this.starred = new Set(starred);
  }

  readonly calls: FavoriteCalls = {
    favoriteStatus: async (ids) => {
      if (this.refuseStatus) throw new Error('Forbidden');
      return Object.fromEntries(ids.map((id) => [id, this.starred.has(id)]));
    },
    setFavorite: async (id, starred) => {
      if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
      if (this.refuseStars) throw new Error('Forbidden');
      if (starred) this.starred.add(id);
      else this.starred.delete(id);
    },
  };

  release() {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

const favoriteServer = (starred: number[] = []) => new FavoriteServer(starred);

function StarredList(props: {
  calls: FavoriteCalls;
  toasts: string[];
  statusFailedMessage?: string;
  abortStatus?: boolean;
}) {
  const stars = useFavoriteStars({
    calls: props.calls,
    starFailedMessage: STAR_FAILED,
    statusFailedMessage: props.statusFailedMessage,
    // A new function on every render, as a caller may pass: fetchStatus must not change with it.
    addDangerToast: (text) => props.toasts.push(text),
  });
  const { fetchStatus } = stars;
  useEffect(() => {
    const controller = new AbortController();
    fetchStatus(
      ROWS.map((row) => row.id),
      controller.signal,
    );
    if (props.abortStatus) controller.abort();
    return () => controller.abort();
  }, [fetchStatus, props.abortStatus]);
  return (
    <Table<Row>
      rowKey="id"
      pagination={false}
      dataSource={ROWS}
      columns={[favoriteColumn<Row>(stars, 'chart-star'), { dataIndex: 'name', key: 'name' }]}
    />
  );
}

function renderList(props: Parameters<typeof StarredList>[0]) {
  render(
    <App>
      <StarredList {...props} />
    </App>,
  );
  return () => screen.getAllByTestId('chart-star');
}

const starredOf = (buttons: HTMLElement[]) => buttons.map((b) => b.getAttribute('data-starred'));

describe('favourite stars of a list', { timeout: 30_000 }, () => {
  it('shows the stars the server has for the rows on the page', async () => {
    const stars = renderList({ calls: favoriteServer([2]).calls, toasts: [] });
    await waitFor(() => expect(starredOf(stars())).toEqual(['false', 'true']));
    expect(stars()[0]?.getAttribute('aria-label')).toBe('Add to favorites');
    expect(stars()[1]?.getAttribute('aria-label')).toBe('Remove from favorites');
  });

  it('stars a row at once, before the server answers, and keeps it once it has', async () => {
    const server = favoriteServer();
    const stars = renderList({ calls: server.calls, toasts: [] });
    await waitFor(() => expect(starredOf(stars())).toEqual(['false', 'false']));
    server.hold = true;
    fireEvent.click(stars()[0] as HTMLElement);
    await waitFor(() => expect(starredOf(stars())).toEqual(['true', 'false']));
    expect(server.starred.has(1)).toBe(false);
    await act(async () => server.release());
    await waitFor(() => expect(server.starred.has(1)).toBe(true));
    expect(starredOf(stars())).toEqual(['true', 'false']);
  });

  it('unstars a starred row', async () => {
    const server = favoriteServer([1]);
    const stars = renderList({ calls: server.calls, toasts: [] });
    await waitFor(() => expect(starredOf(stars())).toEqual(['true', 'false']));
    fireEvent.click(stars()[0] as HTMLElement);
    await waitFor(() => expect(server.starred.has(1)).toBe(false));
    expect(starredOf(stars())).toEqual(['false', 'false']);
  });

  it('puts the star back and says so when the server refuses', async () => {
    const server = favoriteServer();
    const toasts: string[] = [];
    const stars = renderList({ calls: server.calls, toasts });
    await waitFor(() => expect(starredOf(stars())).toEqual(['false', 'false']));
    server.refuseStars = true;
    fireEvent.click(stars()[1] as HTMLElement);
    await waitFor(() => expect(toasts).toEqual([STAR_FAILED]));
    expect(starredOf(stars())).toEqual(['false', 'false']);
  });

  it('leaves the stars empty quietly when the status cannot be read and no message is given', async () => {
    const server = favoriteServer([1]);
    server.refuseStatus = true;
    const toasts: string[] = [];
    const stars = renderList({ calls: server.calls, toasts });
    await act(async () => undefined);
    expect(starredOf(stars())).toEqual(['false', 'false']);
    expect(toasts).toEqual([]);
  });

  it('reports an unreadable status with the given message, unless the page went away', async () => {
    const server = favoriteServer([1]);
    server.refuseStatus = true;
    const toasts: string[] = [];
    renderList({ calls: server.calls, toasts, statusFailedMessage: STATUS_FAILED });
    await waitFor(() => expect(toasts).toEqual([STATUS_FAILED]));

    const quiet: string[] = [];
    renderList({
      calls: server.calls,
      toasts: quiet,
      statusFailedMessage: STATUS_FAILED,
      abortStatus: true,
    });
    await act(async () => undefined);
    expect(quiet).toEqual([]);
  });
});
