import { SVGRenderer } from 'echarts/renderers';
import { echarts } from './echartsCore.ts';
import { textWidth } from './textMeasure.ts';

/**
 * Drawing tests: an ECharts option drawn for real (the SVG renderer needs no canvas, so it runs
 * in jsdom) at a tile's size, then read back as ECharts laid it out: the box of everything it
 * shows, in the chart's pixels. A label that is cut off has a box reaching past the chart.
 */

echarts.use([SVGRenderer]);
// jsdom has no canvas to measure text with: the same estimate the charts' own fitting uses.
echarts.setPlatformAPI({
  measureText: (text: string, font?: string) => ({
    width: textWidth(text, Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12)),
  }),
});

export interface DrawnBox {
  /** zrender's element type: `tspan` for a line of text, `path`, `rect`, ... */
  type: string;
  /** The text of a `tspan`, else empty. */
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface ZrElement {
  type?: string;
  style?: { text?: string; opacity?: number };
  invisible?: boolean;
  ignore?: boolean;
  getBoundingRect(): { clone(): ZrRect };
  getComputedTransform(): number[] | null;
}
interface ZrRect {
  x: number;
  y: number;
  width: number;
  height: number;
  applyTransform(m: number[] | null): void;
}

/** Draws `option` into a `width` x `height` chart and returns the boxes of what it shows. */
export function drawnBoxes(option: unknown, width: number, height: number): DrawnBox[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option as Parameters<typeof chart.setOption>[0]);
    const zr = chart.getZr() as unknown as {
      storage: { getDisplayList(update: boolean): ZrElement[] };
    };
    return zr.storage
      .getDisplayList(true)
      .filter((el) => !el.invisible && !el.ignore && (el.style?.opacity ?? 1) > 0)
      .map((el) => {
        const box = el.getBoundingRect().clone();
        box.applyTransform(el.getComputedTransform());
        return {
          type: el.type ?? '',
          text: el.type === 'tspan' ? (el.style?.text ?? '') : '',
          left: box.x,
          top: box.y,
          right: box.x + box.width,
          bottom: box.y + box.height,
        };
      });
  } finally {
    chart.dispose();
  }
}

/** The texts the chart shows, each line with its box. */
export function drawnTexts(option: unknown, width: number, height: number): DrawnBox[] {
  return drawnBoxes(option, width, height).filter((b) => b.type === 'tspan' && b.text !== '');
}

/** The boxes reaching past the chart's edges (by more than half a pixel of rounding). */
export function textsOutside(texts: DrawnBox[], width: number, height: number): DrawnBox[] {
  return texts.filter(
    (t) => t.left < -0.5 || t.top < -0.5 || t.right > width + 0.5 || t.bottom > height + 0.5,
  );
}

/** The smallest box holding all the given boxes. */
export function unionBox(boxes: DrawnBox[]) {
  return {
    left: Math.min(...boxes.map((b) => b.left)),
    top: Math.min(...boxes.map((b) => b.top)),
    right: Math.max(...boxes.map((b) => b.right)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
  };
}
