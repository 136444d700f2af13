/**
 * Freezes a value and everything inside it. Per-process memos share one object between many
 * requests: a caller changing it would change every later answer, so it must fail instead.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
