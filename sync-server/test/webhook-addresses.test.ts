import { describe, expect, it } from 'vitest';
import { embeddedIPv4, isPrivateAddress, isPrivateHostName, parseIPv6 } from '../src/webhooks/public-address.js';

/** An IPv6 text as URL writes it (`new URL` compresses and lower-cases the host). */
const asUrlHost = (v6: string) => new URL(`http://[${v6}]/`).hostname;

describe('webhook target addresses', () => {
  it('reads IPv6 in every spelling: ::, a trailing dotted quad, a zone', () => {
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6('64:ff9b::10.0.0.1')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0x0a00, 1]);
    expect(parseIPv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '::12345', '::g', '::1.2.3.256', '1:2:3:4:5:6:7::8']) expect(parseIPv6(bad), bad).toBeNull();
  });

  it('unwraps every IPv6 embedding of an IPv4 address', () => {
    const v4 = (text: string) => embeddedIPv4(parseIPv6(text)!)?.map((b) => b.join('.'));
    expect(v4('::ffff:10.1.2.3')).toEqual(['10.1.2.3']); // IPv4-mapped
    expect(v4('::ffff:0:10.1.2.3')).toEqual(['10.1.2.3']); // IPv4-translated
    expect(v4('::10.1.2.3')).toEqual(['10.1.2.3']); // IPv4-compatible
    expect(v4('64:ff9b::10.1.2.3')).toEqual(['10.1.2.3']); // NAT64, well-known prefix
    expect(v4('64:ff9b:1::10.1.2.3')).toEqual(['10.1.2.3']); // local-use NAT64 as a /96
    // Local-use NAT64 as a /48 (u-octet skipped): the address does not say its prefix length, so
    // every reading RFC 6052 allows is judged.
    expect(v4('64:ff9b:1:0a01:2:0300::')).toEqual(['10.1.2.3', '1.2.3.0', '2.3.0.0']);
    expect(v4('2002:0a01:0203::1')).toEqual(['10.1.2.3']); // 6to4
    // Teredo: server 65.54.227.120 in bits 32–63, client 10.0.0.1 inverted in the last 32 bits.
    expect(v4('2001:0:4136:e378:8000:63bf:f5ff:fffe')).toEqual(['65.54.227.120', '10.0.0.1']);
    expect(embeddedIPv4(parseIPv6('2606:4700::1111')!)).toBeNull();
  });

  it('refuses loopback and private IPv4 in every IPv6 form (as URL writes them and as resolvers do)', () => {
    const loopback = [
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b:1::127.0.0.1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo client 127.0.0.1
      '2001:0:7f00:1::', // Teredo server 127.0.0.1
    ];
    for (const a of loopback) {
      expect(isPrivateAddress(a), a).toBe(true);
      expect(isPrivateAddress(asUrlHost(a)), asUrlHost(a)).toBe(true);
      expect(isPrivateHostName(asUrlHost(a)), a).toBe(true);
    }
    for (const a of ['::ffff:169.254.169.254', '64:ff9b::192.168.1.1', '2002:a00:1::', '::ffff:0:100.64.0.1', '64:ff9b:1::172.16.0.1', '64:ff9b:1:ffff::'])
      expect(isPrivateAddress(a), a).toBe(true);
  });

  it('lets public IPv4 through its IPv6 forms', () => {
    for (const a of ['::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::8.8.8.8', '64:ff9b:1::8.8.8.8', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('knows IPv4 and IPv6 ranges that are no public host', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::', '::1', '[::1]', 'fd00::1', 'fc00::1', 'fe80::1', 'ff02::1', '100::1', '2001:db8::1', '3fff::1', '2001:2::1', '2001:10::1', '4000::1', '5f00::1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '2a00:1450:4001:80b::200e', '[2606:4700::1111]'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('judges names by their words only where they say loopback', () => {
    for (const h of ['localhost', 'LOCALHOST.', 'api.localhost', '[::1]', '127.0.0.1']) expect(isPrivateHostName(h), h).toBe(true);
    for (const h of ['hooks.example.com', 'localhost.example.com', '8.8.8.8']) expect(isPrivateHostName(h), h).toBe(false);
  });
});
