import { type RefObject, useEffect, useState } from 'react';
import type { DrawScheduler } from './charts/drawScheduler.ts';
import { everyChartDrawn } from './exportDashboard.ts';

/** How often report mode checks whether every chart has drawn. */
export const READY_POLL_MS = 100;
/** Checks in a row that must agree: charts mount a moment after the grid does. */
export const READY_CHECKS = 3;

/**
 * Report mode (`standalone=3`), the page a report's screenshot is taken of: every chart draws,
 * scrolled to or not, and once all of them have drawn (or failed) the page says so with
 * `data-report-ready="true"` on `[data-testid="dashboard-page"]`, which the server's screenshotter
 * waits for. Each chart also carries its own `data-status` (`rendered`, `failed`, `stopped` when
 * settled).
 */
export function useReportReady(
  report: boolean,
  page: RefObject<HTMLElement | null>,
  scheduler: DrawScheduler,
): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!report) return;
    const release = scheduler.drawEveryChart();
    let agreeing = 0;
    const timer = setInterval(() => {
      const element = page.current;
      agreeing = element && everyChartDrawn(element, scheduler) ? agreeing + 1 : 0;
      // Once ready it stays so: a report does not refresh.
      if (agreeing >= READY_CHECKS) {
        setReady(true);
        clearInterval(timer);
      }
    }, READY_POLL_MS);
    return () => {
      clearInterval(timer);
      release();
    };
  }, [report, page, scheduler]);
  return ready;
}
