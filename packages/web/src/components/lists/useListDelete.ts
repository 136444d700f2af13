import { App } from 'antd';
import type { ReactNode } from 'react';
import { toErrorObject } from '../errorObject.ts';
import { deleteConfirmation } from './deleteConfirmation.ts';

/** The toasts a list delete reports with (the app's `useToasts()` fits). */
export interface DeleteToasts {
  addSuccessToast(text: string): void;
  addDangerToast(text: string): void;
}

export interface ListDeleteOptions<Row> {
  /** What the rows are called in the texts, e.g. `{ one: 'chart', many: 'charts' }`. */
  noun: { one: string; many: string };
  nameOf: (row: Row) => string;
  /** Shown under the title: what else goes with the rows. */
  content: (rows: Row[]) => ReactNode;
  removeOne: (row: Row) => Promise<unknown>;
  /** One call for several rows; its answer's message (the server's "Deleted 2 charts") is the toast. */
  removeMany: (rows: Row[]) => Promise<{ message: string }>;
  toasts: DeleteToasts;
  /** After the rows are gone: clear the selection and reload the list. */
  onDeleted: () => void;
}

/**
 * Deleting one row (its row action) or the bulk selection of a list page, after the question
 * `Delete chart "Sales"?` / `Delete 3 charts?`. One row goes through its own DELETE, several
 * through the bulk DELETE; either way the result is a toast.
 */
export function useListDelete<Row>(options: ListDeleteOptions<Row>): (rows: Row[]) => void {
  const { modal } = App.useApp();
  const { noun, nameOf, toasts } = options;

  const remove = async (rows: Row[]) => {
    try {
      const [first] = rows;
      if (rows.length === 1 && first !== undefined) {
        await options.removeOne(first);
        toasts.addSuccessToast(`Deleted: ${nameOf(first)}`);
      } else {
        const answer = await options.removeMany(rows);
        toasts.addSuccessToast(answer.message);
      }
      options.onDeleted();
    } catch (failure) {
      toasts.addDangerToast(
        `There was an issue deleting the selected ${noun.many}: ${toErrorObject(failure).error}`,
      );
    }
  };

  return (rows) => {
    const [first] = rows;
    modal.confirm(
      deleteConfirmation({
        title:
          rows.length === 1 && first !== undefined
            ? `Delete ${noun.one} "${nameOf(first)}"?`
            : `Delete ${rows.length} ${noun.many}?`,
        content: options.content(rows),
        onConfirm: () => remove(rows),
      }),
    );
  };
}
