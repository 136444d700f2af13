import { pictureSourcesIn } from '../../viz/common/pictureSources.ts';
import { saveBlob } from '../explore/exportChart.ts';

/**
 * Pictures of the page without a screenshot library: the element is cloned into an SVG
 * `foreignObject` with the page's style rules that may apply to it, every canvas (ECharts)
 * replaced by its pixels and every registered picture source (WebGL maps) by a frame it drew
 * for the picture. The SVG is then drawn onto a canvas for a PNG; where the browser refuses (a
 * tainted canvas), the SVG itself is the download.
 */

/** Inherited properties the picture's root takes from the page around the element. */
const INHERITED = ['font-family', 'font-size', 'line-height', 'color'];

/** Class names in a selector, leaving out attribute values (`[href$=".pdf"]`). */
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;
const ATTRIBUTE = /\[[^\]]*\]/g;
const NEGATION = /:not\([^)]*\)/g;
const LIST_INSIDE = /:(is|where|has|matches|any)\([^)]*,/;
/** States and pseudo-elements a static picture has no element for: tested without them. */
const DYNAMIC_PARTS =
  /::?(before|after|placeholder|selection|marker|first-line|first-letter|backdrop|-webkit-[\w-]+|-moz-[\w-]+)|:(hover|focus-visible|focus-within|focus|active|visited)/g;

/** The element, everything in it and above it: what a rule must match to show in its picture. */
interface Scope {
  root: Element;
  ancestors: Element[];
  classes: Set<string>;
}

function scopeOf(root: Element): Scope {
  const ancestors: Element[] = [];
  for (let node = root.parentElement; node; node = node.parentElement) ancestors.push(node);
  const classes = new Set<string>();
  for (const element of [root, ...ancestors, ...Array.from(root.querySelectorAll('[class]'))]) {
    for (const name of Array.from(element.classList)) classes.add(name);
  }
  return { root, ancestors, classes };
}

/** The alternatives of a selector list: split at commas outside brackets and parentheses. */
export function selectorAlternatives(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts.filter(Boolean);
}

/** Whether one complex selector may apply within the scope (in doubt, it may). */
function alternativeMayApply(selector: string, scope: Scope): boolean {
  // A class it requires but nothing in the scope has: no match. Classes inside `:not()` are not
  // required, nor those of a list inside `:is()` or `:where()` (one of them is enough).
  const required = selector.replace(NEGATION, '').replace(ATTRIBUTE, '');
  if (!LIST_INSIDE.test(required)) {
    const names = Array.from(required.matchAll(CLASS_NAME), (m) => m[1]);
    if (names.some((name) => !scope.classes.has(name as string))) return false;
  }
  const testable = selector.replace(DYNAMIC_PARTS, '');
  try {
    return (
      scope.root.matches(testable) ||
      scope.root.querySelector(testable) !== null ||
      scope.ancestors.some((element) => element.matches(testable))
    );
  } catch {
    return true;
  }
}

/** Whether a style rule's selector list may apply within the scope. */
function mayApply(selectorText: string, scope: Scope): boolean {
  return selectorAlternatives(selectorText).some((selector) =>
    alternativeMayApply(selector, scope),
  );
}

/** A rule's text if it may style the scope; grouping rules keep only such inner rules. */
function ruleText(rule: CSSRule, scope: Scope): string | null {
  if (rule instanceof CSSStyleRule) return mayApply(rule.selectorText, scope) ? rule.cssText : null;
  const inner = (rule as CSSRule & { cssRules?: CSSRuleList }).cssRules;
  const prelude = rule.cssText.slice(0, Math.max(0, rule.cssText.indexOf('{')));
  // @media, @supports, @layer and @container blocks: their matching rules, under the same prelude.
  if (inner && !/keyframes/i.test(prelude)) {
    const kept = Array.from(inner).flatMap((child) => ruleText(child, scope) ?? []);
    if (kept.length === 0) return null;
    return `${prelude}{\n${kept.join('\n')}\n}`;
  }
  // Keyframes, font faces, custom properties and the like are kept whole.
  return rule.cssText;
}

