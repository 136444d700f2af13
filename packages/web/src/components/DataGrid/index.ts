export type { ColumnInfo } from './arrowData.ts';
export { arrowGridData } from './arrowData.ts';
export { copyToClipboard, rowsToTsv, tsvField, tsvRow } from './copy.ts';
export type { DataGridProps } from './DataGrid.tsx';
export { DataGrid, formatRowCount } from './DataGrid.tsx';
export { displayText, formatTimestamp, kindFromGeneric, plainText } from './format.ts';
export type { RowColumn } from './rowData.ts';
export { rowGridData } from './rowData.ts';
export type { ColumnKind, GridColumn, GridData, SortDirection, SortState } from './types.ts';
