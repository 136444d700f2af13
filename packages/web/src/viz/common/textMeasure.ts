/**
 * A cheap text width for fitting charts to their box: one canvas `measureText` per string, no
 * layout. ECharts draws its text in this family unless an option names another.
 */
export const ECHARTS_FONT_FAMILY = 'sans-serif';

/** Average advance of a character in em, where no canvas can measure (jsdom in unit tests). */
const ESTIMATED_EM_PER_CHAR = 0.6;
/** Measured at a large size so rounding of glyph advances does not skew small sizes. */
const MEASURE_PX = 100;

let context: OffscreenCanvasRenderingContext2D | null | undefined;
let contextFont = '';

function measuringContext(): OffscreenCanvasRenderingContext2D | null {
  // An OffscreenCanvas needs no document and is absent from jsdom, which would only log a
  // "not implemented" error for a canvas element's context.
  if (context === undefined) {
    context =
      typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  }
  return context;
}

/** Width in px of `text` on one line at `fontSize` px. */
export function textWidth(
  text: string,
  fontSize: number,
  fontFamily: string = ECHARTS_FONT_FAMILY,
  fontWeight: number | 'normal' | 'bold' = 'normal',
): number {
  const ctx = measuringContext();
  if (!ctx) return text.length * fontSize * ESTIMATED_EM_PER_CHAR;
  const font = `${fontWeight} ${MEASURE_PX}px ${fontFamily}`;
  // Setting `font` parses it each time; most calls in a row share one font.
  if (font !== contextFont) {
    ctx.font = font;
    contextFont = font;
  }
  return (ctx.measureText(text).width * fontSize) / MEASURE_PX;
}

/**
 * `text` wrapped at spaces into lines no wider than `maxWidth`, and the widest line's width. A
 * word wider than that keeps a line of its own up to `maxWordWidth`, and only a longer one is
 * cut between characters. For text that cannot wrap itself, such as an ECharts axis name, which
 * is only ever truncated.
 */
export function wrapText(
  text: string,
  fontSize: number,
  maxWidth: number,
  maxWordWidth: number = maxWidth,
  fontFamily: string = ECHARTS_FONT_FAMILY,
): { lines: string[]; width: number } {
  const whole = textWidth(text, fontSize, fontFamily);
  if (whole <= maxWidth) return { lines: [text], width: whole };
  const measure = (s: string) => textWidth(s, fontSize, fontFamily);
  const lines: string[] = [];
  let line = '';
  const push = (next: string) => {
    if (line) lines.push(line);
    line = next;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined) <= maxWidth) {
      line = joined;
      continue;
    }
    push('');
    let rest = word;
    while (measure(rest) > Math.max(maxWidth, maxWordWidth) && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > Math.max(maxWidth, maxWordWidth)) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  push('');
  return { lines, width: Math.max(...lines.map(measure)) };
}
