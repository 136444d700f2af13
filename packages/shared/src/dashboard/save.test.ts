import { describe, expect, it } from 'vitest';
import {
  buildDashboardSaveBody,
  CONFIRM_OVERWRITE_MESSAGE,
  overwriteDiff,
  saveDashboardErrorMessage,
  UNTITLED_DASHBOARD_TITLE,
} from './save.ts';

describe('dashboard save rules', () => {
  it('turns an empty title into [ untitled dashboard ]', () => {
    expect(UNTITLED_DASHBOARD_TITLE).toBe('[ untitled dashboard ]');
    expect(
      buildDashboardSaveBody({ dashboard_title: '' }, { DASHBOARD_RBAC: false }).dashboard_title,
    ).toBe('[ untitled dashboard ]');
  });

  it('keeps certification_details only with certified_by', () => {
    const flags = { DASHBOARD_RBAC: false };
    expect(
      buildDashboardSaveBody({ certification_details: 'ok' }, flags).certification_details,
    ).toBe('');
    expect(
      buildDashboardSaveBody({ certified_by: 'QA', certification_details: 'ok' }, flags),
    ).toMatchObject({ certified_by: 'QA', certification_details: 'ok' });
  });

  it('reduces owners and roles to ids and sends roles only with DASHBOARD_RBAC', () => {
    const input = { owners: [{ id: 1 }, 2], roles: [{ id: 3 }] };
    const off = buildDashboardSaveBody(input, { DASHBOARD_RBAC: false });
    expect(off.owners).toEqual([1, 2]);
    expect('roles' in off).toBe(false);
    expect(buildDashboardSaveBody(input, { DASHBOARD_RBAC: true }).roles).toEqual([3]);
  });

  it('sends the layout inside json_metadata as positions', () => {
    const body = buildDashboardSaveBody(
      {
        metadata: { color_scheme: 'x' },
        layout: { ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [], meta: {} } },
      },
      { DASHBOARD_RBAC: false },
    );
    const metadata = JSON.parse(body.json_metadata as string);
    expect(metadata.color_scheme).toBe('x');
    expect(metadata.positions.DASHBOARD_VERSION_KEY).toBe('v2');
  });

  it('lists the fields whose server copy differs, for the confirm-diff', () => {
    expect(CONFIRM_OVERWRITE_MESSAGE).toBe('Please confirm the overwrite values');
    expect(overwriteDiff({ css: 'a', slug: 's' }, { css: 'b', slug: 's' })).toEqual([
      { key: 'css', before: 'a', after: 'b' },
    ]);
    expect(saveDashboardErrorMessage('boom')).toBe(
      'Sorry, there was an error saving this dashboard: boom',
    );
  });
});
