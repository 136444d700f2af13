import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './browser.ts';
import { REPO_ROOT } from './server.ts';

/** Committed reference screenshots of the visual-regression journeys. */
export const BASELINE_DIR = path.join(REPO_ROOT, 'e2e/baselines');

export interface VisualResult {
  /**
   * `missing` when there is no baseline: the check fails (a new chart type must come with its
   * picture, written on purpose with TESSERA_UPDATE_BASELINES=1 and looked at before committing).
   */
  outcome: 'matched' | 'missing' | 'updated' | 'differs';
  /** Share of pixels whose colour moved by more than the per-channel threshold. */
  differingRatio: number;
  baseline: string;
}

/**
 * Compares a PNG with its committed baseline, pixel by pixel, inside Chromium (its image decoder
 * and canvas do the work, so no image library is needed). A pixel differs when one channel moves
 * by more than 40 of 255; the check passes while at most `tolerance` of the pixels differ, which
 * absorbs anti-aliasing noise but not a missing series, axis or legend.
 * `TESSERA_UPDATE_BASELINES=1` rewrites the baselines.
 */
export async function compareWithBaseline(
  page: Page,
  name: string,
  actual: Buffer,
  tolerance = 0.02,
): Promise<VisualResult> {
  mkdirSync(BASELINE_DIR, { recursive: true });
  const baseline = path.join(BASELINE_DIR, `${name}.png`);
  if (process.env.TESSERA_UPDATE_BASELINES === '1') {
    writeFileSync(baseline, actual);
    return { outcome: 'updated', differingRatio: 0, baseline };
  }
  if (!existsSync(baseline)) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, `${name}.actual.png`), actual);
    return { outcome: 'missing', differingRatio: 1, baseline };
  }
  const expected = readFileSync(baseline);
  const differingRatio = await page.evaluate(
    async ([a, b]) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        return createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      };
      const [left, right] = await Promise.all([decode(a), decode(b)]);
      if (left.width !== right.width || left.height !== right.height) return 1;
      const pixels = (image: ImageBitmap) => {
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2d canvas');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const p = pixels(left);
      const q = pixels(right);
      let differing = 0;
      for (let i = 0; i < p.length; i += 4) {
        if (
          Math.abs((p[i] ?? 0) - (q[i] ?? 0)) > 40 ||
          Math.abs((p[i + 1] ?? 0) - (q[i + 1] ?? 0)) > 40 ||
          Math.abs((p[i + 2] ?? 0) - (q[i + 2] ?? 0)) > 40
        )
          differing += 1;
      }
      return differing / (p.length / 4);
    },
    [actual.toString('base64'), expected.toString('base64')] as const,
  );
  if (differingRatio > tolerance) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, `${name}.actual.png`), actual);
    return { outcome: 'differs', differingRatio, baseline };
  }
  return { outcome: 'matched', differingRatio, baseline };
}

/**
 * A screenshot of `target` once it has stopped changing: two pictures taken `intervalMs` apart
 * are the same (entry animations and layouts such as the word cloud's have settled).
 */
export async function settledScreenshot(
  target: Locator,
  { intervalMs = 250, timeoutMs = 15_000 } = {},
): Promise<Buffer> {
  const deadline = Date.now() + timeoutMs;
  let previous = await target.screenshot();
  for (;;) {
    await target.page().waitForTimeout(intervalMs);
    const next = await target.screenshot();
    if (next.equals(previous) || Date.now() > deadline) return next;
    previous = next;
  }
}
