import type { GridData } from './types.ts';

/**
 * Filtering a large result without freezing the page: the scan reads the searched columns a
 * block of rows at a time (`GridData.textSlice` when the source has it: column-wise, no lookup per
 * cell), a slice at a time (`step` stops when its time budget is spent), keeping the matches in a
 * growing typed array so the grid can show what has matched so far.
 *
 * Rows are scanned in data order. With no view order the matches are the view's rows and grow as
 * the scan goes; with one (a sort) each matching row is marked in a bitmap and the marks are read
 * in view order when the scan ends.
 */
export interface FilterScan {
  /** Scans until `shouldYield()` says stop or the rows run out; true when finished. */
  step(shouldYield: () => boolean): boolean;
  /** View-ordered data rows matched so far. */
  matches(): Uint32Array;
  /** Rows scanned so far, out of `total`. */
  readonly scanned: number;
  readonly total: number;
  readonly done: boolean;
}

/** Rows read per block: a few milliseconds of work on a million-row result. */
const BLOCK = 2048;

function columnBlock(
  data: GridData,
  column: number,
  start: number,
  end: number,
): ArrayLike<string | null> {
  if (data.textSlice) return data.textSlice(column, start, end);
  const texts = new Array<string | null>(end - start);
  for (let row = start; row < end; row += 1) texts[row - start] = data.text(row, column);
  return texts;
}

/** Case-insensitive substring match of `needle` in the text of any of `columns`. */
export function createFilterScan(
  data: GridData,
  order: Uint32Array | null,
  needle: string,
  columns: readonly number[],
): FilterScan {
  const total = order ? order.length : data.numRows;
  const rows = order ? data.numRows : total;
  const wanted = needle.toLowerCase();
  // Digits, dates and punctuation have no case: skip lowercasing every cell for them.
  const caseless = wanted === needle.toUpperCase();
  // With a view order: the data rows that match, one byte each, read in view order at the end.
  const hits = order ? new Uint8Array(rows) : null;
  let buffer = new Uint32Array(Math.min(total, 4096) || 1);
  let count = 0;
  let position = 0;
  let finished = total === 0;
  const block = new Uint8Array(BLOCK);

  const push = (row: number) => {
    if (count === buffer.length) {
      const grown = new Uint32Array(Math.min(total, buffer.length * 2));
      grown.set(buffer);
      buffer = grown;
    }
    buffer[count] = row;
    count += 1;
  };

  /** Marks in `block` the rows of start..end-1 with a match in any column. */
  const scanBlock = (start: number, end: number) => {
    const size = end - start;
    block.fill(0, 0, size);
    for (const column of columns) {
      const texts = columnBlock(data, column, start, end);
      for (let i = 0; i < size; i += 1) {
        if (block[i]) continue;
        const text = texts[i];
        if (text === null) continue;
        if ((caseless ? text : text.toLowerCase()).includes(wanted)) block[i] = 1;
      }
    }
    for (let i = 0; i < size; i += 1) {
      if (!block[i]) continue;
      if (hits) hits[start + i] = 1;
      else push(start + i);
    }
  };

  return {
    get scanned() {
      if (finished) return total;
      return order ? Math.min(total, Math.floor((position / (rows || 1)) * total)) : position;
    },
    total,
    get done() {
      return finished;
    },
    step(shouldYield) {
      if (finished) return true;
      while (position < rows) {
        const end = Math.min(rows, position + BLOCK);
        scanBlock(position, end);
        position = end;
        if (position < rows && shouldYield()) return false;
      }
      if (order && hits) {
        for (let i = 0; i < order.length; i += 1) if (hits[order[i]]) push(order[i]);
      }
      finished = true;
      return true;
    },
    matches: () => buffer.subarray(0, count),
  };
}

/** The whole scan at once (tests, small data). */
export function filterRows(
  data: GridData,
  order: Uint32Array | null,
  needle: string,
  columns: readonly number[],
): Uint32Array {
  const scan = createFilterScan(data, order, needle, columns);
  scan.step(() => false);
  return scan.matches();
}
