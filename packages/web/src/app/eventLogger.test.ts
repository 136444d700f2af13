import { describe, expect, it } from 'vitest';
import { addLogListener, logEvent, logSourceOfPath } from './eventLogger.ts';

describe('the event logger', () => {
  it('recognises the dashboard and SQL editor areas by /dashboard/ and /sqllab/', () => {
    expect(logSourceOfPath('/superset/dashboard/3/')).toBe('dashboard');
    expect(logSourceOfPath('/dashboard/p/abc/')).toBe('dashboard');
    expect(logSourceOfPath('/sqllab/')).toBe('sqlLab');
    expect(logSourceOfPath('/chart/list/')).toBeNull();
  });

  it('hands listeners events with the spec fields', () => {
    const seen: unknown[] = [];
    const stop = addLogListener((event) => seen.push(event));
    const event = logEvent('mount_dashboard', {
      sourceId: 3,
      pathname: '/dashboard/3/',
      dashboard_id: 3,
    });
    stop();
    logEvent('ignored');
    expect(seen).toEqual([event]);
    expect(event).toMatchObject({
      version: 'v2',
      source: 'dashboard',
      source_id: 3,
      dashboard_id: 3,
      event_name: 'mount_dashboard',
      event_type: 'user',
      visibility: 'visible',
    });
    expect(event.impression_id).toEqual(expect.any(String));
    expect(event.event_id).toEqual(expect.any(String));
    expect(event.ts).toEqual(expect.any(Number));
  });
});
