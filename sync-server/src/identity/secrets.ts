import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A high-entropy secret (256 bits), URL-safe. */
export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Secrets we mint (session, API key, reset token) carry 256 bits, so a plain SHA-256 is enough to
 * store them: no guessing attack reaches them, and a database leak reveals no usable secret.
 */
export const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  const given = hashSecret(secret);
  return storedHash.length === given.length && timingSafeEqual(given, storedHash);
}

/**
 * `<id>.<secret>` (sessions) and `cpk_<id>_<secret>` (keys): the id finds the row, the secret is
 * compared in constant time against its hash.
 */
export function splitCredential(value: string, separator: string): { id: string; secret: string } | undefined {
  // Ids never contain the separator; secrets (base64url) may contain `_`, so split at the first one.
  const at = value.indexOf(separator);
  if (at <= 0 || at === value.length - 1) return undefined;
  return { id: value.slice(0, at), secret: value.slice(at + 1) };
}
