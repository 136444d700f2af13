import cloud from 'd3-cloud';
import type { CloudWord, WordRotation } from './transformProps.ts';

export interface PlacedWord extends CloudWord {
  x: number;
  y: number;
  rotate: number;
  /** Font size after fitting. */
  fontSize: number;
}

const FONT = 'Helvetica, Arial, sans-serif';
const PADDING = 2;
const ATTEMPTS = 6;
const SHRINK = 0.85;
/**
 * How much of its box a cloud's words cover once d3-cloud has placed them all, counting each
 * word as its text's box: a little over half for the spiral packing of words of mixed sizes.
 * The first attempt starts at the size that covers this much, so most clouds lay out once.
 */
const FILL = 0.55;

/** A seeded generator so the same data always lays out the same way (visual regression). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function angle(rotation: WordRotation, random: () => number): number {
  if (rotation === 'flat') return 0;
  if (rotation === 'square') return Math.floor(random() * 2) * 90;
  return Math.floor(random() * 6 - 3) * 30;
}

/** Where the layout put one word: `at` is the word's index in the words it was given. */
interface Placement {
  at: number;
  x: number;
  y: number;
  rotate: number;
  fontSize: number;
}

function layoutOnce(
  words: CloudWord[],
  size: [number, number],
  rotation: WordRotation,
  factor: number,
): Promise<Placement[]> {
  const random = seeded(42);
  // Only what the layout reads (d3-cloud writes its own fields onto these objects).
  const input = words.map((w, at) => ({
    at,
    text: w.text,
    fontSize: Math.max(1, Math.round(w.size * factor)),
  }));
  return new Promise((resolve) => {
    cloud<(typeof input)[number] & { x?: number; y?: number; rotate?: number }>()
      .size(size)
      .words(input)
      .padding(PADDING)
      .font(FONT)
      .fontWeight('bold')
      .fontSize((w) => w.fontSize)
      .rotate(() => angle(rotation, random))
      .random(random)
      .timeInterval(20)
      .on('end', (placed) =>
        resolve(
          placed.map((w) => ({
            at: w.at,
            x: w.x ?? 0,
            y: w.y ?? 0,
            rotate: w.rotate ?? 0,
            fontSize: w.fontSize,
          })),
        ),
      )
      .start();
  });
}

/** The width of `text` in the cloud's bold font at `fontSize` pixels. */
export type MeasureText = (text: string, fontSize: number) => number;

/**
 * The font scale to try first: the one at which the words' boxes (text width by font size, with
 * the layout's padding) cover `FILL` of the cloud's box, never above 1. Each attempt renders
 * every word and reads the pixels back, so starting near the scale that fits saves attempts.
 */
export function startingScale(
  words: readonly Pick<CloudWord, 'text' | 'size'>[],
  size: readonly [number, number],
  measure: MeasureText,
): number {
  const area = words.reduce(
    (sum, w) => sum + (measure(w.text, w.size) + 2 * PADDING) * (w.size + 2 * PADDING),
    0,
  );
  if (!(area > 0) || !(size[0] > 0 && size[1] > 0)) return 1;
  return Math.min(1, Math.sqrt((FILL * size[0] * size[1]) / area));
}

/** Measures with a canvas; where there is none (tests), estimates from the text's length. */
function canvasMeasure(): MeasureText {
  const context =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return (text, fontSize) => text.length * fontSize * 0.6;
  context.font = `bold 100px ${FONT}`;
  return (text, fontSize) => (context.measureText(text).width * fontSize) / 100;
}

/**
 * Lays the words out, shrinking all fonts until every word fits (a few attempts), as a cloud
 * that silently drops its biggest words would mislead.
 */
async function fitWords(
  words: CloudWord[],
  size: [number, number],
  rotation: WordRotation,
): Promise<Placement[]> {
  let factor = startingScale(words, size, canvasMeasure());
  let placed: Placement[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    placed = await layoutOnce(words, size, rotation, factor);
    if (placed.length >= words.length) break;
    factor *= SHRINK;
  }
  return placed;
}

/**
 * Layouts already computed, by what they depend on (box, rotation, each word's text and size).
 * The layout is seeded, so the same inputs always place the words the same way; computing it is
 * the costliest part of drawing a cloud (each attempt renders every word on a 2048x2048 canvas
 * and reads its pixels back), so a cloud drawn again (a dashboard reloaded in the same page, a
 * chart shown twice, a resize back to a size already drawn) reuses it. Pending layouts are
 * shared too, so two clouds of the same words drawing together lay out once.
 */
const layouts = new Map<string, Promise<Placement[]>>();
const MAX_LAYOUTS = 32;

function layoutKey(words: CloudWord[], size: [number, number], rotation: WordRotation): string {
  return JSON.stringify([size, rotation, words.map((w) => [w.text, w.size])]);
}

/** The words placed in the box: each with its position, rotation and fitted font size. */
export async function layoutWords(
  words: CloudWord[],
  size: [number, number],
  rotation: WordRotation,
): Promise<PlacedWord[]> {
  const key = layoutKey(words, size, rotation);
  let layout = layouts.get(key);
  if (!layout) {
    layout = fitWords(words, size, rotation);
    layouts.set(key, layout);
    // Oldest first in a Map's order: drop it once the cache is full.
    if (layouts.size > MAX_LAYOUTS) layouts.delete(layouts.keys().next().value as string);
  }
  const placements = await layout;
  return placements.flatMap(({ at, ...placement }) => {
    const word = words[at];
    return word ? [{ ...word, ...placement }] : [];
  });
}

export const CLOUD_FONT = FONT;
