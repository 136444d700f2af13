/** A link counts as absolute if it has a scheme, a `//` prefix or a host. */
export function isAbsoluteUrl(link: string): boolean {
  const trimmed = link.trim();
  if (trimmed.startsWith('//')) return true;
  if (/^[a-zA-Z][a-zA-Z\d+\-.]*:/.test(trimmed)) return true;
  // A bare host such as `example.com/path` (a dot in the first segment, not a relative file).
  const firstSegment = trimmed.split(/[/?#]/, 1)[0] ?? '';
  return /^[a-z\d-]+(\.[a-z\d-]+)+(:\d+)?$/i.test(firstSegment) && !trimmed.startsWith('.');
}
