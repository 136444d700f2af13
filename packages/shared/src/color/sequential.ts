import { mix, parseHex, toHex } from './colorMath.ts';
import { getSequentialScheme } from './schemes.ts';

/**
 * A linear scale from `domain` onto the scheme's colours, stops spread evenly; values outside
 * the domain take the end colours.
 */
export function getSequentialScale(
  scheme: string | null | undefined,
  domain: [number, number],
): (value: number) => string {
  const stops = getSequentialScheme(scheme).colors.map(parseHex);
  const [min, max] = domain;
  const last = stops.length - 1;
  return (value) => {
    const span = max - min;
    let t = span === 0 || !Number.isFinite(span) ? 0.5 : (value - min) / span;
    if (Number.isNaN(t)) t = 0;
    t = Math.min(1, Math.max(0, t));
    const position = t * last;
    const index = Math.min(last - 1, Math.floor(position));
    if (last === 0) return toHex(stops[0] ?? [0, 0, 0]);
    return toHex(mix(stops[index] ?? [0, 0, 0], stops[index + 1] ?? [0, 0, 0], position - index));
  };
}
