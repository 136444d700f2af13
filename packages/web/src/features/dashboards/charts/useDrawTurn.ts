import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useDashboardPage } from '../pageContext.ts';

/**
 * What a chart holder draws: the last value that got its turn from the page's draw scheduler
 * (charts/drawScheduler.ts). A new value (a new answer) asks for a turn and is drawn in it,
 * synchronously (`flushSync`), so its whole cost falls inside the scheduler's slice; until then
 * the previous value stays drawn. `null` asks for nothing. Each turn is a User Timing measure
 * named `draw <label>`, so a profile (or a benchmark) sees what each chart cost.
 */
export function useDrawTurn<T>(wanted: T | null, onScreen: () => boolean, label: string): T | null {
  const { drawScheduler } = useDashboardPage();
  const [granted, setGranted] = useState<T | null>(null);
  const onScreenRef = useRef(onScreen);
  onScreenRef.current = onScreen;

  useEffect(() => {
    if (wanted === null || wanted === granted) return;
    return drawScheduler.request({
      draw: () => {
        const started = performance.now();
        flushSync(() => setGranted(wanted));
        performance.measure(`draw ${label}`, { start: started });
      },
      onScreen: () => onScreenRef.current(),
    });
  }, [wanted, granted, drawScheduler, label]);

  return granted;
}
