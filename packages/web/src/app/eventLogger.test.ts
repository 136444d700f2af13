import { describe, expect, it } from 'vitest';
import { ClientError } from './api.ts';
import {
  addLogListener,
  errorLogFields,
  logChartLoad,
  logEvent,
  logExploreMount,
  logSourceOfPath,
  MAX_ERROR_DETAILS_CHARS,
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
    expect(seen[1]).toMatchObject({
      source: 'explore',
      slice_id: 5,
      has_err: true,
      issue_codes: [-1],
      error_details: 'boom',
    });
  });

  it("says a failed chart's error type, issue codes and details", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const stop = addLogListener((event) => seen.push(event));
    const failure = new ClientError({
      error: 'Column "nope" does not exist',
      status: 400,
      errors: [
        {
          message: 'Column "nope" does not exist',
          error_type: 'COLUMN_DOES_NOT_EXIST_ERROR',
          level: 'error',
          extra: {
            issue_codes: [{ code: 1003, message: 'Issue 1003 - There is a syntax error.' }],
          },
        },
      ],
    });
    await expect(
      logChartLoad(Promise.reject(failure), { slice_id: 7, dashboardId: 3 }),
    ).rejects.toBe(failure);
    stop();
    expect(seen).toEqual([
      expect.objectContaining({
        event_name: 'load_chart',
        source: 'dashboard',
        dashboard_id: 3,
        slice_id: 7,
        has_err: true,
        error_type: 'COLUMN_DOES_NOT_EXIST_ERROR',
        issue_codes: [1003],
        error_details: 'Column "nope" does not exist',
      }),
    ]);
  });

  it('says a part that failed inside a 200 answer', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const stop = addLogListener((event) => seen.push(event));
    const answer = { result: [{ status: 'failed', error: 'no such column: nope', rowcount: 0 }] };
    await logChartLoad(Promise.resolve(answer), { slice_id: 8 });
    stop();
    expect(seen[0]).toMatchObject({
      event_name: 'load_chart',
      source: 'explore',
      has_err: true,
      issue_codes: [-1],
      error_details: 'no such column: nope',
    });
  });

  it('gives one entry per error, and [-1] where no issue code is named, as Superset does', () => {
    expect(
      errorLogFields({
        error: 'two things',
        errors: [
          { message: 'a', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: null },
          {
            message: 'b',
            error_type: 'SYNTAX_ERROR',
            level: 'error',
            extra: { issue_codes: [{ code: 1030, message: 'Issue 1030' }] },
          },
        ],
      }),
    ).toEqual([
      { error_type: 'GENERIC_DB_ENGINE_ERROR', issue_codes: [-1], error_details: 'a' },
      { error_type: 'SYNTAX_ERROR', issue_codes: [1030], error_details: 'b' },
    ]);
    // A message quoting a huge statement stays well under the server's 16 KB per event.
    const [long] = errorLogFields({ error: 'x'.repeat(100_000) });
    expect(long?.error_details).toHaveLength(MAX_ERROR_DETAILS_CHARS + 1);
    expect(errorLogFields({ error: 'Network error' })).toEqual([
      { issue_codes: [-1], error_details: 'Network error' },
    ]);
  });
});
