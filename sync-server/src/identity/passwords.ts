import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { FairSlotsFull, type FairSlots } from '../fair-slots.js';
import { HttpError } from '../http-error.js';

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
 * Every scrypt of the server goes through here: hashes and checks wait their turn in a fair pool
 * (fair-slots.ts: a cap on concurrent hashes, waiting kept per client address and served in turn,
 * bounded per address and in all), so a burst from one place neither starves the others' sign-ins
 * nor the libuv threads file reads need. A refused wait is 429 (this address has too many
 * waiting; its oldest gives way) or 503 (the server has), with Retry-After. The counters are what
 * the server's logs and tests read to see how much hashing a request bought.
 */
export class PasswordHasher {
  private hashed = 0;
  private verified = 0;

  constructor(
    private readonly slots: FairSlots,
    private readonly onWait?: (client: string, waitedMs: number) => void,
  ) {}

  hash(password: string, client: string): Promise<string> {
    return this.run(client, () => {
      this.hashed++;
      return hashPassword(password);
    });
  }

  /** Checks against `stored`, or against a dummy hash when there is none (same cost either way). */
  verify(password: string, stored: string | null, client: string): Promise<boolean> {
    return this.run(client, () => {
      this.verified++;
      return verifyPassword(password, stored);
    });
  }

  stats() {
    return { hashed: this.hashed, verified: this.verified, ...this.slots.counts() };
  }

  /** Runs `work` holding one of the gate's slots for `client`: every hash and check goes through here. */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    let waited: number;
    try {
      waited = await this.slots.acquire(client);
    } catch (e) {
      if (!(e instanceof FairSlotsFull)) throw e;
      // Seconds until the queue ahead has likely drained: a rough, honest hint.
      const retryAfter = String(Math.max(1, Math.ceil(this.slots.counts().waiting / this.slots.slots / 10)));
      const [status, message] = e.reason === 'own' ? [429, 'Too many password checks from this address at once'] : [503, 'The server is busy checking passwords'];
      throw new HttpError(status, `${message}; try again in ${retryAfter} s`, {}, { 'retry-after': retryAfter });
    }
    this.onWait?.(client, waited);
    try {
      return await work();
    } finally {
      this.slots.release(client);
    }
  }
}
