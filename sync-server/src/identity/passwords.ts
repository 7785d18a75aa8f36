import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { FairGate } from '../throttle/fair-gate.js';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** scrypt, memory-hard: N=2^15, r=8 (32 MiB per hash), p=1; about 60 ms here, off the event loop. */
const PARAMS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const maxmem = (p: { N: number; r: number; p: number }) => 256 * p.N * p.r * p.p + 1_048_576;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmem(PARAMS) });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((x) => Number.isInteger(x) && x > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), salt, expected.length, { N, r, p, maxmem: maxmem({ N, r, p }) });
  return stored !== null && timingSafeEqual(key, expected);
}

/**
 * Verified against when the account does not exist or has no password, so a wrong email costs
 * the same time as a wrong password and does not reveal which accounts exist.
 */
const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;

/**
 * Every scrypt of the server goes through here: hashes and checks wait their turn at the gate
 * (a cap on concurrent hashes, taken round-robin per client address), so a burst from one place
 * neither starves the others' sign-ins nor the libuv threads file reads need. The counters are
 * what the server's logs and tests read to see how much hashing a request bought.
 */
export class PasswordHasher {
  private hashed = 0;
  private verified = 0;

  constructor(private readonly gate: FairGate) {}

  hash(password: string, client: string): Promise<string> {
    return this.gate.run(client, () => {
      this.hashed++;
      return hashPassword(password);
    });
  }

  /** Checks against `stored`, or against a dummy hash when there is none (same cost either way). */
  verify(password: string, stored: string | null, client: string): Promise<boolean> {
    return this.gate.run(client, () => {
      this.verified++;
      return verifyPassword(password, stored);
    });
  }

  stats() {
    return { hashed: this.hashed, verified: this.verified, ...this.gate.stats() };
  }
}
