import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ClientError } from '../../app/api.ts';
import { useListDelete } from './useListDelete.ts';

interface Row {
  id: number;
  slice_name: string;
}
const SALES = { id: 1, slice_name: 'Sales' };
const FLIGHTS = { id: 2, slice_name: 'Flights' };

function Harness(props: {
  removeOne: (row: Row) => Promise<unknown>;
  removeMany: (rows: Row[]) => Promise<{ message: string }>;
  success: string[];
  danger: string[];
  onDeleted: () => void;
}) {
  const confirmDelete = useListDelete<Row>({
    noun: { one: 'chart', many: 'charts' },
    nameOf: (row) => row.slice_name,
    content: (rows) => `Dashboards that show these ${rows.length} charts lose them.`,
    removeOne: props.removeOne,
    removeMany: props.removeMany,
    toasts: {
      addSuccessToast: (text) => props.success.push(text),
      addDangerToast: (text) => props.danger.push(text),
    },
    onDeleted: props.onDeleted,
  });
  return (
    <>
      <button type="button" data-testid="delete-one" onClick={() => confirmDelete([SALES])} />
      <button
        type="button"
        data-testid="delete-both"
        onClick={() => confirmDelete([SALES, FLIGHTS])}
      />
    </>
  );
}

function renderHarness(patch: Partial<Parameters<typeof Harness>[0]> = {}) {
  const props = {
    removeOne: vi.fn().mockResolvedValue({ message: 'OK' }),
    removeMany: vi.fn().mockResolvedValue({ message: 'Deleted 2 charts' }),
    success: [] as string[],
    danger: [] as string[],
    onDeleted: vi.fn(),
    ...patch,
  };
  render(
    <App>
      <Harness {...props} />
    </App>,
  );
  return props;
}

async function confirm() {
  await act(async () => {
    fireEvent.click(await screen.findByTestId('confirm-delete'));
  });
}

describe('deleting from a list', { timeout: 30_000 }, () => {
  it('asks about one row by name, deletes it with its own call and says so', async () => {
    const props = renderHarness();
    fireEvent.click(screen.getByTestId('delete-one'));
    expect((await screen.findAllByText('Delete chart "Sales"?')).length).toBeGreaterThan(0);
    expect(screen.getByText('Dashboards that show these 1 charts lose them.')).toBeTruthy();
    expect(props.removeOne).not.toHaveBeenCalled();
    await confirm();
    await waitFor(() => expect(props.onDeleted).toHaveBeenCalledTimes(1));
    expect(props.removeOne).toHaveBeenCalledWith(SALES);
    expect(props.removeMany).not.toHaveBeenCalled();
    expect(props.success).toEqual(['Deleted: Sales']);
  });

  it('asks about several rows by count and deletes them in one call, with its message', async () => {
    const props = renderHarness();
    fireEvent.click(screen.getByTestId('delete-both'));
    expect((await screen.findAllByText('Delete 2 charts?')).length).toBeGreaterThan(0);
    await confirm();
    await waitFor(() => expect(props.onDeleted).toHaveBeenCalledTimes(1));
    expect(props.removeMany).toHaveBeenCalledWith([SALES, FLIGHTS]);
    expect(props.removeOne).not.toHaveBeenCalled();
    expect(props.success).toEqual(['Deleted 2 charts']);
  });

  it('deletes nothing when the question is cancelled', async () => {
    const props = renderHarness();
    fireEvent.click(screen.getByTestId('delete-one'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    await act(async () => undefined);
    expect(props.removeOne).not.toHaveBeenCalled();
    expect(props.onDeleted).not.toHaveBeenCalled();
  });

  it("reports the server's refusal and keeps the list as it is", async () => {
    const refusal = new ClientError({ error: 'Chart is used by a report', status: 422 });
    const props = renderHarness({ removeMany: vi.fn().mockRejectedValue(refusal) });
    fireEvent.click(screen.getByTestId('delete-both'));
    await confirm();
    await waitFor(() =>
      expect(props.danger).toEqual([
        'There was an issue deleting the selected charts: Chart is used by a report',
      ]),
    );
    expect(props.success).toEqual([]);
    expect(props.onDeleted).not.toHaveBeenCalled();
  });
});
