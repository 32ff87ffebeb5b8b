import { BlockList, isIP } from 'node:net';

/** One special-use range (RFC 6890 and the IANA special-purpose registries). */
interface SpecialRange {
  name: string;
  loopback: boolean;
  list: BlockList;
}

function range(name: string, network: string, prefix: number, loopback = false): SpecialRange {
  const list = new BlockList();
  list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return { name, loopback, list };
}

const IPV4_RANGES: SpecialRange[] = [
  range('"this network" 0.0.0.0/8 (unspecified)', '0.0.0.0', 8),
  range('private 10.0.0.0/8', '10.0.0.0', 8),
  range('shared (CGNAT) 100.64.0.0/10', '100.64.0.0', 10),
  range('loopback 127.0.0.0/8', '127.0.0.0', 8, true),
  range('link-local 169.254.0.0/16', '169.254.0.0', 16),
  range('private 172.16.0.0/12', '172.16.0.0', 12),
  range('IETF protocol assignments 192.0.0.0/24', '192.0.0.0', 24),
  range('documentation 192.0.2.0/24', '192.0.2.0', 24),
  range('6to4 relay 192.88.99.0/24', '192.88.99.0', 24),
  range('private 192.168.0.0/16', '192.168.0.0', 16),
  range('benchmarking 198.18.0.0/15', '198.18.0.0', 15),
  range('documentation 198.51.100.0/24', '198.51.100.0', 24),
  range('documentation 203.0.113.0/24', '203.0.113.0', 24),
  range('multicast 224.0.0.0/4', '224.0.0.0', 4),
  range('reserved 240.0.0.0/4 (and broadcast)', '240.0.0.0', 4),
];

const IPV6_RANGES: SpecialRange[] = [
  range('unspecified ::/128', '::', 128),
  range('loopback ::1/128', '::1', 128, true),
  range('IPv4-compatible ::/96', '::', 96),
  range('IPv4-translated ::ffff:0:0:0/96', '::ffff:0:0:0', 96),
  range('local-use NAT64 64:ff9b:1::/48', '64:ff9b:1::', 48),
  range('discard-only 100::/64', '100::', 64),
  range('IETF protocol assignments 2001::/23 (Teredo, benchmarking, ORCHID)', '2001::', 23),
  range('documentation 2001:db8::/32', '2001:db8::', 32),
  range('6to4 2002::/16', '2002::', 16),
  range('documentation 3fff::/20', '3fff::', 20),
  range('unique local fc00::/7', 'fc00::', 7),
  range('link-local fe80::/10', 'fe80::', 10),
  range('site-local fec0::/10', 'fec0::', 10),
  range('SRv6 SIDs 5f00::/16', '5f00::', 16),
  range('multicast ff00::/8', 'ff00::', 8),
];

const MAPPED = range('IPv4-mapped ::ffff:0:0/96', '::ffff:0.0.0.0', 96);
/**
 * RFC 6052 well-known NAT64 prefix: on an IPv6-only host behind DNS64 every IPv4-only name
 * resolves here, so the address is judged by the IPv4 address it carries, not refused as a whole.
 */
const NAT64 = range('NAT64 64:ff9b::/96', '64:ff9b::', 96);

/** Where an address belongs when it is not a public unicast address. */
export interface SpecialAddress {
  /** The range, e.g. `private 10.0.0.0/8`. */
  range: string;
  /** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
  loopback: boolean;
}

/** The IPv4 address in the last 32 bits of an IPv6 address (hex groups or a dotted tail). */
function lastIpv4(address: string): string {
  const tail = address.slice(address.lastIndexOf(':') + 1);
  if (isIP(tail) === 4) return tail;
  const groups = address.toLowerCase().split(':');
  const high = Number.parseInt(groups.at(-2) || '0', 16);
  const low = Number.parseInt(groups.at(-1) || '0', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The embedded IPv4 address of an IPv4-mapped or NAT64 address, with the wrapper's name. */
function embeddedIpv4(address: string): { ipv4: string; via: string } | undefined {
  if (MAPPED.list.check(address, 'ipv6')) return { ipv4: lastIpv4(address), via: 'IPv4-mapped' };
  if (NAT64.list.check(address, 'ipv6')) return { ipv4: lastIpv4(address), via: 'NAT64' };
  return undefined;
}

/**
 * Classifies an IP address (no brackets): `undefined` for a public unicast address, otherwise the
 * special-use range it is in. An IPv4-mapped IPv6 address, and a NAT64 one (64:ff9b::/96), is
 * judged by the IPv4 address it carries; an IPv4-translated one (::ffff:0:0:0/96) is refused. A string
 * that is not an IP address counts as special (nothing unknown is ever reached).
 */
export function specialAddress(address: string): SpecialAddress | undefined {
  const family = isIP(address);
  if (family === 4) {
    const found = IPV4_RANGES.find((candidate) => candidate.list.check(address, 'ipv4'));
    return found && { range: found.name, loopback: found.loopback };
  }
  if (family === 6) {
    const embedded = embeddedIpv4(address);
    if (embedded !== undefined) {
      const inner = specialAddress(embedded.ipv4);
      // A NAT64 address reaches its IPv4 address through a translator, never this host's loopback.
      const loopback = embedded.via === 'IPv4-mapped' && inner?.loopback === true;
      return inner && { range: `${inner.range} (${embedded.via})`, loopback };
    }
    const found = IPV6_RANGES.find((candidate) => candidate.list.check(address, 'ipv6'));
    return found && { range: found.name, loopback: found.loopback };
  }
  return { range: 'not an IP address', loopback: false };
}
