/**
 * Counts events per key within a fixed window (failed logins per account, login attempts per
 * address). Kept per process: several processes behind a balancer each count on their own, so
 * the budget an attacker gets grows with the process count but stays bounded.
 */
export class WindowCounter {
  private readonly entries = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** Beyond this many keys tracked, windows that ended are forgotten (then all, if needed). */
    private readonly maxTracked = 100_000,
  ) {}

  /** True when the key has used its budget in the current window (never with a limit of 0). */
  isSpent(key: string): boolean {
    if (this.limit <= 0) return false;
    const entry = this.current(key);
    return entry !== undefined && entry.count >= this.limit;
  }

  /** Seconds until the key's window ends (what a `Retry-After` header says). */
  secondsLeft(key: string): number {
    const entry = this.current(key);
    return entry ? Math.max(1, Math.ceil((entry.since + this.windowMs - this.now()) / 1000)) : 0;
  }

  record(key: string): void {
    if (this.limit <= 0) return;
    const entry = this.current(key);
    if (entry) {
      entry.count += 1;
      return;
    }
    if (this.entries.size >= this.maxTracked) this.forgetEnded();
    this.entries.set(key, { count: 1, since: this.now() });
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string) {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.since >= this.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private forgetEnded(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.since >= this.windowMs) this.entries.delete(key);
    }
    if (this.entries.size >= this.maxTracked) this.entries.clear();
  }
}

/**
 * Failed logins per account, whatever address they come from: the per-address budget alone lets
 * many addresses guess one password. Past the limit, the account refuses every login (even a
 * right one, so a guesser learns nothing) until the window ends.
 */
export class LoginThrottle {
  private readonly failures: WindowCounter;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.failures = new WindowCounter(limit, windowMs, now);
  }

  isLocked(username: string): boolean {
    return this.failures.isSpent(keyOf(username));
  }

  recordFailure(username: string): void {
    this.failures.record(keyOf(username));
  }

  /** A right password ends the account's count (the window does not outlive a success). */
  recordSuccess(username: string): void {
    this.failures.forget(keyOf(username));
  }
}

// A guesser varying the case of a user name must not get a fresh budget per spelling.
function keyOf(username: string): string {
  return username.toLowerCase();
}
