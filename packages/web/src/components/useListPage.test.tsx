import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from './RowActions.tsx';
import { useConfirmDelete, useListPage } from './useListPage.ts';

type Opened = { mode: 'edit'; id: number } | null;

/** A list row with edit and delete, wired the way the admin list pages wire it. */
function Harness(props: {
  remove: () => Promise<unknown>;
  onDeleted: (name: string) => void;
  onFailed: (failure: unknown, name: string) => void;
  locked?: boolean;
}) {
  const page = useListPage<Opened>();
  const confirmDelete = useConfirmDelete({
    onDeleted: (name) => {
      props.onDeleted(name);
      page.reload();
    },
    onFailed: props.onFailed,
  });
  return (
    <div>
      <span data-testid="reloads">{page.reloadToken}</span>
      <span data-testid="modal">
        {page.modalState ? `editing ${page.modalState.id}` : 'closed'}
      </span>
      <button type="button" data-testid="saved" onClick={page.onSaved} />
      <RowActions
        testId="row"
        actions={[
          {
            label: 'Edit',
            icon: <EditOutlined />,
            testId: 'row-edit',
            onClick: () => page.openModal({ mode: 'edit', id: 3 }),
          },
          {
            label: 'Delete',
            icon: <DeleteOutlined />,
            testId: 'row-delete',
            danger: true,
            disabled: props.locked,
            tooltip: props.locked ? 'Locked rows cannot be deleted' : undefined,
            onClick: () =>
              confirmDelete({
                name: 'sales',
                title: 'Delete database "sales"?',
                content: 'This cannot be undone.',
                remove: props.remove,
              }),
          },
        ]}
      />
    </div>
  );
}

function renderHarness(props: Parameters<typeof Harness>[0]) {
  return render(
    <App>
      <Harness {...props} />
    </App>,
  );
}

describe('list page helpers', () => {
  it('labels each row action and opens the edit modal; saving closes it and reloads', () => {
    renderHarness({ remove: vi.fn(), onDeleted: vi.fn(), onFailed: vi.fn() });
    expect(screen.getByTestId('row-edit').getAttribute('aria-label')).toBe('Edit');
    fireEvent.click(screen.getByTestId('row-edit'));
    expect(screen.getByTestId('modal').textContent).toBe('editing 3');
    fireEvent.click(screen.getByTestId('saved'));
    expect(screen.getByTestId('modal').textContent).toBe('closed');
    expect(screen.getByTestId('reloads').textContent).toBe('1');
  });

  it('deletes only after the confirmation, then reports the name and reloads', async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    renderHarness({ remove, onDeleted, onFailed: vi.fn() });
    fireEvent.click(screen.getByTestId('row-delete'));
    expect((await screen.findAllByText('Delete database "sales"?')).length).toBeGreaterThan(0);
    expect(remove).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-delete'));
    });
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('sales'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('reloads').textContent).toBe('1');
  });

  it('reports a failed delete with the failure and the name, without reloading', async () => {
    const failure = new Error('in use');
    const onFailed = vi.fn();
    const onDeleted = vi.fn();
    renderHarness({ remove: vi.fn().mockRejectedValue(failure), onDeleted, onFailed });
    fireEvent.click(screen.getByTestId('row-delete'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('confirm-delete'));
    });
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(failure, 'sales'));
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByTestId('reloads').textContent).toBe('0');
  });

  it('disables an action that may not run', () => {
    renderHarness({ remove: vi.fn(), onDeleted: vi.fn(), onFailed: vi.fn(), locked: true });
    expect((screen.getByTestId('row-delete') as HTMLButtonElement).disabled).toBe(true);
  });
});