/**
 * The page's style rules that may apply to the element (matched on it, inside it or above it):
 * antd's whole stylesheet is about a megabyte, of which a picture needs a small part.
 */
function styleText(element: Element): string {
  const scope = scopeOf(element);
  const parts: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) {
        const text = ruleText(rule, scope);
        if (text !== null) parts.push(text);
      }
    } catch {
      // A cross-origin sheet cannot be read; its rules are simply missing from the picture.
    }
  }
  return parts.join('\n');
}

export interface PictureOptions {
  /** Selectors of what the picture leaves out: controls that make sense only on screen. */
  omit?: readonly string[];
  /** Room around the element, so what sticks out of it (negative margins) is not cut. */
  padding?: number;
  /** Defaults to the colour the page shows behind the element. */
  background?: string;
  /** Pictures of registered sources (`capturePictureSources`), drawn in place of their content. */
  drawings?: ReadonlyMap<Element, string>;
}

/** The colour the page paints behind the element: the first opaque background above it. */
export function backgroundBehind(element: Element): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (color && color !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return '#ffffff';
}

function imageLike(source: Element, src: string): HTMLImageElement {
  const img = document.createElement('img');
  img.src = src;
  img.width = source.clientWidth;
  img.height = source.clientHeight;
  return img;
}

/**
 * Copies of the element's ancestors below `body`, outermost first, each holding the next: only
 * their tag, class and id, and `display: contents`, so rules that reach the element through them
 * (antd's `.ant-app *` sizing, a theme class) apply in the picture while their boxes do not.
 * Their other attributes stay out (the app root carries the session's bootstrap data).
 */
function ancestorShells(element: Element): { outer: Element; inner: Element } | null {
  let outer: Element | null = null;
  let inner: Element | null = null;
  for (
    let node = element.parentElement;
    node && node !== document.body;
    node = node.parentElement
  ) {
    const shell = document.createElement(node.localName);
    if (node.id) shell.id = node.id;
    const className = node.getAttribute('class');
    if (className) shell.setAttribute('class', className);
    shell.setAttribute('style', 'display: contents');
    if (outer) shell.append(outer);
    else inner = shell;
    outer = shell;
  }
  return outer && inner ? { outer, inner } : null;
}

export function elementSvg(
  element: HTMLElement,
  options: PictureOptions = {},
): {
  svg: string;
  width: number;
  height: number;
} {
  const padding = options.padding ?? 0;
  // Laid out at the width it has on the page (not its scroll width, which counts what sticks out
  // on the right and would widen every percentage inside); what sticks out lands in the padding.
  const layoutWidth = Math.max(1, element.getBoundingClientRect().width);
  const contentWidth = Math.ceil(layoutWidth);
  const contentHeight = Math.max(1, Math.ceil(element.scrollHeight));
  const width = contentWidth + 2 * padding;
  const height = contentHeight + 2 * padding;
  const clone = element.cloneNode(true) as HTMLElement;
  // A deep clone lists its elements in the same order as the original: index i is the copy of i.
  const originals = Array.from(element.querySelectorAll('*'));
  const copies = Array.from(clone.querySelectorAll('*'));
  const drawn: Element[] = [];
  for (const [source, src] of options.drawings ?? []) {
    const copy = copies[originals.indexOf(source)];
    if (!copy) continue;
    const img = imageLike(source, src);
    img.setAttribute('style', 'display: block');
    copy.replaceChildren(img);
    drawn.push(source);
  }
  originals.forEach((source, index) => {
    if (!(source instanceof HTMLCanvasElement)) return;
    if (drawn.some((container) => container.contains(source))) return;
    const canvas = copies[index];
    if (!canvas) return;
    let src = '';
    try {
      src = source.toDataURL('image/png');
    } catch {
      // A tainted canvas: an empty image in its place.
    }
    const img = imageLike(source, src);
    img.setAttribute('style', canvas.getAttribute('style') ?? '');
    canvas.replaceWith(img);
  });
  if (options.omit?.length) {
    for (const omitted of Array.from(clone.querySelectorAll(options.omit.join(',')))) {
      omitted.remove();
    }
  }
  clone.style.boxSizing = 'border-box';
  clone.style.width = `${layoutWidth}px`;
  clone.style.margin = '0';
  // What the element inherits from the page (the app's font above all): the picture has no page.
  const inherited = getComputedStyle(element);
  for (const property of INHERITED) {
    if (!clone.style.getPropertyValue(property)) {
      clone.style.setProperty(property, inherited.getPropertyValue(property));
    }
  }
  const frame = document.createElement('div');
  frame.setAttribute('xmlns', 'http://www.w3.org/1999/xhtml');
  frame.setAttribute(
    'style',
    `box-sizing: content-box; padding: ${padding}px; width: ${contentWidth}px`,
  );
  const shells = ancestorShells(element);
  if (shells) {
    shells.inner.append(clone);
    frame.append(shells.outer);
  } else {
    frame.append(clone);
  }
  const html = new XMLSerializer().serializeToString(frame);
  const css = styleText(element).replaceAll(']]>', ']]]]><![CDATA[>');
  const background = options.background ?? backgroundBehind(element);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<style><![CDATA[${css}]]></style>` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<foreignObject x="0" y="0" width="${width}" height="${height}">${html}</foreignObject></svg>`;
  return { svg, width, height };
}

