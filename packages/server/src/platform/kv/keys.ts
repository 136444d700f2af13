/**
 * Keys of key-value entries as the public sees them: the entry's random UUID (122 random bits)
 * written in base62, 22 characters, so links are short and cannot be guessed or enumerated.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_LENGTH = 22;

export function uuidToKey(uuid: string): string {
  let value = BigInt(`0x${uuid.replaceAll('-', '')}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(KEY_LENGTH, '0');
}

/** The UUID a key stands for, or null for text that is not a key. */
export function keyToUuid(key: string): string | null {
  if (!/^[0-9A-Za-z]{1,22}$/.test(key)) return null;
  let value = 0n;
  for (const char of key) value = value * 62n + BigInt(ALPHABET.indexOf(char));
  if (value >= 1n << 128n) return null;
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
