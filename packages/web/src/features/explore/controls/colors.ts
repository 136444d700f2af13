/** Superset stores picked colours as `{r, g, b, a}`; some saved charts hold a hex string. */
export interface RgbaColor {
  r: number;
  g: number;
  b: number;
  a: number;
}

export function toRgba(
  value: unknown,
  fallback: RgbaColor = { r: 0, g: 0, b: 0, a: 1 },
): RgbaColor {
  if (value && typeof value === 'object' && 'r' in value) {
    const c = value as Partial<RgbaColor>;
    return { r: c.r ?? 0, g: c.g ?? 0, b: c.b ?? 0, a: c.a ?? 1 };
  }
  if (typeof value === 'string') {
    const m = /^#?([0-9a-f]{6})$/i.exec(value.trim());
    if (m) {
      const n = Number.parseInt(m[1] as string, 16);
      return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a: 1 };
    }
  }
  return fallback;
}

export function rgbaToHex({ r, g, b }: RgbaColor): string {
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

export function rgbaToCss({ r, g, b, a }: RgbaColor): string {
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}
