/**
 * Duration text for the DURATION number formats: milliseconds to `1h 2m 3s`, optionally with
 * sub-millisecond parts (`1ms 400µs 80ns`) or as a clock (`1:02:03.5`).
 */
const UNITS: Array<[suffix: string, ms: number]> = [
  ['y', 365 * 24 * 3600 * 1000],
  ['d', 24 * 3600 * 1000],
  ['h', 3600 * 1000],
  ['m', 60 * 1000],
  ['s', 1000],
];

/** Rounds away floating-point noise such as 1.40008 - 1 = 0.40008000000000005. */
const clean = (value: number) => Math.round(value * 1e6) / 1e6;

export function formatDuration(ms: number, options: { subMilliseconds?: boolean } = {}): string {
  if (!Number.isFinite(ms)) return String(ms);
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  const parts: string[] = [];
  for (const [suffix, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count}${suffix}`);
    rest = clean(rest - count * size);
  }
  if (options.subMilliseconds) {
    const whole = Math.floor(rest);
    const micro = Math.floor(clean((rest - whole) * 1000));
    const nano = Math.round(clean(((rest - whole) * 1000 - micro) * 1000));
    if (whole > 0) parts.push(`${whole}ms`);
    if (micro > 0) parts.push(`${micro}µs`);
    if (nano > 0) parts.push(`${nano}ns`);
  } else if (parts.length === 0 && rest > 0) {
    // From a second up milliseconds are noise; below a second they are all there is.
    parts.push(`${Math.round(rest)}ms`);
  }
  if (parts.length === 0) return '0ms';
  return sign + parts.join(' ');
}

/** `m:ss(.f)` or `h:mm:ss(.f)`, the DURATION_COL format. */
export function formatDurationColon(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  const sign = ms < 0 ? '-' : '';
  const total = Math.abs(ms) / 1000;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = clean(total % 60);
  const secondsText = `${seconds < 10 ? '0' : ''}${seconds}`;
  return hours > 0
    ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${secondsText}`
    : `${sign}${minutes}:${secondsText}`;
}
