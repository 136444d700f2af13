import { useEffect } from 'react';
import { LOG_EVENTS, logEvent } from '../../app/eventLogger.ts';

/** Logs `spa_navigation` with the path each time the signed-in app shows another page. */
export function useLogNavigation(pathname: string): void {
  useEffect(() => {
    logEvent(LOG_EVENTS.spaNavigation, { path: pathname, pathname });
  }, [pathname]);
}
