import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderWithApp, testUser } from '../../../../test/render.tsx';
import { importQuestions } from './importProblems.ts';
import { CONFIRM_OVERWRITE_MESSAGE, useDashboardImport } from './useDashboardImport.tsx';

const EXISTS = 'Dashboard already exists and `overwrite=true` was not passed';
const PASSWORD = { _schema: ['Must provide a password for the database'] };

const refusal = (extra: Record<string, unknown>) => ({
  errors: [
    {
      message: 'Error importing dashboard',
      error_type: 'GENERIC_COMMAND_ERROR',
      level: 'warning',
      extra: { ...extra, issue_codes: [{ code: 1010, message: 'Issue 1010' }] },
    },
  ],
});

describe('importQuestions', () => {
  it('asks to overwrite existing dashboards and for the passwords of masked databases', () => {
    expect(
      importQuestions({
        error: 'Error importing dashboard',
        ...refusal({ 'dashboards/Sales_1.yaml': EXISTS, 'databases/warehouse.yaml': PASSWORD }),
      }),
    ).toEqual({ existing: ['dashboards/Sales_1.yaml'], passwords: ['databases/warehouse.yaml'] });
  });

  it('asks nothing when a problem is one no answer solves', () => {
    const bad = refusal({
      'dashboards/Sales_1.yaml': EXISTS,
      'datasets/x.yaml': { columns: ['Not a valid list.'] },
    });
    expect(importQuestions({ error: 'Error importing dashboard', ...bad })).toBeNull();
    expect(importQuestions({ error: 'Forbidden' })).toBeNull();
  });
});

function Harness({ onImported }: { onImported: () => void }) {
  const { importFile, dialog } = useDashboardImport(onImported);
  return (
    <>
      <button type="button" onClick={() => importFile(new File(['zip'], 'bundle.zip'))}>
        import
      </button>
      {dialog}
    </>
  );
}

describe('useDashboardImport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('imports again with overwrite and the passwords once "OVERWRITE" is typed', async () => {
    const sent: Array<{ overwrite: unknown; passwords: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (String(input).includes('csrf_token')) return Response.json({ result: 'token' });
        const form = init.body as FormData;
        sent.push({ overwrite: form.get('overwrite'), passwords: form.get('passwords') });
        return sent.length === 1
          ? Response.json(
              refusal({ 'dashboards/Sales_1.yaml': EXISTS, 'databases/warehouse.yaml': PASSWORD }),
              { status: 422 },
            )
          : Response.json({ message: 'OK' });
      }),
    );
    const onImported = vi.fn();
    renderWithApp(<Harness onImported={onImported} />, { user: testUser(ADMIN) });
    fireEvent.click(screen.getByText('import'));

    await screen.findByText(CONFIRM_OVERWRITE_MESSAGE);
    expect(screen.getByText('databases/warehouse.yaml')).toBeTruthy();
    const confirm = () => screen.getByTestId('import-overwrite-confirm') as HTMLButtonElement;
    expect(confirm().textContent).toContain('Overwrite');
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('import-password'), { target: { value: 's3cret' } });
    fireEvent.change(screen.getByTestId('import-overwrite-input'), {
      target: { value: 'overwrite' },
    });
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('import-overwrite-input'), {
      target: { value: 'OVERWRITE' },
    });
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());

    await screen.findByText('Dashboard imported');
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([
      { overwrite: 'false', passwords: '{}' },
      { overwrite: 'true', passwords: JSON.stringify({ 'databases/warehouse.yaml': 's3cret' }) },
    ]);
    await waitFor(() => expect(screen.queryByTestId('import-modal')).toBeNull());
  });

  it('toasts a failure no answer of the user can solve', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('csrf_token')
          ? Response.json({ result: 'token' })
          : Response.json(refusal({ 'charts/x.yaml': { params: ['Not a valid mapping type.'] } }), {
              status: 422,
            }),
      ),
    );
    renderWithApp(<Harness onImported={() => undefined} />, { user: testUser(ADMIN) });
    fireEvent.click(screen.getByText('import'));
    await screen.findByText(
      'An error occurred while importing dashboard: Error importing dashboard',
    );
    expect(screen.queryByTestId('import-modal')).toBeNull();
  });
});
