import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { specialAddress } from '../node/special-addresses.js';

// The SSRF address list once missed ::ffff:0:0:0/96 and 5f00::/16 and refused all of NAT64.
// ipaddr.js, an independent implementation of the IANA special-purpose registries, is the oracle:
// over random addresses (biased towards the edges of every special range), the classifier must
// never call public what the oracle calls special, nor special what it calls public, apart from the
// deliberate differences named below.

/** Ranges the IANA registries mark globally reachable although ipaddr.js names them: public. */
const GLOBALLY_REACHABLE = new Set(['unicast', 'as112', 'amt']);

/** Whether ipaddr.js says the server may fetch from this address. */
function oracleIsPublic(text: string): boolean {
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return GLOBALLY_REACHABLE.has(address.range());
  const ipv6 = address as ipaddr.IPv6;
  const range = ipv6.range();
  if (range === 'unicast') return true;
  // 2620:4f:8000::/48 (AS112 for IPv6) is globally reachable; 2001:4:112::/48 lies inside 2001::/23.
  if (range === 'as112v6') return ipv6.match(ipaddr.parseCIDR('2620:4f:8000::/48'));
  const embedded = () => ipaddr.fromByteArray(ipv6.toByteArray().slice(12)).toString();
  if (range === 'ipv4Mapped') return oracleIsPublic(embedded());
  // RFC 6052 well-known prefix: judged by the IPv4 address it carries; the local-use /48 stays special.
  if (range === 'rfc6052') return ipv6.match(ipaddr.parseCIDR('64:ff9b::/96')) && oracleIsPublic(embedded());
  return false;
}

/** Deliberately stricter than the oracle: the deprecated IPv4-compatible ::/96 is never fetched. */
function deliberatelyRefused(text: string): boolean {
  const address = ipaddr.parse(text);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).match(ipaddr.parseCIDR('::/96'));
}

const bits = (bytes: number[]) => bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
const bytesOf = (value: bigint, length: number) =>
  Array.from({ length }, (_, index) => Number((value >> BigInt(8 * (length - 1 - index))) & 0xffn));

/** Network addresses of every range either side knows of, and their neighbours below. */
const IPV4_EDGES = [
  '0.0.0.0',
  '10.0.0.0',
  '100.64.0.0',
  '127.0.0.0',
  '169.254.0.0',
  '172.16.0.0',
  '192.0.0.0',
  '192.0.2.0',
  '192.31.196.0',
  '192.52.193.0',
  '192.88.99.0',
  '192.168.0.0',
  '192.175.48.0',
  '198.18.0.0',
  '198.51.100.0',
  '203.0.113.0',
  '224.0.0.0',
  '240.0.0.0',
  '255.255.255.255',
  '8.8.8.8',
];
const IPV6_EDGES = [
  '::',
  '::1',
  '::ffff:0:0',
  '::ffff:0:0:0',
  '64:ff9b::',
  '64:ff9b:1::',
  '100::',
  '2001::',
  '2001:2::',
  '2001:3::',
  '2001:4:112::',
  '2001:10::',
  '2001:20::',
  '2001:30::',
  '2001:db8::',
  '2002::',
  '2620:4f:8000::',
  '3fff::',
  '5f00::',
  'fc00::',
  'fe80::',
  'fec0::',
  'ff00::',
  '2606:4700:4700::1111',
];

/** An address near an edge: the edge, minus a little or not, with its low `k` bits random. */
function nearEdge(edges: string[], width: 32 | 128) {
  return fc
    .tuple(
      fc.constantFrom(...edges),
      fc.integer({ min: 0, max: width }),
      fc.bigInt({ min: 0n, max: (1n << BigInt(width)) - 1n }),
      fc.boolean(),
    )
    .map(([edge, k, noise, below]) => {
      const size = width / 8;
      const mask = (1n << BigInt(k)) - 1n;
      let value = bits(ipaddr.parse(edge).toByteArray());
      if (below && value > 0n) value -= 1n;
      value = (value & ~mask) | (noise & mask);
      return ipaddr.fromByteArray(bytesOf(value, size)).toString();
    });
}

const ipv4 = fc.oneof(nearEdge(IPV4_EDGES, 32), fc.ipV4());
/** IPv6 in the spellings DNS answers use: compressed, fully expanded, and with a dotted IPv4 tail. */
const ipv6 = fc
  .tuple(
    fc.oneof(
      nearEdge(IPV6_EDGES, 128),
      fc.ipV6().map((text) => ipaddr.parse(text).toString()),
      fc
        .tuple(fc.constantFrom('::ffff:', '64:ff9b::', '::ffff:0:', '64:ff9b:1::'), ipv4)
        .map(([prefix, v4]) => `${prefix}${v4}`),
    ),
    fc.constantFrom('compressed', 'expanded', 'as written'),
  )
  .map(([text, spelling]) => {
    const parsed = ipaddr.IPv6.parse(text);
    return spelling === 'compressed'
      ? parsed.toString()
      : spelling === 'expanded'
        ? parsed.toNormalizedString()
        : text;
  });

describe('specialAddress against ipaddr.js over random addresses', () => {
  it.each([
    ['IPv4', ipv4],
    ['IPv6', ipv6],
  ] as const)(
    '%s: public exactly when the oracle says so, apart from the documented differences',
    (_family, addresses) => {
      fc.assert(
        fc.property(addresses, (address) => {
          const ours = specialAddress(address) === undefined;
          const oracle = oracleIsPublic(address) && !deliberatelyRefused(address);
          expect({ address, public: ours }).toEqual({ address, public: oracle });
        }),
        { numRuns: 4000 },
      );
    },
  );
});
