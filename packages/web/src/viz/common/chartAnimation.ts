import { createContext, useContext } from 'react';

/**
 * Whether charts animate their first draw. A dashboard turns it off: dozens of charts animating
 * at once redraw every frame for a second each, which delays the charts still to be drawn.
 */
export const ChartAnimationContext = createContext(true);

export const useChartAnimation = () => useContext(ChartAnimationContext);
