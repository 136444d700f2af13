import type { TableProps } from 'antd';
import { useState } from 'react';

type RowSelection<Row> = NonNullable<TableProps<Row>['rowSelection']>;

export interface BulkCheckboxes<Row> {
  /** The test id of every row's checkbox, e.g. `chart-select`. */
  testId: string;
  /** Rows the user may not act on get a disabled checkbox. */
  disabled?: (row: Row) => boolean;
}

export interface BulkSelection<Row> {
  /** Bulk-select mode is on: the checkboxes and the BulkSelectBar show. */
  active: boolean;
  selected: Row[];
  /** Turns the mode on or off; either way the selection starts empty. */
  toggle: () => void;
  clear: () => void;
  /** The ListView's `rowSelection` while the mode is on, else undefined (no checkboxes). */
  rowSelection: (checkboxes: BulkCheckboxes<Row>) => RowSelection<Row> | undefined;
}

/** The bulk-select mode of an object list (charts, dashboards, datasets) and its selected rows. */
export function useBulkSelection<Row extends { id: number }>(): BulkSelection<Row> {
  const [active, setActive] = useState(false);
  const [selected, setSelected] = useState<Row[]>([]);
  return {
    active,
    selected,
    toggle: () => {
      setActive((on) => !on);
      setSelected([]);
    },
    clear: () => setSelected([]),
    rowSelection: ({ testId, disabled }) =>
      active
        ? {
            selectedRowKeys: selected.map((row) => row.id),
            // Kept across pages: a selection may span several pages of the list.
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
            getCheckboxProps: (row) => ({ disabled: disabled?.(row), 'data-testid': testId }),
          }
        : undefined,
  };
}
