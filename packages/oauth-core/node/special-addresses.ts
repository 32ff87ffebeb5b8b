import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// The special-use ranges (RFC 6890 and the IANA special-purpose address registries) are ipaddr.js's
// (`range()` and its `SpecialRanges` tables), not a table of our own. What this file adds is the
// policy: which of them the server may fetch from, and the addresses judged by the IPv4 address they
// carry. test/special-addresses.property.test.ts guards both against ipaddr.js over random addresses.

/** ipaddr.js's IPv4 ranges that the IANA registry marks globally reachable. */
const PUBLIC_IPV4 = new Set(['unicast', 'as112', 'amt']);
/** AS112 for IPv6 is globally reachable; ipaddr.js's `as112v6` also holds 2001:4:112::/48 (2001::/23). */
const PUBLIC_AS112V6 = ipaddr.parseCIDR('2620:4f:8000::/48');
/** The deprecated IPv4-compatible addresses: refused, although ipaddr.js names no range for them. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/** RFC 6052's well-known NAT64 prefix, judged by the IPv4 address it carries (DNS64 on IPv6-only hosts). */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/** The words of our messages for ipaddr.js's range names. */
const WORDS: Record<string, string> = {
  carrierGradeNat: 'shared (CGNAT)',
  linkLocal: 'link-local',
  uniqueLocal: 'unique local',
  deprecatedSiteLocal: 'site-local',
  discard: 'discard-only',
  rfc6145: 'IPv4-translated',
  rfc6052: 'local-use NAT64',
  teredo: 'Teredo',
  amt: 'AMT',
  as112v6: 'AS112',
  deprecatedOrchid: 'ORCHID',
  orchid2: 'ORCHIDv2',
  droneRemoteIdProtocolEntityTags: 'drone remote ID',
  segmentRouting: 'SRv6 SIDs',
};

/** Where an address belongs when it is not a public unicast address. */
export interface SpecialAddress {
  /** The range, e.g. `private 10.0.0.0/8`. */
  range: string;
  /** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
  loopback: boolean;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

/** `private 10.0.0.0/8`: ipaddr.js's range name, in our words, and which of its networks matched. */
function rangeName(address: Address, name: string): string {
  // `SpecialRanges` is on the prototypes of IPv4 and IPv6, untyped.
  const table = (address as unknown as { SpecialRanges: Record<string, Cidr | Cidr[]> }).SpecialRanges[name];
  const networks = (table === undefined ? [] : Array.isArray(table[0]) ? table : [table]) as Cidr[];
  const network = networks.find(([base, bits]) => address.match(base as never, bits));
  const words = WORDS[name] ?? name;
  return network === undefined ? words : `${words} ${network[0].toString()}/${network[1]}`;
}

function classify(address: Address): SpecialAddress | undefined {
  const name = address.range();
  if (address.kind() === 'ipv4') {
    if (PUBLIC_IPV4.has(name)) return undefined;
    return { range: rangeName(address, name), loopback: name === 'loopback' };
  }
  const ipv6 = address as ipaddr.IPv6;
  if (name === 'unicast' && ipv6.match(IPV4_COMPATIBLE))
    return { range: 'IPv4-compatible ::/96', loopback: false };
  if (name === 'unicast') return undefined;
  if (name === 'as112v6' && ipv6.match(PUBLIC_AS112V6)) return undefined;
  const via = name === 'ipv4Mapped' ? 'IPv4-mapped' : ipv6.match(NAT64) ? 'NAT64' : undefined;
  if (via !== undefined) {
    const inner = classify(ipaddr.fromByteArray(ipv6.toByteArray().slice(12)));
    // A NAT64 address reaches its IPv4 address through a translator, never this host's loopback.
    return inner && { range: `${inner.range} (${via})`, loopback: via === 'IPv4-mapped' && inner.loopback };
  }
  return { range: rangeName(address, name), loopback: name === 'loopback' };
}

/**
 * Classifies an IP address (no brackets): `undefined` for a public unicast address, otherwise the
 * special-use range it is in. An IPv4-mapped IPv6 address, and a NAT64 one (64:ff9b::/96), is
 * judged by the IPv4 address it carries; an IPv4-translated one (::ffff:0:0:0/96) is refused. A string
 * that is not an IP address (in node:net's strict reading: no `127.1`) counts as special.
 */
export function specialAddress(address: string): SpecialAddress | undefined {
  const family = isIP(address);
  if (family === 0) return { range: 'not an IP address', loopback: false };
  // ipaddr.js reads `::1.2.3.4` (IPv4-compatible) as `::ffff:1.2.3.4` (IPv4-mapped): it parses the
  // URL standard's spelling of an IPv6 address (hex groups only), without the zone index.
  const text =
    family === 6 ? new URL(`http://[${address.replace(/%.*$/, '')}]/`).hostname.slice(1, -1) : address;
  return classify(ipaddr.parse(text));
}
