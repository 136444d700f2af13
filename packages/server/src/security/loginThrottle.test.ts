import { describe, expect, it } from 'vitest';
import { LoginThrottle, WindowCounter } from './loginThrottle.ts';

describe('login budgets', () => {
  it('a window counter spends its budget, says how long is left, and starts over', () => {
    let now = 0;
    const counter = new WindowCounter(2, 60_000, () => now);
    counter.record('1.2.3.4');
    expect(counter.isSpent('1.2.3.4')).toBe(false);
    counter.record('1.2.3.4');
    expect(counter.isSpent('1.2.3.4')).toBe(true);
    expect(counter.isSpent('5.6.7.8')).toBe(false);
    now = 45_000;
    expect(counter.secondsLeft('1.2.3.4')).toBe(15);
    now = 60_000;
    expect(counter.isSpent('1.2.3.4')).toBe(false);
  });

  it('forgets ended windows when it tracks too many keys', () => {
    let now = 0;
    const counter = new WindowCounter(1, 1000, () => now, 3);
    for (const key of ['a', 'b', 'c']) counter.record(key);
    now = 2000;
    counter.record('d');
    expect(counter.isSpent('d')).toBe(true);
    expect(counter.isSpent('a')).toBe(false);
  });

  it('an account throttle ignores the case of the name and ends with a success', () => {
    const throttle = new LoginThrottle(2, 60_000);
    throttle.recordFailure('Alice');
    throttle.recordFailure('ALICE');
    expect(throttle.isLocked('alice')).toBe(true);
    throttle.recordSuccess('alice');
    expect(throttle.isLocked('Alice')).toBe(false);
    expect(new LoginThrottle(0, 60_000).isLocked('anyone')).toBe(false);
  });
});
