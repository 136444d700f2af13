import { cpus, loadavg, totalmem } from 'node:os';

/**
 * The machine and how busy it was, printed next to the figures: on a shared 2-core machine the
 * load average (what `uptime` prints) explains more of the spread between runs than the code does.
 */
export function machineLine(): string {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  const memory = `${Math.round(totalmem() / 1024 ** 3)} GiB`;
  return `machine: ${cpus().length} cores, ${memory}, Node ${process.version}; load average ${one}, ${five}, ${fifteen}`;
}

/** Milliseconds with two decimals, the unit every figure here is printed in. */
export const ms = (value: number): string => `${value.toFixed(2)} ms`;

/** Megabytes with one decimal. */
export const mb = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
