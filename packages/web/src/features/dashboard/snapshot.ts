import { saveBlob } from '../explore/exportChart.ts';

/**
 * Pictures of the page without a screenshot library: the element is cloned into an SVG
 * `foreignObject` with the page's style sheets, every canvas (ECharts, maps) replaced by its
 * pixels. The SVG is then drawn onto a canvas for a PNG; where the browser refuses (a tainted
 * canvas), the SVG itself is the download.
 */

function styleText(): string {
  const parts: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) parts.push(rule.cssText);
    } catch {
      // A cross-origin sheet cannot be read; its rules are simply missing from the picture.
    }
  }
  return parts.join('\n');
}

export function elementSvg(
  element: HTMLElement,
  background = '#ffffff',
): {
  svg: string;
  width: number;
  height: number;
} {
  const width = Math.max(1, Math.ceil(element.scrollWidth));
  const height = Math.max(1, Math.ceil(element.scrollHeight));
  const clone = element.cloneNode(true) as HTMLElement;
  const sources = Array.from(element.querySelectorAll('canvas'));
  Array.from(clone.querySelectorAll('canvas')).forEach((canvas, index) => {
    const source = sources[index];
    const img = document.createElement('img');
    try {
      img.src = source ? source.toDataURL('image/png') : '';
    } catch {
      img.alt = '';
    }
    img.width = source?.clientWidth ?? canvas.width;
    img.height = source?.clientHeight ?? canvas.height;
    img.setAttribute('style', canvas.getAttribute('style') ?? '');
    canvas.replaceWith(img);
  });
  clone.style.width = `${width}px`;
  clone.setAttribute('xmlns', 'http://www.w3.org/1999/xhtml');
  const html = new XMLSerializer().serializeToString(clone);
  const css = styleText().replaceAll(']]>', ']]]]><![CDATA[>');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<style><![CDATA[${css}]]></style>` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<foreignObject x="0" y="0" width="${width}" height="${height}">${html}</foreignObject></svg>`;
  return { svg, width, height };
}

function svgToPng(svg: string, width: number, height: number): Promise<Blob | null> {
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
      try {
        canvas.toBlob((blob) => resolve(blob), 'image/png');
      } catch {
        resolve(null);
      }
    };
    image.onerror = () => resolve(null);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** Downloads a picture of the element: PNG where the browser allows it, else SVG. */
export async function downloadElementImage(element: HTMLElement, fileBase: string): Promise<void> {
  const { svg, width, height } = elementSvg(element);
  const png = await svgToPng(svg, width, height);
  if (png) saveBlob(png, `${fileBase}.png`);
  else saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileBase}.svg`);
}
