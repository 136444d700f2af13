import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_TIMEOUT_MESSAGE,
  annotationQueryFailed,
  annotationQueryStarted,
  annotationQuerySucceeded,
  type ChartsState,
  chartAdded,
  chartIdUpdated,
  chartRenderingFailed,
  chartRenderingSucceeded,
  chartSlice,
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateStopped,
  chartUpdateSucceeded,
  classifyAnnotationFailure,
  UPDATING_CHART_STOPPED,
} from './chartSlice.ts';
import { datasourceSet } from './exploreSlice.ts';

const formData: QueryFormData = { datasource: '1__table', viz_type: 'table' };
const dataset: DatasourceMeta = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'flights',
  columns: [],
  metrics: [],
};
const reduce = (state: ChartsState, ...actions: Parameters<typeof chartSlice.reducer>[1][]) =>
  actions.reduce(chartSlice.reducer, state);
const fresh = () => reduce({}, chartAdded({ id: 0, formData }));

describe('chart status (spec section 4)', () => {
  it('is loading when an update starts and keeps the form data it ran', () => {
    const state = reduce(fresh(), chartUpdateStarted({ id: 0, latestQueryFormData: formData }));
    expect(state[0]?.chartStatus).toBe('loading');
    expect(state[0]?.latestQueryFormData).toEqual(formData);
    expect(state[0]?.triggerQuery).toBe(false);
  });

  it('is success when it finishes, with the answer', () => {
    const state = reduce(
      fresh(),
      chartUpdateStarted({ id: 0, latestQueryFormData: formData }),
      chartUpdateSucceeded({ id: 0, queriesResponse: [{ data: [{ a: 1 }], rowcount: 1 }] }),
    );
    expect(state[0]?.chartStatus).toBe('success');
    expect(state[0]?.queriesResponse).toEqual([{ data: [{ a: 1 }], rowcount: 1 }]);
  });

  it('is stopped with the alert "Updating chart was stopped" when the user stops it', () => {
    const state = reduce(
      fresh(),
      chartUpdateStarted({ id: 0, latestQueryFormData: formData }),
      chartUpdateStopped({ id: 0 }),
    );
    expect(state[0]?.chartStatus).toBe('stopped');
    expect(state[0]?.chartAlert).toBe('Updating chart was stopped');
    expect(UPDATING_CHART_STOPPED).toBe('Updating chart was stopped');
  });

  it('is rendered on render success and failed on update or render failure', () => {
    const rendered = reduce(
      fresh(),
      chartUpdateSucceeded({ id: 0, queriesResponse: [] }),
      chartRenderingSucceeded({ id: 0, now: 42 }),
    );
    expect(rendered[0]?.chartStatus).toBe('rendered');
    expect(rendered[0]?.lastRendered).toBe(42);

    const failed = reduce(fresh(), chartUpdateFailed({ id: 0, message: 'Request timed out' }));
    expect(failed[0]?.chartStatus).toBe('failed');
    expect(failed[0]?.chartAlert).toBe('Request timed out');

    const renderFailed = reduce(
      rendered,
      chartRenderingFailed({ id: 0, message: 'x is undefined', stackTrace: 'at draw' }),
    );
    expect(renderFailed[0]?.chartStatus).toBe('failed');
    expect(renderFailed[0]?.chartStackTrace).toBe('at draw');
  });

  it('resets a failed chart with a stack trace to an empty status when datasources are set again', () => {
    const failed = reduce(
      fresh(),
      chartUpdateFailed({ id: 0, message: 'boom', stackTrace: 'at x', now: 5 }),
    );
    const state = reduce(failed, datasourceSet(dataset));
    expect(state[0]?.chartStatus).toBe('');
    expect(state[0]?.chartStackTrace).toBeNull();
    expect(state[0]?.chartAlert).toBeNull();
  });

  it('keeps a failed chart without a stack trace failed when datasources are set again', () => {
    const failed = reduce(fresh(), chartUpdateFailed({ id: 0, message: 'boom', now: 5 }));
    expect(reduce(failed, datasourceSet(dataset))[0]?.chartStatus).toBe('failed');
  });

  it('follows a chart that gets its id when it is saved', () => {
    const state = reduce(fresh(), chartIdUpdated({ from: 0, to: 12 }));
    expect(state[0]).toBeUndefined();
    expect(state[12]?.id).toBe(12);
  });
});

describe('annotation queries (spec section 8 "Chart annotations")', () => {
  it('go started, then succeeded with their data or failed with a message', () => {
    const started = reduce(fresh(), annotationQueryStarted({ id: 0, name: 'events' }));
    expect(started[0]?.annotationQuery.events).toBe('started');
    const ok = reduce(started, annotationQuerySucceeded({ id: 0, name: 'events', data: [1] }));
    expect(ok[0]?.annotationQuery.events).toBeUndefined();
    expect(ok[0]?.annotationData.events).toEqual([1]);
    const failed = reduce(
      started,
      annotationQueryFailed({ id: 0, name: 'events', message: ANNOTATION_TIMEOUT_MESSAGE }),
    );
    expect(failed[0]?.annotationError.events).toBe('Query timeout');
  });

  it('treat a timeout as "Query timeout", an error about no data as success, an abort as nothing', () => {
    expect(classifyAnnotationFailure({ timedOut: true, message: 'Request timed out' })).toBe(
      'timeout',
    );
    expect(classifyAnnotationFailure({ message: 'No data for this layer' })).toBe('no-data');
    expect(classifyAnnotationFailure({ aborted: true })).toBe('aborted');
    expect(classifyAnnotationFailure({ message: 'Forbidden' })).toBe('failed');
  });
});
