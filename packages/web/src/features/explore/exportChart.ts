import type { QueryContext } from '@tessera/shared/api/chartData';
import { getQueryBuilder } from '@tessera/shared/viz/queryBuilders';
import type { QueryFormData } from '@tessera/shared/viz/types';

/** Downloads and exports of the chart Explore shows: data files, the picture, links. */

export function buildExportQuery(
  formData: QueryFormData,
  options: Pick<QueryContext, 'result_type' | 'result_format'>,
): QueryContext {
  const buildQuery = getQueryBuilder(formData.viz_type);
  if (!buildQuery) throw new Error(`Unknown chart type: ${formData.viz_type}`);
  return buildQuery(formData, {
    resultType: options.result_type ?? 'full',
    resultFormat: options.result_format ?? 'json',
  });
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The chart area as a PNG: every canvas the chart drew (ECharts, maps) composed at its place on
 * a white background. Null when the chart drew no canvas (an HTML table).
 */
export function chartImage(area: HTMLElement, background = '#ffffff'): string | null {
  const canvases = Array.from(area.querySelectorAll('canvas'));
  if (canvases.length === 0) return null;
  const box = area.getBoundingClientRect();
  const ratio = globalThis.devicePixelRatio || 1;
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(box.width * ratio));
  out.height = Math.max(1, Math.round(box.height * ratio));
  const context = out.getContext('2d');
  if (!context) return null;
  context.fillStyle = background;
  context.fillRect(0, 0, out.width, out.height);
  for (const canvas of canvases) {
    const rect = canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    context.drawImage(
      canvas,
      (rect.left - box.left) * ratio,
      (rect.top - box.top) * ratio,
      rect.width * ratio,
      rect.height * ratio,
    );
  }
  return out.toDataURL('image/png');
}

export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** A file name from the chart's name: letters, digits, dashes. */
export function exportFileName(sliceName: string, extension: string, now = new Date()): string {
  const base =
    sliceName
      .trim()
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'chart';
  return `${base}-${now.toISOString().slice(0, 19).replaceAll(':', '')}.${extension}`;
}

/** A mailto link sharing the chart's permalink. */
export function shareByEmailHref(sliceName: string, url: string): string {
  const subject = encodeURIComponent(`Tessera chart: ${sliceName || 'Untitled chart'}`);
  const body = encodeURIComponent(`Check out this chart: ${url}`);
  return `mailto:?subject=${subject}&body=${body}`;
}

/** The absolute address of a permalink answer (the server may answer a path). */
export function absoluteUrl(url: string, origin = globalThis.location?.origin ?? ''): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}
