/**
 * Runs long work in slices of a few milliseconds between frames, so scrolling and typing stay
 * smooth while a million rows are sorted or filtered. `step` does some work and answers true when
 * finished; it must stop when `shouldYield()` says so.
 */
export interface SlicedTask {
  cancel(): void;
}

const SLICE_MS = 12;

export function runSliced(
  step: (shouldYield: () => boolean) => boolean,
  onSlice?: () => void,
  onDone?: () => void,
): SlicedTask {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    const deadline = performance.now() + SLICE_MS;
    const finished = step(() => performance.now() >= deadline);
    if (cancelled) return;
    if (finished) {
      onDone?.();
      return;
    }
    onSlice?.();
    timer = setTimeout(run, 0);
  };
  timer = setTimeout(run, 0);
  return {
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}

/** A generator as a sliced step: advances it until the budget is spent. */
export function generatorStep<T>(
  task: Generator<unknown, T>,
  onResult: (value: T) => void,
): (shouldYield: () => boolean) => boolean {
  return (shouldYield) => {
    for (;;) {
      const next = task.next();
      if (next.done) {
        onResult(next.value);
        return true;
      }
      if (shouldYield()) return false;
    }
  };
}
