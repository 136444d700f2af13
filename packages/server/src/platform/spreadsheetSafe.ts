/**
 * Spreadsheet programs run a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * as a formula, so a value a user stored can run commands on whoever opens a download (CSV
 * injection). Such a text cell is prefixed with a single quote, as OWASP advises; numbers are
 * left alone (a negative number is data, not a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetSafe<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
