import { MAX_EVENTS_PER_BATCH } from '@tessera/shared/api/logs';
import { describe, expect, it } from 'vitest';
import { type LogEvent, logEvent } from '../../app/eventLogger.ts';
import { createEventLogSender, FLUSH_DELAY_MS, type SenderDeps } from './eventLogSender.ts';

function fakeDeps(overrides: Partial<SenderDeps> = {}) {
  const posted: LogEvent[][] = [];
  const beaconed: LogEvent[][] = [];
  const timers: Array<{ run: () => void; delayMs: number }> = [];
  const deps: SenderDeps = {
    post: async (events) => {
      posted.push(events);
    },
    beacon: (events) => {
      beaconed.push(events);
      return true;
    },
    signedIn: () => true,
    schedule: (run, delayMs) => timers.push({ run, delayMs }),
    ...overrides,
  };
  return { deps, posted, beaconed, timers };
}

const event = (name: string) => logEvent(name, { pathname: '/dashboard/3/', sourceId: 3 });

describe('the event log sender', () => {
  it('sends events in one batch a second after the first, not one request each', () => {
    const { deps, posted, timers } = fakeDeps();
    const sender = createEventLogSender(deps);
    sender.append(event('mount_dashboard'));
    sender.append(event('change_dashboard_tab'));
    expect(posted).toEqual([]);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.delayMs).toBe(FLUSH_DELAY_MS);
    timers[0]?.run();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.map((e) => e.event_name)).toEqual([
      'mount_dashboard',
      'change_dashboard_tab',
    ]);
    expect(sender.pending()).toBe(0);
  });

  it('sends at once when a batch reaches 1024 events, never more per request', () => {
    const { deps, posted } = fakeDeps();
    const sender = createEventLogSender(deps);
    for (let i = 0; i < MAX_EVENTS_PER_BATCH; i++) sender.append(event('render_chart'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toHaveLength(1024);
  });

  it('uses the beacon when the page goes away, and posts if the beacon refuses', () => {
    const { deps, posted, beaconed } = fakeDeps();
    const sender = createEventLogSender(deps);
    sender.append(event('toggle_edit_dashboard'));
    sender.flush('beacon');
    expect(beaconed).toHaveLength(1);
    const refused = fakeDeps({ beacon: () => false });
    const other = createEventLogSender(refused.deps);
    other.append(event('toggle_edit_dashboard'));
    other.flush('beacon');
    expect(refused.posted).toHaveLength(1);
    expect(posted).toEqual([]);
  });

  it('drops the events of a signed-out page and survives a failed send', async () => {
    const out = fakeDeps({ signedIn: () => false });
    const sender = createEventLogSender(out.deps);
    sender.append(event('spa_navigation'));
    sender.flush('post');
    expect(out.posted).toEqual([]);
    const failing = fakeDeps({ post: () => Promise.reject(new Error('offline')) });
    const other = createEventLogSender(failing.deps);
    other.append(event('spa_navigation'));
    expect(() => other.flush('post')).not.toThrow();
    expect(other.pending()).toBe(0);
  });

  it('marks timing events with the user event that triggered them', () => {
    const user = logEvent('mount_dashboard', { pathname: '/dashboard/3/' });
    const timing = logEvent('load_dashboard', { pathname: '/dashboard/3/', eventType: 'timing' });
    expect(timing.trigger_event).toBe(user.event_id);
    expect(timing.event_type).toBe('timing');
  });
});
