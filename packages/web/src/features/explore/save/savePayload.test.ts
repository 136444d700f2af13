import { describe, expect, it } from 'vitest';
import {
  buildSavePayload,
  changedOnAfterSave,
  formatMessage,
  isSaveConflict,
  lastModifiedTimeOf,
  NO_EDIT_PERMISSION,
  RENDER_ERROR,
  saveErrorToast,
  savePermissionProblem,
  saveToasts,
} from './savePayload.ts';

describe('the save payload (spec section 3 "Chart save payload")', () => {
  it('carries params as JSON text, name, viz type, datasource, dashboards and a query context', () => {
    const payload = buildSavePayload({
      formData: {
        datasource: '4__table',
        viz_type: 'table',
        slice_id: 2,
        url_params: { a: '1' },
        dashboardId: 8,
        groupby: ['origin'],
        metrics: ['count'],
      },
      sliceName: '  Flights by origin ',
      datasource: { id: 4, type: 'table' },
      dashboards: [8, 8, 9],
    });
    expect(payload.slice_name).toBe('Flights by origin');
    expect(payload.viz_type).toBe('table');
    expect(payload.datasource_id).toBe(4);
    expect(payload.datasource_type).toBe('table');
    expect(payload.dashboards).toEqual([8, 9]);
    const params = JSON.parse(payload.params ?? '{}');
    expect(params).toEqual({
      datasource: '4__table',
      viz_type: 'table',
      groupby: ['origin'],
      metrics: ['count'],
    });
    const context = JSON.parse(payload.query_context ?? '{}');
    expect(context.datasource).toEqual({ id: 4, type: 'table' });
    expect(context.queries).toHaveLength(1);
  });

  it('keeps the chart id in params when it overwrites', () => {
    const payload = buildSavePayload({
      formData: { datasource: '4__table', viz_type: 'table' },
      sliceName: 'x',
      datasource: { id: 4, type: 'table' },
      dashboards: [],
      sliceId: 12,
    });
    expect(JSON.parse(payload.params ?? '{}').slice_id).toBe(12);
  });
});

describe('the save toasts (spec section 8)', () => {
  it('say the chart was saved or overwritten', () => {
    expect(saveToasts('saveas', 'Delays', null)).toEqual(['Chart [Delays] has been saved']);
    expect(saveToasts('overwrite', 'Delays', null)).toEqual([
      'Chart [Delays] has been overwritten',
    ]);
  });

  it('say the dashboard was created, or the chart added to an existing one', () => {
    expect(saveToasts('saveas', 'Delays', { title: 'Ops', isNew: true })).toEqual([
      'Chart [Delays] has been saved',
      'Dashboard [Ops] just got created and chart [Delays] was added to it',
    ]);
    expect(saveToasts('overwrite', 'Delays', { id: 3, title: 'Ops', isNew: false })).toEqual([
      'Chart [Delays] has been overwritten',
      'Chart [Delays] was added to dashboard [Ops]',
    ]);
  });

  it('name the error of a failed save, or say it is unknown', () => {
    expect(saveErrorToast({ error: 'Datasource does not exist' })).toBe(
      'Sorry, there was an error saving this chart: Datasource does not exist',
    );
    expect(saveErrorToast({ error: 'An error occurred' })).toBe('Sorry, an unknown error occurred');
    expect(saveErrorToast(null)).toBe('Sorry, an unknown error occurred');
  });

  it('refuse an overwrite without ownership and a new chart without can_add', () => {
    expect(savePermissionProblem('overwrite', { can_add: true, can_overwrite: false })).toBe(
      'You do not have permission to edit this chart',
    );
    expect(savePermissionProblem('saveas', { can_add: false, can_overwrite: true })).toBe(
      'You do not have permission to edit this chart',
    );
    expect(savePermissionProblem('saveas', { can_add: true, can_overwrite: false })).toBeNull();
  });

  it('fill placeholders in order', () => {
    expect(formatMessage(NO_EDIT_PERMISSION, 'chart')).toBe(
      'You do not have permission to edit this chart',
    );
    expect(formatMessage(RENDER_ERROR, 'x is undefined')).toBe(
      'An error occurred while rendering the visualization: x is undefined',
    );
  });
});

describe('the precondition of an overwrite', () => {
  it('states the loaded changed_on in epoch seconds, and nothing when it is unknown', () => {
    expect(lastModifiedTimeOf('2026-11-27T10:00:00.250Z')).toBe(1795773600.25);
    expect(lastModifiedTimeOf(undefined)).toBeUndefined();
    expect(lastModifiedTimeOf('not a date')).toBeUndefined();
  });

  it('reads the new changed_on from a save answer, when it says', () => {
    expect(changedOnAfterSave({ id: 1, last_modified_time: 1795773600.25 })).toBe(
      '2026-11-27T10:00:00.250Z',
    );
    expect(changedOnAfterSave({ id: 1 })).toBeNull();
  });

  it('knows a conflict by its status', () => {
    expect(isSaveConflict({ error: 'changed', status: 409 })).toBe(true);
    expect(isSaveConflict({ error: 'bad', status: 400 })).toBe(false);
  });
});
