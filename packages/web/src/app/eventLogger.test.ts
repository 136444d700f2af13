import { describe, expect, it } from 'vitest';
import {
  addLogListener,
  logChartLoad,
  logEvent,
  logExploreMount,
  logSourceOfPath,
} from './eventLogger.ts';

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

  it("says Explore's mount as Superset does: source explore, the chart's id", () => {
    const seen: Array<Record<string, unknown>> = [];
    const stop = addLogListener((event) => seen.push(event));
    logExploreMount({ slice_id: 12 });
    logExploreMount(null);
    stop();
    expect(seen[0]).toMatchObject({
      event_name: 'mount_explorer',
      source: 'explore',
      source_id: 12,
      slice_id: 12,
    });
    expect(seen[1]).toMatchObject({ source: 'explore', source_id: null });
    expect(seen[1]).not.toHaveProperty('slice_id');
  });

  it("times a chart's data call as Superset's load_chart, and says when it failed", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const stop = addLogListener((event) => seen.push(event));
    const answer = { result: [{ is_cached: true, rowcount: 12 }] };
    await expect(
      logChartLoad(Promise.resolve(answer), { slice_id: 4, viz_type: 'pie', dashboardId: 2 }),
    ).resolves.toBe(answer);
    await expect(
      logChartLoad(Promise.reject(new Error('boom')), { slice_id: 5, viz_type: 'table' }),
    ).rejects.toThrow('boom');
    const aborted = Object.assign(new Error('stop'), { name: 'AbortError' });
    await expect(logChartLoad(Promise.reject(aborted), { slice_id: 6 })).rejects.toBe(aborted);
    stop();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({
      event_name: 'load_chart',
      event_type: 'timing',
      source: 'dashboard',
      dashboard_id: 2,
      slice_id: 4,
      is_cached: true,
      row_count: 12,
      duration: expect.any(Number),
    });
    expect(seen[1]).toMatchObject({ source: 'explore', slice_id: 5, has_err: true });
  });
});
