import type { GridData } from './types.ts';

/**
 * Tab-separated text as spreadsheets paste it: a field holding a tab, a line break or a quote
 * is quoted (quotes doubled); NULL becomes an empty field.
 */
export function tsvField(text: string | null): string {
  if (text === null) return '';
  return /[\t\n\r"]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function tsvRow(data: GridData, row: number, columns: readonly number[]): string {
  return columns.map((column) => tsvField(data.text(row, column))).join('\t');
}

/** The header line and the given rows (view order) as TSV. */
export function rowsToTsv(
  data: GridData,
  rows: ArrayLike<number> | null,
  columns: readonly number[] = data.columns.map((_c, index) => index),
  withHeader = true,
): string {
  const count = rows ? rows.length : data.numRows;
  const lines: string[] = [];
  if (withHeader) lines.push(columns.map((c) => tsvField(data.columns[c].name)).join('\t'));
  for (let i = 0; i < count; i += 1) lines.push(tsvRow(data, rows ? rows[i] : i, columns));
  return lines.join('\n');
}

/** Puts text on the clipboard; the hidden-textarea fallback covers pages without the API. */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied (no focus, no permission): fall through to the selection-based copy.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('The browser refused to copy to the clipboard');
}
