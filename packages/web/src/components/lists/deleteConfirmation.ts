import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';

export interface DeleteConfirmationRequest {
  title: ReactNode;
  content: ReactNode;
  /** Runs on "Delete"; the button shows it loading until this settles. */
  onConfirm: () => Promise<unknown>;
}

/**
 * The options of `modal.confirm` for every "Delete ...?" question of the app: a danger button
 * "Delete" and the test ids `confirm-delete` / `confirm-cancel` the journeys click.
 */
export function deleteConfirmation(request: DeleteConfirmationRequest): ModalFuncProps {
  return {
    title: request.title,
    content: request.content,
    okText: 'Delete',
    okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
    cancelButtonProps: { 'data-testid': 'confirm-cancel' },
    onOk: request.onConfirm,
  };
}
