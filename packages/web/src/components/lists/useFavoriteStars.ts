import { useCallback, useRef, useState } from 'react';

/** The favourite calls of one object type (`/api/v1/{chart,dashboard}/...`). */
export interface FavoriteCalls {
  /** `GET favorite_status/?q=!(ids)`: which of these rows the user starred. */
  favoriteStatus(ids: number[], signal: AbortSignal): Promise<Record<number, boolean>>;
  /** `POST` (star) or `DELETE` (unstar) `{id}/favorites/`. */
  setFavorite(id: number, starred: boolean): Promise<unknown>;
}

export interface FavoriteStarsOptions {
  calls: FavoriteCalls;
  /** The danger toast when starring or unstarring fails (the star goes back). */
  starFailedMessage: string;
  /** The danger toast when a page's stars cannot be read; without one they stay empty quietly. */
  statusFailedMessage?: string;
  addDangerToast: (text: string) => void;
}

export interface FavoriteStars {
  isStarred: (id: number) => boolean;
  /** Flips the star at once and tells the server; a refusal puts it back with a toast. */
  toggle: (id: number) => Promise<void>;
  /** Reads the stars of the rows a page shows, without holding the page up; never changes. */
  fetchStatus: (ids: number[], signal: AbortSignal) => void;
}

/** The favourite stars of a list page, kept per row id across pages and reloads. */
export function useFavoriteStars(options: FavoriteStarsOptions): FavoriteStars {
  const [stars, setStars] = useState<Record<number, boolean>>({});
  // fetchStatus is called from the page's ListView `load`; were it a new function whenever the
  // caller passed new callbacks, the list would reload on every render. It reads them from here.
  const latest = useRef(options);
  latest.current = options;

  const fetchStatus = useCallback((ids: number[], signal: AbortSignal) => {
    const { calls, statusFailedMessage, addDangerToast } = latest.current;
    calls
      .favoriteStatus(ids, signal)
      .then((status) => setStars((prev) => ({ ...prev, ...status })))
      .catch(() => {
        if (statusFailedMessage && !signal.aborted) addDangerToast(statusFailedMessage);
      });
  }, []);

  const toggle = async (id: number) => {
    const next = !stars[id];
    setStars((prev) => ({ ...prev, [id]: next }));
    try {
      await options.calls.setFavorite(id, next);
    } catch {
      setStars((prev) => ({ ...prev, [id]: !next }));
      options.addDangerToast(options.starFailedMessage);
    }
  };

  return { isStarred: (id) => stars[id] === true, toggle, fetchStatus };
}
