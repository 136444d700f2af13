import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of another process, from /proc (Linux). On a busy shared machine the requests a
 * server answers per second say more about the other jobs than about the server; the CPU time it
 * spends per request does not, and 1000 / (CPU ms per request) is what one core could answer.
 */

/** The pid of the `tessera serve --port <port>` child started by `startServer`. */
export function serverPid(port: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('--port');
      if (args.includes('serve') && at >= 0 && args[at + 1] === String(port)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

// USER_HZ: the unit of utime/stime in /proc/<pid>/stat, 100 on every Linux Node supports.
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds the process (all its threads) has used so far. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: fields are counted after its closing paren.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