/** How long one picture source may take to draw before the picture goes without it. */
export const PICTURE_SOURCE_TIMEOUT_MS = 10_000;

/** Pictures of the registered sources inside the element (maps), each drawn just now. */
export async function capturePictureSources(
  element: Element,
  timeoutMs = PICTURE_SOURCE_TIMEOUT_MS,
): Promise<Map<Element, string>> {
  const drawings = new Map<Element, string>();
  await Promise.all(
    pictureSourcesIn(element).map(async ([source, capture]) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      const src = await Promise.race([capture().catch(() => null), late]);
      clearTimeout(timer);
      if (src) drawings.set(source, src);
    }),
  );
  return drawings;
}

/** The SVG drawn onto a canvas at the screen's pixel ratio; null where the browser refuses. */
function svgToCanvas(
  svg: string,
  width: number,
  height: number,
): Promise<HTMLCanvasElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      const ratio = globalThis.devicePixelRatio || 1;
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      const context = canvas.getContext('2d');
      if (!context) return resolve(null);
      context.scale(ratio, ratio);
      context.drawImage(image, 0, 0);
      resolve(canvas);
    };
    image.onerror = () => resolve(null);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** A canvas's pixels in a format; null for a tainted canvas. */
export function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number) {
  return new Promise<Blob | null>((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), type, quality);
    } catch {
      resolve(null);
    }
  });
}

/**
 * The element drawn onto a canvas (see `elementSvg`), with `scale`: canvas pixels per CSS pixel
 * of the picture, whose origin is the element's top left corner less the padding.
 */
export async function elementCanvas(
  element: HTMLElement,
  options: PictureOptions = {},
): Promise<{ canvas: HTMLCanvasElement; svg: string; scale: number } | null> {
  const drawings = options.drawings ?? (await capturePictureSources(element));
  const { svg, width, height } = elementSvg(element, { ...options, drawings });
  const canvas = await svgToCanvas(svg, width, height);
  return canvas ? { canvas, svg, scale: canvas.width / width } : null;
}

/** Downloads a picture of the element: PNG where the browser allows it, else SVG. */
export async function downloadElementImage(
  element: HTMLElement,
  fileBase: string,
  options: PictureOptions = {},
): Promise<void> {
  const drawn = await elementCanvas(element, options);
  const png = drawn ? await canvasBlob(drawn.canvas, 'image/png') : null;
  if (png) saveBlob(png, `${fileBase}.png`);
  else {
    const { svg } = drawn ?? elementSvg(element, options);
    saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileBase}.svg`);
  }
}
