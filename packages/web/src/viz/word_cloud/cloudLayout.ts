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
const ATTEMPTS = 5;
const SHRINK = 0.8;

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
      .padding(2)
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

/**
 * Lays the words out, shrinking all fonts until every word fits (a few attempts), as a cloud
 * that silently drops its biggest words would mislead.
 */
async function fitWords(
  words: CloudWord[],
  size: [number, number],
  rotation: WordRotation,
): Promise<Placement[]> {
  let factor = 1;
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
