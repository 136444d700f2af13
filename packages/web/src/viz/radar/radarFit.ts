import { wrapText } from '../common/textMeasure.ts';

/** ECharts' defaults for the indicator names, which the fit must agree with. */
export const AXIS_NAME_FONT_SIZE = 12;
export const AXIS_NAME_LINE_HEIGHT = 15;
const AXIS_NAME_GAP = 15;
/** Kept clear along the box's edges. */
const EDGE = 4;
const MIN_RADIUS = 10;

export interface RadarBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface RadarFit {
  radius: number;
  center: [number, number];
  /** Each indicator name as drawn: wrapped onto lines where it is too wide. */
  names: string[];
}

interface NameBox {
  cos: number;
  sin: number;
  width: number;
  height: number;
}

/** How far the drawing reaches left, right, up and down of the centre at a radius. */
function reach(names: NameBox[], radius: number) {
  let left = 0;
  let right = 0;
  let up = 0;
  let down = 0;
  const d = radius + AXIS_NAME_GAP;
  for (const { cos, sin, width, height } of names) {
    const x = d * cos;
    const y = d * sin;
    let x0: number;
    let x1: number;
    let y0: number;
    let y1: number;
    // ECharts centres a name over a vertical axis and puts it beside any other, on its side.
    if (Math.abs(cos) < 1e-3) {
      x0 = x - width / 2;
      x1 = x + width / 2;
      y0 = sin > 0 ? y : y - height;
      y1 = sin > 0 ? y + height : y;
    } else {
      x0 = cos > 0 ? x : x - width;
      x1 = cos > 0 ? x + width : x;
      y0 = y - height / 2;
      y1 = y + height / 2;
    }
    left = Math.max(left, -x0, -radius * cos);
    right = Math.max(right, x1, radius * cos);
    down = Math.max(down, -y0, -radius * sin);
    up = Math.max(up, y1, radius * sin);
  }
  return { left, right, up, down };
}

/**
 * The largest radar, and its centre, whose indicator names stay inside the box. Names wider
 * than a fifth of the box are wrapped (a single word only past a third of it), so that long
 * metric labels do not shrink the radar to nothing.
 */
export function fitRadar(labels: string[], box: RadarBox): RadarFit {
  const width = Math.max(0, box.width - 2 * EDGE);
  const height = Math.max(0, box.height - 2 * EDGE);
  const nameWidth = Math.max(48, Math.round(width * 0.2));
  const n = labels.length;
  // Indicators start at the top and go counter-clockwise (ECharts' startAngle 90).
  const names = labels.map((label, i) => {
    const angle = Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
    const text = wrapText(label, AXIS_NAME_FONT_SIZE, nameWidth, width / 3);
    return {
      cos: Math.cos(angle),
      sin: Math.sin(angle),
      width: text.width,
      height: text.lines.length * AXIS_NAME_LINE_HEIGHT,
      text: text.lines.join('\n'),
    };
  });
  const fits = (r: number) => {
    const { left, right, up, down } = reach(names, r);
    return left + right <= width && up + down <= height;
  };
  // The reach grows with the radius, so a bisection finds the largest that fits.
  let lo = MIN_RADIUS;
  let hi = Math.max(MIN_RADIUS, Math.min(width, height) / 2);
  if (fits(hi)) lo = hi;
  else {
    for (let i = 0; i < 24 && hi - lo > 0.5; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
  }
  const radius = Math.floor(lo);
  const { left, right, up, down } = reach(names, radius);
  // Centred on what is drawn (names included) rather than on the polygon alone.
  return {
    radius,
    center: [
      box.left + EDGE + (width - left - right) / 2 + left,
      box.top + EDGE + (height - up - down) / 2 + up,
    ],
    names: names.map((name) => name.text),
  };
}
