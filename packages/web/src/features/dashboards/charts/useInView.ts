import {
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useDashboardPage } from '../pageContext.ts';

/** How far below (or above) the screen a chart already counts as in view. */
export const IN_VIEW_MARGIN_PX = 200;

/**
 * True once the element has come within `marginPx` of the viewport, and from then on: a chart
 * queries and draws when first scrolled to, and stays drawn. The first check is made as the
 * element is laid out (before the first paint), so the charts on the first screen ask for their
 * data a frame earlier than an IntersectionObserver would tell; scrolling is left to the
 * observer. Without IntersectionObserver (tests, old browsers) everything counts as in view.
 * `initially` starts it in view (a chart the page expects on its first screen renders as in view
 * at once, instead of rendering again once laid out). While the page's draw scheduler asks for
 * every chart (a picture or a printout of the dashboard), every mounted element counts as in view;
 * only the selected tabs are mounted, so that is every chart of the visible tab.
 */
export function useInView(
  ref: RefObject<HTMLElement | null>,
  marginPx = IN_VIEW_MARGIN_PX,
  initially = false,
): boolean {
  const [seen, setSeen] = useState(() => initially || typeof IntersectionObserver === 'undefined');
  const { drawScheduler } = useDashboardPage();
  const everyChart = useSyncExternalStore(
    drawScheduler.subscribe,
    () => drawScheduler.everyChart,
    () => false,
  );
  // Kept once seen, so the chart stays drawn after the picture has been taken.
  useEffect(() => {
    if (everyChart && !seen) setSeen(true);
  }, [everyChart, seen]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first layout is checked by hand.
  useLayoutEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const box = element.getBoundingClientRect();
    const visible =
      box.height > 0 &&
      box.bottom > -marginPx &&
      box.top < globalThis.innerHeight + marginPx &&
      box.right > 0 &&
      box.left < globalThis.innerWidth;
    if (visible) setSeen(true);
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${marginPx}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, marginPx, seen]);
  return seen || everyChart;
}

/**
 * Whether the element is on screen now, as a function to call when it matters (the draw
 * scheduler asks it before each turn), so scrolling never re-renders the chart. Without
 * IntersectionObserver everything counts as on screen.
 */
export function useOnScreen(ref: RefObject<HTMLElement | null>): () => boolean {
  const onScreen = useRef(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) onScreen.current = last.isIntersecting;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return useCallback(() => onScreen.current, []);
}

/** The element's content box, following resizes (0×0 until measured). */
export function useElementSize(ref: RefObject<HTMLElement | null>): {
  width: number;
  height: number;
} {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // clientWidth/Height include the padding; the chart must fit inside it.
      const style = getComputedStyle(element);
      const across = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      const down = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
      const width = Math.max(0, Math.floor(element.clientWidth - (across || 0)));
      const height = Math.max(0, Math.floor(element.clientHeight - (down || 0)));
      setSize((prev) =>
        prev.width === width && prev.height === height ? prev : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
