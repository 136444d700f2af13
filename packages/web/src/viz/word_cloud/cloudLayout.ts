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

function layoutOnce(
  words: CloudWord[],
  size: [number, number],
  rotation: WordRotation,
  factor: number,
): Promise<PlacedWord[]> {
  const random = seeded(42);
  const input = words.map((w) => ({ ...w, fontSize: Math.max(1, Math.round(w.size * factor)) }));
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
        resolve(placed.map((w) => ({ ...w, x: w.x ?? 0, y: w.y ?? 0, rotate: w.rotate ?? 0 }))),
      )
      .start();
  });
}

/**
 * Lays the words out, shrinking all fonts until every word fits (a few attempts), as a cloud
 * that silently drops its biggest words would mislead.
 */
export async function layoutWords(
  words: CloudWord[],
  size: [number, number],
  rotation: WordRotation,
): Promise<PlacedWord[]> {
  let factor = 1;
  let placed: PlacedWord[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    placed = await layoutOnce(words, size, rotation, factor);
    if (placed.length >= words.length) break;
    factor *= SHRINK;
  }
  return placed;
}

export const CLOUD_FONT = FONT;
