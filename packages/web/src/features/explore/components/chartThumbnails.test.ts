import { CHART_DEFINITIONS } from '@tessera/shared/viz/registry';
import { describe, expect, it } from 'vitest';
import { THUMBNAILS, thumbnailSrc, thumbnailStyle } from './chartThumbnails.ts';

function decoded(src: string): string {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  expect(src.startsWith(prefix)).toBe(true);
  return decodeURIComponent(src.slice(prefix.length));
}

describe('chart type thumbnails', () => {
  it('draws every chart type of the registry, and nothing else', () => {
    const keys = CHART_DEFINITIONS.map((d) => d.metadata.key).sort();
    expect([...THUMBNAILS.keys()].sort()).toEqual(keys);
  });

  it('are small, hand-made SVG drawings on one 3:2 canvas, with nothing active in them', () => {
    for (const [key, svg] of THUMBNAILS) {
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      expect(doc.querySelector('parsererror'), key).toBeNull();
      const root = doc.documentElement;
      expect(root.tagName, key).toBe('svg');
      expect(root.getAttribute('viewBox'), key).toBe('0 0 120 80');
      // Light enough to ship all of them in one lazy chunk.
      expect(svg.length, key).toBeLessThan(3000);
      // No script, no embedded HTML, no references out of the drawing, no inline style.
      expect(doc.querySelectorAll('script, foreignObject, image, use, a, style').length, key).toBe(
        0,
      );
      for (const element of Array.from(doc.querySelectorAll('*'))) {
        for (const attribute of Array.from(element.attributes)) {
          expect(attribute.name, key).not.toMatch(/^(on|href|xlink:href|style$)/);
        }
      }
    }
  });

  it('colours every drawing from the theme: each class it uses has a rule', () => {
    const style = thumbnailStyle('light');
    const used = new Set<string>();
    for (const svg of THUMBNAILS.values()) {
      for (const [, names = ''] of svg.matchAll(/class="([^"]+)"/g)) {
        for (const name of names.split(/\s+/)) used.add(name);
      }
    }
    for (const name of used) expect(style, name).toMatch(new RegExp(`\\.${name}[,{]`));
    // No colour written into a drawing itself: the theme decides them all.
    for (const [key, svg] of THUMBNAILS) expect(svg, key).not.toMatch(/#[0-9a-f]{3,6}\b/i);
  });

  it('gives the dark theme its own colours', () => {
    const light = decoded(thumbnailSrc('echarts_timeseries_line', 'light') ?? '');
    const dark = decoded(thumbnailSrc('echarts_timeseries_line', 'dark') ?? '');
    expect(light).toContain('<style>');
    expect(light).toContain('.s1{stroke:#2563eb}');
    expect(dark).toContain('.s1{stroke:#4c8dff}');
    // Axes that read on a dark tile, not the light theme's pale grey.
    expect(dark).not.toContain('#e2e8f0');
    expect(thumbnailSrc('no_such_chart', 'light')).toBeNull();
  });
});
