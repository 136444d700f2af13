import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Heap figures for in-process benchmarks. `npm run bench` starts node without --expose-gc, so
 * the flag is turned on here and `gc` taken from a fresh context: heap readings after a full
 * collection are what a result really retains, not what the collector has yet to free.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export function collectGarbage(): void {
  gc();
  gc();
}

export interface HeapFigures {
  /** Heap in use right after the work, before any collection: a floor of its peak. */
  afterBytes: number;
  /** Heap still in use after a full collection, with the result kept alive. */
  retainedBytes: number;
  /** Heap the V8 had reserved once the work was done (it grows to the peak, shrinks late). */
  committedBytes: number;
}

/** Runs `work` once and reports its heap use above what was in use before it started. */
export function heapOf<T>(work: () => T): { value: T; heap: HeapFigures } {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const committedBefore = getHeapStatistics().total_heap_size;
  const value = work();
  const after = process.memoryUsage().heapUsed;
  const committed = getHeapStatistics().total_heap_size;
  collectGarbage();
  const retained = process.memoryUsage().heapUsed;
  return {
    value,
    heap: {
      afterBytes: after - before,
      retainedBytes: retained - before,
      committedBytes: committed - committedBefore,
    },
  };
}
