import type { BootstrapUser } from '@tessera/shared/api/bootstrap';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderWithApp, testUser } from '../../../test/render.tsx';
import { fakeServer } from '../../datasets/testing.ts';
import { ScheduleQueryModal } from '../ScheduleQueryModal.tsx';
import { item, SLOW, toastShown, toastTexts, WAIT } from '../testing.ts';
import { ReportModal } from './ReportModal.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = testUser(ADMIN, 'ada');
const DASHBOARD = { kind: 'dashboard' as const, id: 4, name: 'Sales' };

/** The report modal of the Sales dashboard, as its "Schedule email report" opens it. */
const renderDashboardReport = (user: BootstrapUser, onSaved: (id: number) => void = () => {}) =>
  renderWithApp(
    <ReportModal
      type="Report"
      creationMethod="dashboards"
      target={DASHBOARD}
      onClose={() => {}}
      onSaved={onSaved}
    />,
    { user },
  );

/** Types into a tags select and presses Enter, as a person adds a recipient. */
function addTag(testId: string, text: string) {
  const input = screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

const errorsShown = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

/** Waits until the form shows each of `messages` under its field. */
const errorsShownInclude = (...messages: string[]) =>
  waitFor(() => expect(errorsShown()).toEqual(expect.arrayContaining(messages)), WAIT);

describe('the report modal', { timeout: 60_000 }, () => {
  it("sets up a dashboard's report: Superset's defaults, the user's address, one POST", async () => {
    const server = fakeServer([
      ['POST', /^\/api\/v1\/report\/$/, { status: 201, body: { id: 9, result: {} } }],
    ]);
    const onSaved = vi.fn();
    const { store } = renderDashboardReport(admin, onSaved);
    expect(await screen.findByText('Schedule a new email report', {}, SLOW)).toBeTruthy();
    expect((screen.getByTestId('report-name') as HTMLInputElement).value).toBe(
      'Weekly Report for Sales',
    );
    expect(screen.getByTestId('schedule-words').textContent).toContain('Every Monday at 12:00');
    expect(screen.getByTestId('report-fixed-content').textContent).toBe('Sales');
    // A dashboard is a picture: no CSV, no TEXT.
    expect(screen.queryByTestId('report-format-CSV')).toBeNull();
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9), WAIT);
    const body = server.made('POST', /report\/$/)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'Report',
      name: 'Weekly Report for Sales',
      crontab: '0 12 * * 1',
      dashboard: 4,
      creation_method: 'dashboards',
      report_format: 'PNG',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ada@example.com' } }],
    });
    expect(toastTexts(store)).toContain('The report has been created');
  });

  it('says what is wrong with each field and sends nothing', async () => {
    const server = fakeServer([]);
    renderDashboardReport(testUser(ADMIN, 'nomail'));
    fireEvent.change(await screen.findByTestId('report-name', {}, SLOW), {
      target: { value: '  ' },
    });
    // A custom crontab with a minute that does not exist.
    fireEvent.mouseDown(screen.getByTestId('schedule-kind').querySelector('input') as Element);
    fireEvent.click(await screen.findByText('Custom (crontab)', {}, SLOW));
    fireEvent.change(await screen.findByTestId('schedule-crontab', {}, SLOW), {
      target: { value: '61 12 * * 1' },
    });
    addTag('report-emails', 'ada@example.com');
    addTag('report-emails', 'not-an-address');
    addTag('report-webhooks', 'javascript:alert(1)');
    fireEvent.click(screen.getByTestId('report-submit'));
    await errorsShownInclude(
      'Name is required',
      'The minute must be between 0 and 59, not 61',
      'Not a valid email address: not-an-address',
      'A webhook URL must start with http:// or https://',
    );
    expect(server.made('POST', /report/)).toEqual([]);
  });

  it('needs someone to send to', async () => {
    fakeServer([]);
    renderDashboardReport({ ...testUser(ADMIN), email: '' });
    fireEvent.click(await screen.findByTestId('report-submit', {}, SLOW));
    await errorsShownInclude('Add at least one email address or webhook URL');
  });

  it('says "Failed to create report" when the server refuses, and shows why', async () => {
    fakeServer([
      [
        'POST',
        /^\/api\/v1\/report\/$/,
        { status: 422, body: { message: { name: ['Name must be unique'] } } },
      ],
    ]);
    const { store } = renderDashboardReport(admin);
    fireEvent.click(await screen.findByTestId('report-submit', {}, SLOW));
    await toastShown(store, 'Failed to create report');
    expect((await screen.findByTestId('report-save-error', {}, SLOW)).textContent).toContain(
      'Name must be unique',
    );
  });

  it('edits a stored report: its recipients, and PUTs the whole payload', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/v1\/report\/1$/, { body: { id: 1, result: item() } }],
      ['PUT', /^\/api\/v1\/report\/1$/, { body: { id: 1, result: {} } }],
    ]);
    const { store } = renderWithApp(
      <ReportModal
        reportId={1}
        creationMethod="dashboards"
        onClose={() => {}}
        onSaved={() => {}}
      />,
      { user: admin },
    );
    expect(await screen.findByText('bob@example.com', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('https://hooks.example.com/x')).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-submit'));
    await toastShown(store, 'Report updated');
    expect(server.made('PUT', /report\/1$/)[0]?.body).toMatchObject({
      dashboard: 4,
      timezone: 'Europe/Paris',
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'ada@example.com,bob@example.com' } },
        { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } },
      ],
    });
  });
});

