import type { ReportItem, ReportListRow, ReportLogRow } from '@tessera/shared/reports/schemas';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Reports as the server answers them, for the component tests of this folder. */

const STAMP = '2026-11-20T12:00:00.000Z';
const ADMIN = { id: 1, first_name: 'Ada', last_name: 'Admin' };

export function listRow(patch: Partial<ReportListRow> = {}): ReportListRow {
  return {
    id: 1,
    type: 'Report',
    name: 'Weekly Report for Sales',
    description: null,
    active: true,
    crontab: '0 12 * * 1',
    crontab_humanized: 'At 12:00, only on Monday',
    timezone: 'Europe/Paris',
    creation_method: 'dashboards',
    chart_id: null,
    dashboard_id: 4,
    database_id: null,
    report_format: 'PNG',
    last_eval_dttm: STAMP,
    last_state: 'Success',
    owners: [ADMIN],
    recipients: [{ id: 1, type: 'Email' }],
    created_by: ADMIN,
    changed_by: ADMIN,
    created_on: STAMP,
    changed_on: STAMP,
    changed_on_delta_humanized: '2 days ago',
    ...patch,
  };
}

export function item(patch: Partial<ReportItem> = {}): ReportItem {
  return {
    id: 1,
    type: 'Report',
    name: 'Weekly Report for Sales',
    description: null,
    crontab: '0 12 * * 1',
    crontab_humanized: 'At 12:00, only on Monday',
    timezone: 'Europe/Paris',
    active: true,
    creation_method: 'dashboards',
    chart: null,
    dashboard: { id: 4, dashboard_title: 'Sales' },
    database: null,
    sql: null,
    validator_type: null,
    validator_config_json: null,
    recipients: [
      {
        id: 1,
        type: 'Email',
        recipient_config_json: { target: 'ada@example.com,bob@example.com' },
      },
      { id: 2, type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } },
    ],
    report_format: 'PNG',
    owners: [ADMIN],
    grace_period: 14_400,
    working_timeout: 3_600,
    log_retention: 90,
    custom_width: null,
    force_screenshot: false,
    email_subject: null,
    extra: {},
    last_eval_dttm: null,
    last_state: 'Not triggered',
    last_value: null,
    last_value_row_json: null,
    ...patch,
  };
}

export function logRow(patch: Partial<ReportLogRow> = {}): ReportLogRow {
  return {
    id: 1,
    uuid: '7f7c4f3e-1111-4222-8333-944455556666',
    scheduled_dttm: STAMP,
    start_dttm: STAMP,
    end_dttm: '2026-11-20T12:00:02.500Z',
    value: null,
    value_row_json: null,
    state: 'Success',
    error_message: null,
    ...patch,
  };
}

export const listAnswer = <T extends { id: number }>(rows: T[]) => ({
  count: rows.length,
  ids: rows.map((r) => r.id),
  result: rows,
});

/** How long the first render (antd, the lazy modal) and a later change may take in jsdom. */
export const SLOW = { timeout: 15_000 };
export const WAIT = { timeout: 10_000 };

type ToastStore = { getState(): { toasts: Array<{ text: string }> } };

export const toastTexts = (store: ToastStore) => store.getState().toasts.map((t) => t.text);

/** Waits until a toast says `text`. */
export const toastShown = (store: ToastStore, text: string) =>
  waitFor(() => expect(toastTexts(store)).toContain(text), WAIT);
