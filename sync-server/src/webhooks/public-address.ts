/**
 * Which IP addresses a webhook may be delivered to: public hosts only (unless the operator sets
 * WEBHOOK_ALLOW_PRIVATE). Pure, no I/O: judged on a literal address, before and after resolving.
 *
 * IPv6 can carry an IPv4 address in many ways, and a router or the host's own stack may send
 * to that IPv4 host (::ffff:127.0.0.1 is this machine on a dual stack, 2002:7f00:1::1 is this
 * machine through a 6to4 relay). Every such embedding is unwrapped and judged by the IPv4 rules;
 * any other IPv6 address is public only inside global unicast (2000::/3), outside the special
 * ranges there.
 */

type V4 = readonly [number, number, number, number];

// This host, private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
// documentation, benchmarking, multicast and reserved space.
const PRIVATE_V4: readonly (readonly [V4, number])[] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

/** Special ranges inside 2000::/3 that are not somebody's public host (prefix as 8 groups). */
const NOT_PUBLIC_V6: readonly (readonly [readonly number[], number])[] = [
  [[0x2001, 0x0002, 0], 48], // benchmarking
  [[0x2001, 0x0010], 28], // ORCHID
  [[0x2001, 0x0020], 28], // ORCHIDv2
  [[0x2001, 0x0db8], 32], // documentation
  [[0x3fff, 0], 20], // documentation (RFC 9637)
];

/** `a.b.c.d` in strict dotted decimal (what URL and the resolver give), else null. */
export function parseIPv4(text: string): V4 | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9][0-9]{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b <= 255) ? (bytes as unknown as V4) : null;
}

/** An IPv6 address (`::` shorthand, a trailing dotted quad, a `%zone` ignored) as 8 groups, else null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/%.*$/, '');
  const tail: number[] = [];
  const quad = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (quad) {
    const v4 = parseIPv4(quad[2]!);
    if (!v4) return null;
    tail.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
    s = quad[1]!.endsWith('::') ? quad[1]! : quad[1]!.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  const given = head.length + rest.length + tail.length;
  if (halves.length === 2 ? given > 7 : given !== 8) return null;
  return [...head, ...Array<number>(8 - given).fill(0), ...rest, ...tail];
}

const bitOf = (groups: readonly number[], bit: number) => (groups[bit >> 4]! >> (15 - (bit & 15))) & 1;

function inPrefix(groups: readonly number[], prefix: readonly number[], length: number): boolean {
  for (let bit = 0; bit < length; bit++) if (bitOf(groups, bit) !== bitOf(prefix, bit)) return false;
  return true;
}

/** The 32 bits of `groups` from `bit` on, skipping bits 64–71 (RFC 6052's reserved u-octet) when asked. */
function v4At(groups: readonly number[], bit: number, skipUOctet = false): V4 {
  let value = 0;
  for (let i = 0, b = bit; i < 32; i++, b++) {
    if (skipUOctet && b === 64) b = 72;
    value = value * 2 + bitOf(groups, b);
  }
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

function zeroFrom(groups: readonly number[], bit: number): boolean {
  for (let b = bit; b < 128; b++) if (bitOf(groups, b)) return false;
  return true;
}

/**
 * The IPv4 addresses an IPv6 address stands for, when it embeds any: IPv4-mapped ::ffff:a.b.c.d,
 * IPv4-translated ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48, 6to4 2002::/16 (bits 16–47) and Teredo 2001::/32 (the server's address in bits
 * 32–63, the client's in the last 32 bits, inverted). Null when it embeds none.
 */
export function embeddedIPv4(groups: readonly number[]): V4[] | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return [v4At(groups, 96)];
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return [v4At(groups, 96)];
  if (zeros(0, 6)) return [v4At(groups, 96)];
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return [v4At(groups, 96)];
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1) {
    // The operator picks the prefix length (RFC 6052: /48, /56, /64 or /96 here), which the
    // address does not say: every reading whose suffix and u-octet are zero, as RFC 6052 wants,
    // is judged. None at all is no NAT64 address, and stands for nothing public.
    const readings: V4[] = [];
    if (zeros(3, 6)) readings.push(v4At(groups, 96));
    const uOctetZero = (groups[4]! >> 8) === 0;
    if (uOctetZero && zeroFrom(groups, 88)) readings.push(v4At(groups, 48, true));
    if (uOctetZero && zeroFrom(groups, 96)) readings.push(v4At(groups, 56, true));
    if (uOctetZero && zeroFrom(groups, 104)) readings.push(v4At(groups, 72));
    return readings.length > 0 ? readings : [[0, 0, 0, 0]];
  }
  if (groups[0] === 0x2002) return [v4At(groups, 16)];
  if (groups[0] === 0x2001 && groups[1] === 0) {
    const client = v4At(groups, 96).map((b) => b ^ 0xff) as unknown as V4;
    return [v4At(groups, 32), client];
  }
  return null;
}

function isPrivateV4(v4: V4): boolean {
  return PRIVATE_V4.some(([net, length]) => {
    for (let bit = 0; bit < length; bit++) {
      const mask = 0x80 >> (bit & 7);
      if ((v4[bit >> 3]! & mask) !== (net[bit >> 3]! & mask)) return false;
    }
    return true;
  });
}

function isPrivateV6(groups: readonly number[]): boolean {
  const v4 = embeddedIPv4(groups);
  if (v4) return v4.some(isPrivateV4);
  // Global unicast is 2000::/3; everything else (loopback, unique-local, link-local, multicast,
  // discard, unassigned) is no public host.
  if (!inPrefix(groups, [0x2000], 3)) return true;
  return NOT_PUBLIC_V6.some(([prefix, length]) => inPrefix(groups, prefix, length));
}

/**
 * Whether an IP address (v4, or v6 bare or in brackets) is loopback, private, link-local or
 * otherwise not a public host. A text that is no IP address is not judged here (false).
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const v4 = parseIPv4(bare);
  if (v4) return isPrivateV4(v4);
  const v6 = bare.includes(':') ? parseIPv6(bare) : null;
  return v6 ? isPrivateV6(v6) : false;
}

/** A host name that is, by its name alone, this machine or a private address (checked again after resolving). */
export function isPrivateHostName(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || isPrivateAddress(h);
}
