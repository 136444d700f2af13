/**
 * The data a DataGrid shows, whatever it came from (an Arrow table, row objects). The grid only
 * ever asks for the cells it draws, so a source never has to be turned into row objects whole.
 */

/** How a column's values are aligned, formatted and sorted. */
export type ColumnKind = 'number' | 'string' | 'temporal' | 'boolean' | 'other';

export interface GridColumn {
  /** Name as the result has it (also the header). */
  name: string;
  kind: ColumnKind;
  /** The database type, shown in the header's tooltip when known. */
  type?: string | null;
}

export interface GridData {
  readonly numRows: number;
  readonly columns: readonly GridColumn[];
  /** The raw value of a cell (null for SQL NULL); used for sorting. */
  value(row: number, column: number): unknown;
  /**
   * The cell as plain text (no digit grouping): what filtering matches and copying puts on the
   * clipboard. null for SQL NULL.
   */
  text(row: number, column: number): string | null;
  /** The cell as the grid draws it (numbers grouped). null for SQL NULL. */
  display(row: number, column: number): string | null;
  /**
   * Optional: `text` of the rows `start` to `end - 1` of one column at once, read column-wise
   * (the same strings, far fewer lookups); the filter scans through it when a source has it.
   */
  textSlice?(column: number, start: number, end: number): ArrayLike<string | null>;
}

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: number;
  direction: SortDirection;
}