describe('a report made on the list page', { timeout: 60_000 }, () => {
  it('picks its dashboard, and an alert its database and condition', async () => {
    const server = fakeServer([
      [
        'GET',
        /^\/api\/v1\/dashboard\/$/,
        { body: { count: 1, ids: [4], result: [{ id: 4, dashboard_title: 'Sales' }] } },
      ],
      ['POST', /^\/api\/v1\/report\/$/, { status: 201, body: { id: 5, result: {} } }],
    ]);
    const onSaved = vi.fn();
    renderWithApp(
      <ReportModal
        type="Report"
        creationMethod="alerts_reports"
        onClose={() => {}}
        onSaved={onSaved}
      />,
      { user: admin },
    );
    expect(await screen.findByText('Add report', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-submit'));
    await errorsShownInclude('Choose a dashboard');
    fireEvent.mouseDown(screen.getByTestId('report-dashboard').querySelector('input') as Element);
    fireEvent.click(await screen.findByTitle('Sales', {}, SLOW));
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(5), WAIT);
    expect(server.made('POST', /report\/$/)[0]?.body).toMatchObject({
      type: 'Report',
      dashboard: 4,
      chart: null,
      creation_method: 'alerts_reports',
    });
  });

  it('asks an alert for its database, SQL and threshold', async () => {
    const server = fakeServer([
      [
        'GET',
        /^\/api\/v1\/database\/$/,
        { body: { count: 1, ids: [1], result: [{ id: 1, database_name: 'examples' }] } },
      ],
    ]);
    renderWithApp(
      <ReportModal
        type="Alert"
        creationMethod="alerts_reports"
        onClose={() => {}}
        onSaved={() => {}}
      />,
      { user: admin },
    );
    expect(await screen.findByText('Add alert', {}, SLOW)).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('report-condition').querySelector('input') as Element);
    fireEvent.click(await screen.findByTitle('> (Larger than)', {}, SLOW));
    fireEvent.click(screen.getByTestId('report-submit'));
    await errorsShownInclude(
      'Name is required',
      'An alert needs a database',
      'An alert needs a SQL query',
      'Enter a threshold',
    );
    expect(server.made('POST', /report/)).toEqual([]);
  });
});

describe("SQL Lab's Schedule", { timeout: 60_000 }, () => {
  const QUERY = { name: 'Daily count', database: 2, sql: 'SELECT COUNT(*) FROM orders' };

  it('schedules the saved query as CSV and says where to find it', async () => {
    const server = fakeServer([
      ['POST', /^\/api\/v1\/report\/$/, { status: 201, body: { id: 3, result: {} } }],
    ]);
    const { store } = renderWithApp(<ScheduleQueryModal query={QUERY} onClose={() => {}} />, {
      user: admin,
    });
    expect((await screen.findByTestId('report-fixed-content', {}, SLOW)).textContent).toBe(
      'Daily count',
    );
    fireEvent.click(screen.getByTestId('report-submit'));
    await toastShown(
      store,
      'Your query has been scheduled. To see details of your query, navigate to Saved queries',
    );
    expect(server.made('POST', /report\/$/)[0]?.body).toMatchObject({
      type: 'Report',
      database: 2,
      sql: 'SELECT COUNT(*) FROM orders',
      report_format: 'CSV',
      creation_method: 'alerts_reports',
    });
  });

  it('says "Your query could not be scheduled" when the server refuses', async () => {
    fakeServer([['POST', /^\/api\/v1\/report\/$/, { status: 403, body: { message: 'No' } }]]);
    const { store } = renderWithApp(<ScheduleQueryModal query={QUERY} onClose={() => {}} />, {
      user: admin,
    });
    fireEvent.click(await screen.findByTestId('report-submit', {}, SLOW));
    await toastShown(store, 'Your query could not be scheduled');
  });
});
