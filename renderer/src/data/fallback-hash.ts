/**
 * A 256-bit non-cryptographic hash (four differently seeded 64-bit FNV-1a lanes), for RxDB where
 * `crypto.subtle` is missing (pages served over plain http on a LAN). RxDB only needs revision
 * hashes that do not collide by accident; nothing here protects a secret.
 */
export async function fallbackHash(input: string | ArrayBuffer | Blob): Promise<string> {
  const bytes =
    typeof input === 'string' ? new TextEncoder().encode(input) : new Uint8Array(input instanceof Blob ? await input.arrayBuffer() : input);
  const seeds = [0xcbf29ce484222325n, 0x84222325cbf29ce4n, 0x9e3779b97f4a7c15n, 0xc2b2ae3d27d4eb4fn];
  const prime = 0x100000001b3n;
  const mask = (1n << 64n) - 1n;
  return seeds
    .map((seed, lane) => {
      let h = seed;
      for (const byte of bytes) {
        h ^= BigInt(byte ^ (lane * 0x5b));
        h = (h * prime) & mask;
      }
      return h.toString(16).padStart(16, '0');
    })
    .join('');
}
