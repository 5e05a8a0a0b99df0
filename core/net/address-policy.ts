/**
 * Which network addresses outbound requests (audio_url fetches, webhooks) may reach: never
 * loopback, private, link-local, shared, multicast, reserved or cloud-metadata addresses, unless
 * VERSE_ALLOW_PRIVATE_NETWORK is on. Checked on the resolved address of every connection, so a
 * hostname that resolves to 127.0.0.1 (or is re-bound to it later) is refused too.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, including fd00:ec2::254 (cloud metadata)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** IPv4 addresses hidden inside IPv6 forms (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = Number.parseInt(hex[1]!, 16);
    const lo = Number.parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Addresses operators allow despite the rules above (VERSE_OUTBOUND_ALLOW), e.g. an internal CDN. */
export function allowListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [net, prefix] = entry.split('/');
    const family = isIP(net ?? '');
    if (family === 0) throw new Error(`VERSE_OUTBOUND_ALLOW: ${entry} is not an address or CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(net!, type);
    else list.addSubnet(net!, Number(prefix), type);
  }
  return list;
}

export function isForbiddenAddress(address: string, allowed?: BlockList): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (allowed?.check(address, family === 4 ? 'ipv4' : 'ipv6')) return false;
  if (family === 4) return blocked.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}
