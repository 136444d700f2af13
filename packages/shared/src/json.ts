/**
 * Saved JSON text (params, json_metadata, extra, template_params...) read as an object: the one
 * reader every feature uses, so empty, malformed or non-object text is treated alike everywhere.
 */

/** The object the text holds, or null when it is empty, not JSON, or not an object. */
export function parseJsonObjectOrNull(
  text: string | null | undefined,
): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The object the text holds, or `{}` when it is empty, not JSON, or not an object. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  return parseJsonObjectOrNull(text) ?? {};
}
