import { describe, expect, it } from 'vitest';
import { textWidth } from '../common/textMeasure.ts';
import { AXIS_NAME_FONT_SIZE, AXIS_NAME_LINE_HEIGHT, fitRadar, type RadarBox } from './radarFit.ts';

const labels = ['Miles per gallon', 'Horsepower', 'Acceleration', 'Cylinders', 'Weight (lbs)'];

/** Every name's box as ECharts places it (15 px beyond the tip of its axis). */
function nameBoxes(names: string[], radius: number, center: [number, number]) {
  return names.map((name, i) => {
    const lines = name.split('\n');
    const width = Math.max(...lines.map((l) => textWidth(l, AXIS_NAME_FONT_SIZE)));
    const height = lines.length * AXIS_NAME_LINE_HEIGHT;
    const angle = Math.PI / 2 + (2 * Math.PI * i) / names.length;
    const x = center[0] + (radius + 15) * Math.cos(angle);
    const y = center[1] - (radius + 15) * Math.sin(angle);
    if (Math.abs(Math.cos(angle)) < 1e-3) {
      const top = Math.sin(angle) > 0 ? y - height : y;
      return { left: x - width / 2, right: x + width / 2, top, bottom: top + height };
    }
    const left = Math.cos(angle) > 0 ? x : x - width;
    return { left, right: left + width, top: y - height / 2, bottom: y + height / 2 };
  });
}

describe('radar fit', () => {
  for (const box of [
    { left: 0, top: 32, width: 1280, height: 768 },
    { left: 0, top: 32, width: 420, height: 268 },
    { left: 0, top: 32, width: 330, height: 330 },
    { left: 160, top: 0, width: 140, height: 300 },
  ] satisfies RadarBox[]) {
    it(`keeps the polygon and every name inside a ${box.width} x ${box.height} box`, () => {
      const fit = fitRadar(labels, box);
      expect(fit.radius).toBeGreaterThanOrEqual(10);
      const [cx, cy] = fit.center;
      labels.forEach((_, i) => {
        const angle = Math.PI / 2 + (2 * Math.PI * i) / labels.length;
        const x = cx + fit.radius * Math.cos(angle);
        const y = cy - fit.radius * Math.sin(angle);
        expect(x).toBeGreaterThanOrEqual(box.left);
        expect(x).toBeLessThanOrEqual(box.left + box.width);
        expect(y).toBeGreaterThanOrEqual(box.top);
        expect(y).toBeLessThanOrEqual(box.top + box.height);
      });
      for (const b of nameBoxes(fit.names, fit.radius, fit.center)) {
        expect(b.left).toBeGreaterThanOrEqual(box.left - 0.5);
        expect(b.right).toBeLessThanOrEqual(box.left + box.width + 0.5);
        expect(b.top).toBeGreaterThanOrEqual(box.top - 0.5);
        expect(b.bottom).toBeLessThanOrEqual(box.top + box.height + 0.5);
      }
    });
  }

  it('wraps long names in a narrow box only, and keeps a short word whole', () => {
    const wide = fitRadar(labels, { left: 0, top: 0, width: 1280, height: 768 });
    expect(wide.names).toEqual(labels);
    const narrow = fitRadar(labels, { left: 0, top: 0, width: 330, height: 330 });
    expect(narrow.names[0]).toContain('\n');
    expect(narrow.names[2]).toBe('Acceleration');
    expect(narrow.names.map((n) => n.replace(/\n/g, ' '))).toEqual(labels);
  });

  it('gives the radar the room the names leave rather than a fixed share of the box', () => {
    const short = fitRadar(['a', 'b', 'c', 'd', 'e'], { left: 0, top: 0, width: 400, height: 400 });
    const long = fitRadar(labels, { left: 0, top: 0, width: 400, height: 400 });
    expect(short.radius).toBeGreaterThan(long.radius);
    expect(short.radius).toBeGreaterThan(150);
  });
});
