/**
 * Charts of a dashboard take turns to draw. Drawing one chart (its transformProps, its DOM or an
 * ECharts paint) blocks the main thread for tens of milliseconds in software rendering; fifty of
 * them drawn as their answers land would freeze the page for seconds, and a click would wait for
 * all of them. Instead each chart asks for a turn, and turns are handed out in slices, one slice
 * per animation frame: a slice draws the charts on screen first, then the others in the order
 * they asked, and stops once it has used its time budget (at least one chart per slice), so the
 * browser paints and answers input between slices.
 *
 * The budget follows the frames: where the browser needs long between slices (software
 * compositing of a tall page costs tens of milliseconds a frame), a slice may draw as long as
 * that gap, up to the long-task threshold, so the charts are not spread over many costly frames.
 */

/** Time a slice may use before it yields when frames are cheap. */
export const SLICE_BUDGET_MS = 8;
/** The most a slice stretches to match slow frames: a long task starts at 50 ms. */
export const MAX_SLICE_BUDGET_MS = 50;

export interface DrawTask {
  /** Draws the chart now (synchronously, e.g. through `flushSync`). */
  draw: () => void;
  /** Whether the chart is on screen now: those draw first. */
  onScreen: () => boolean;
}

export interface DrawScheduler {
  /** Queues a chart's draw; the answer cancels it if it has not run yet. */
  request(task: DrawTask): () => void;
  /** How many draws wait for a turn (tests, benchmarks). */
  readonly pending: number;
  /**
   * Until the returned release is called, every chart mounted on the page counts as in view: a
   * picture or a printout of the dashboard must show the charts nobody scrolled to. Charts drawn
   * meanwhile stay drawn after the release; charts mounted after it wait for the scroll again.
   */
  drawEveryChart(): () => void;
  /** Whether some caller of `drawEveryChart` has not released it yet. */
  readonly everyChart: boolean;
  /** Calls the listener whenever `everyChart` changes (for `useSyncExternalStore`). */
  subscribe(listener: () => void): () => void;
}

export interface DrawSchedulerOptions {
  budgetMs?: number;
  maxBudgetMs?: number;
  /** Runs `slice` at the next opportunity (default: the next animation frame). */
  nextSlice?: (slice: () => void) => void;
  now?: () => number;
}

/**
 * The next animation frame while the page is shown; a timer when it is hidden, where frames stop
 * (a background tab, a page opened by a report) and charts must still draw.
 */
function nextFrame(slice: () => void): void {
  const visible = typeof document === 'undefined' || document.visibilityState !== 'hidden';
  if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(slice);
  else setTimeout(slice, 16);
}

export function createDrawScheduler(options: DrawSchedulerOptions = {}): DrawScheduler {
  const baseBudget = options.budgetMs ?? SLICE_BUDGET_MS;
  const maxBudget = Math.max(baseBudget, options.maxBudgetMs ?? MAX_SLICE_BUDGET_MS);
  const schedule = options.nextSlice ?? nextFrame;
  const now = options.now ?? (() => performance.now());
  const queue: DrawTask[] = [];
  let scheduled = false;
  let everyChartHolds = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of Array.from(listeners)) listener();
  };
  /** When the last slice ended while draws were still waiting; null after the queue emptied. */
  let lastSliceEnd: number | null = null;

  const takeNext = (): DrawTask | undefined => {
    const index = queue.findIndex((task) => task.onScreen());
    // No chart on screen (-1): the one that asked first.
    return queue.splice(Math.max(index, 0), 1)[0];
  };

  const slice = () => {
    scheduled = false;
    const started = now();
    const gap = lastSliceEnd === null ? 0 : started - lastSliceEnd;
    const budget = Math.min(maxBudget, Math.max(baseBudget, gap));
    do {
      const task = takeNext();
      if (!task) break;
      try {
        task.draw();
      } catch (error) {
        // One chart failing to draw must not stop the others (React's boundary shows the chart's
        // own error; this is for anything thrown outside it).
        console.error(error);
      }
    } while (queue.length > 0 && now() - started < budget);
    lastSliceEnd = queue.length > 0 ? now() : null;
    if (queue.length > 0) ensureScheduled();
  };

  const ensureScheduled = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(slice);
  };

  return {
    request(task) {
      queue.push(task);
      ensureScheduled();
      return () => {
        const index = queue.indexOf(task);
        if (index >= 0) queue.splice(index, 1);
      };
    },
    get pending() {
      return queue.length;
    },
    drawEveryChart() {
      everyChartHolds++;
      if (everyChartHolds === 1) notify();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        everyChartHolds--;
        if (everyChartHolds === 0) notify();
      };
    },
    get everyChart() {
      return everyChartHolds > 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
