import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderWithApp, testUser } from '../../../../test/render.tsx';
import { datasetFixture, fakeServer } from '../../testing.ts';
import { DatasetEditorModal } from './DatasetEditorModal.tsx';

afterEach(() => vi.unstubAllGlobals());

const GET = /^\/api\/v1\/dataset\/7$/;
const users = {
  body: {
    count: 1,
    result: [{ id: 7, username: 'admin', first_name: 'Sam', last_name: 'Tester' }],
  },
};

function open(onSaved = vi.fn(), onClose = vi.fn()) {
  renderWithApp(<DatasetEditorModal datasetId={7} onClose={onClose} onSaved={onSaved} />, {
    user: testUser(ADMIN, 'admin'),
  });
  return { onSaved, onClose };
}

describe('dataset editor', { timeout: 120_000 }, () => {
  it('saves a renamed column label and a new metric with one PUT', async () => {
    const server = fakeServer([
      ['GET', GET, { body: { id: 7, result: datasetFixture() } }],
      ['GET', /^\/api\/v1\/security\/users\/$/, users],
      [
        'PUT',
        GET,
        // The server answers the item as stored (columns and metrics with their ids).
        { body: { id: 7, result: datasetFixture() } },
      ],
    ]);
    const { onSaved } = open();
    fireEvent.click(await screen.findByTestId('editor-tab-columns'));
    const labels = await screen.findAllByTestId('column-verbose-name');
    fireEvent.change(labels[0] as HTMLElement, { target: { value: 'Horsepower' } });
    fireEvent.click(screen.getByTestId('editor-tab-metrics'));
    fireEvent.click(await screen.findByTestId('metric-add'));
    const names = screen.getAllByTestId('metric-name');
    const expressions = screen.getAllByTestId('metric-expression');
    fireEvent.change(names.at(-1) as HTMLElement, { target: { value: 'sum__x' } });
    fireEvent.change(expressions.at(-1) as HTMLElement, { target: { value: 'SUM(horsepower)' } });
    expect(screen.getByTestId('editor-dirty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = server.made('PUT', GET)[0]?.body as {
      columns: Array<{ id?: number; verbose_name: string | null }>;
      metrics: Array<{ id?: number; metric_name: string; expression: string }>;
    };
    expect(put.columns[0]).toMatchObject({ id: 1, verbose_name: 'Horsepower' });
    expect(put.metrics).toEqual([
      expect.objectContaining({ id: 11, metric_name: 'count' }),
      expect.objectContaining({ metric_name: 'sum__x', expression: 'SUM(horsepower)' }),
    ]);
  });

  it('shows an engine refusal next to the metric it names', async () => {
    const refusal =
      'Invalid expression for metric "bad": Binder Error: Referenced column "nope" not found in FROM clause!';
    fakeServer([
      ['GET', GET, { body: { id: 7, result: datasetFixture() } }],
      ['GET', /^\/api\/v1\/security\/users\/$/, users],
      ['PUT', GET, { status: 422, body: { message: { metrics: [refusal] } } }],
    ]);
    const { onSaved } = open();
    fireEvent.click(await screen.findByTestId('editor-tab-metrics'));
    fireEvent.click(await screen.findByTestId('metric-add'));
    fireEvent.change(screen.getAllByTestId('metric-name').at(-1) as HTMLElement, {
      target: { value: 'bad' },
    });
    fireEvent.change(screen.getAllByTestId('metric-expression').at(-1) as HTMLElement, {
      target: { value: 'SUM(nope)' },
    });
    fireEvent.click(screen.getByTestId('editor-save'));
    const rowError = await screen.findByTestId('row-error');
    expect(rowError.textContent).toBe(refusal);
    expect(screen.getByTestId('editor-error').textContent).toContain('The metric was refused');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows a refusal that names no row at the top', async () => {
    fakeServer([
      ['GET', GET, { body: { id: 7, result: datasetFixture() } }],
      ['GET', /^\/api\/v1\/security\/users\/$/, users],
      ['PUT', GET, { status: 403, body: { message: 'Changing this dataset is forbidden' } }],
    ]);
    open();
    fireEvent.change(await screen.findByTestId('settings-description'), {
      target: { value: 'Cars' },
    });
    fireEvent.click(screen.getByTestId('editor-save'));
    const alert = await screen.findByTestId('editor-error');
    expect(alert.textContent).toContain('Changing this dataset is forbidden');
  });

  it('stops a save with a nameless metric before asking the server', async () => {
    const server = fakeServer([
      ['GET', GET, { body: { id: 7, result: datasetFixture() } }],
      ['GET', /^\/api\/v1\/security\/users\/$/, users],
    ]);
    open();
    fireEvent.click(await screen.findByTestId('editor-tab-metrics'));
    fireEvent.click(await screen.findByTestId('metric-add'));
    fireEvent.click(screen.getByTestId('editor-save'));
    expect((await screen.findByTestId('row-error')).textContent).toBe('The metric needs a name.');
    expect(server.made('PUT', GET)).toHaveLength(0);
  });

  it('asks before closing with unsaved changes', async () => {
    fakeServer([
      ['GET', GET, { body: { id: 7, result: datasetFixture() } }],
      ['GET', /^\/api\/v1\/security\/users\/$/, users],
    ]);
    const { onClose } = open();
    fireEvent.change(await screen.findByTestId('settings-description'), {
      target: { value: 'Cars' },
    });
    fireEvent.click(screen.getByTestId('editor-cancel'));
    expect((await screen.findAllByText('Discard unsaved changes?')).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('editor-discard'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes at once when nothing changed', async () => {
    fakeServer([
      ['GET', GET, { body: { id: 7, result: datasetFixture() } }],
      ['GET', /^\/api\/v1\/security\/users\/$/, users],
    ]);
    const { onClose } = open();
    await screen.findByTestId('settings-description');
    fireEvent.click(screen.getByTestId('editor-cancel'));
    expect(onClose).toHaveBeenCalled();
  });

  it('syncs columns from the source and says what changed', async () => {
    let synced = false;
    const server = fakeServer([
      [
        'GET',
        GET,
        () => {
          const base = datasetFixture();
          return {
            body: {
              id: 7,
              result: synced
                ? {
                    ...base,
                    columns: [
                      ...base.columns,
                      { ...base.columns[0], id: 9, column_name: 'origin' },
                    ],
                  }
                : base,
            },
          };
        },
      ],
      ['GET', /^\/api\/v1\/security\/users\/$/, users],
      [
        'PUT',
        /^\/api\/v1\/dataset\/7\/refresh$/,
        () => {
          synced = true;
          return { body: { message: 'OK' } };
        },
      ],
    ]);
    const { store } = renderWithApp(
      <DatasetEditorModal datasetId={7} onClose={vi.fn()} onSaved={vi.fn()} />,
      { user: testUser(ADMIN, 'admin') },
    );
    fireEvent.click(await screen.findByTestId('editor-tab-columns'));
    fireEvent.click(await screen.findByTestId('columns-sync'));
    await waitFor(() => expect(server.made('PUT', /refresh$/)).toHaveLength(1));
    await waitFor(() =>
      expect(within(screen.getByTestId('columns-table')).getAllByTestId('column-row')).toHaveLength(
        3,
      ),
    );
    expect(store.getState().toasts.map((t) => t.text)).toContain('Columns synced: 1 added');
  });
});
