/** Kept in form data, never drawn. */
export function HiddenControl() {
  return null;
}
