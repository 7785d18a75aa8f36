const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case: no i, l, o, u

/** A random id with a readable prefix (`usr_…`, `org_…`): 16 characters, 80 bits. */
export function newId(prefix: string, length = 16): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return `${prefix}_${out}`;
}
