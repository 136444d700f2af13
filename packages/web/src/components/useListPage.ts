import { App } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { deleteConfirmation } from './lists/deleteConfirmation.ts';

/**
 * What every list page with a create/edit modal keeps: the open modal's state and a token that
 * reloads the ListView after a change.
 */
export function useListPage<ModalState>() {
  const [modalState, setModalState] = useState<ModalState | null>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);
  return {
    modalState,
    openModal: setModalState,
    closeModal: () => setModalState(null),
    /** A modal saved: close it and reload the list. */
    onSaved: () => {
      setModalState(null);
      reload();
    },
    reloadToken,
    reload,
  };
}

export interface DeleteRequest {
  /** The object's name, as the callbacks report it. */
  name: string;
  title: string;
  content: ReactNode;
  remove: () => Promise<unknown>;
}

/**
 * A confirmation dialog before a delete (danger button "Delete"); the callbacks tell the user
 * how it went (toasts live in the app, not in shared components).
 */
export function useConfirmDelete(callbacks: {
  onDeleted: (name: string) => void;
  onFailed: (failure: unknown, name: string) => void;
}): (request: DeleteRequest) => void {
  const { modal } = App.useApp();
  return (request) => {
    modal.confirm(
      deleteConfirmation({
        title: request.title,
        content: request.content,
        onConfirm: async () => {
          try {
            await request.remove();
            callbacks.onDeleted(request.name);
          } catch (failure) {
            callbacks.onFailed(failure, request.name);
          }
        },
      }),
    );
  };
}
