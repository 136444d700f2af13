import type { ThemeMode } from '../../../app/themeSlice.ts';

/**
 * The chart-type gallery's thumbnails: one hand-drawn SVG per chart type, in
 * `viz/<viz_key>/thumbnail.svg`. The drawings name their colours by class only (c1-c4 the
 * series, a and g the axes and grid, m and t the muted panels and their text-like bars, ...);
 * this module adds the stylesheet of the light or dark theme and hands the result to an <img>
 * as a data URL (the page's CSP allows `img-src data:`; no markup of ours is parsed into the
 * page). It is imported lazily, so the drawings travel in a chunk of their own.
 */

const drawings = import.meta.glob<string>('../../../viz/*/thumbnail.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Drawings by viz key (the folder name). */
export const THUMBNAILS: ReadonlyMap<string, string> = new Map(
  Object.entries(drawings).map(([path, svg]) => [path.split('/').at(-2) ?? path, svg]),
);

const PALETTES = {
  light: {
    c1: '#2563eb',
    c2: '#93c5fd',
    c3: '#14b8a6',
    c4: '#f97316',
    axis: '#94a3b8',
    grid: '#d5dde7',
    muted: '#e2e8f0',
    text: '#94a3b8',
    ink: '#1e293b',
  },
  dark: {
    c1: '#4c8dff',
    c2: '#2f5fb3',
    c3: '#2dd4bf',
    c4: '#fb923c',
    axis: '#5b6676',
    grid: '#2a313c',
    muted: '#2a313c',
    text: '#5b6676',
    ink: '#e6edf3',
  },
} as const;

/** Behind a drawing, inside its tile. */
export const THUMBNAIL_BACKGROUND = { light: '#f8fafc', dark: '#0d1117' } as const;

const FONT = "font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-weight:700";

export function thumbnailStyle(mode: ThemeMode): string {
  const p = PALETTES[mode];
  const line = 'fill:none;stroke-linecap:round;stroke-linejoin:round';
  return [
    `.a,.a2{${line};stroke:${p.axis};stroke-width:1.5}`,
    `.g{${line};stroke:${p.grid};stroke-width:1}`,
    `.e{${line};stroke:${p.axis};stroke-width:1.2}`,
    `.b2{${line};stroke:#ffffff;stroke-width:2}`,
    `.s1,.s3{${line};stroke-width:2.5}.s1{stroke:${p.c1}}.s3{stroke:${p.c3}}`,
    `.k0{${line};stroke:${p.grid}}.k1{${line};stroke:${p.c1}}`,
    `.nd{${line};stroke:${p.ink};stroke-width:2.5}`,
    `.c1{fill:${p.c1}}.c2{fill:${p.c2}}.c3{fill:${p.c3}}.c4{fill:${p.c4}}`,
    `.m{fill:${p.muted}}.t{fill:${p.text}}.b{fill:#ffffff}`,
    `.n{fill:${p.ink};${FONT}}`,
    `.w1{fill:${p.c1};${FONT}}.w2{fill:${p.c3};${FONT}}.w3{fill:${p.c4};${FONT}}.w4{fill:${p.axis};${FONT}}`,
  ].join('');
}

const cache = new Map<string, string>();

/** The chart type's thumbnail as an image URL in the theme's colours; null for an unknown type. */
export function thumbnailSrc(vizType: string, mode: ThemeMode): string | null {
  const key = `${mode}:${vizType}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const svg = THUMBNAILS.get(vizType);
  if (!svg) return null;
  const styled = svg.replace(
    /<svg\b[^>]*>/,
    (open) => `${open}<style>${thumbnailStyle(mode)}</style>`,
  );
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(styled)}`;
  cache.set(key, src);
  return src;
}
