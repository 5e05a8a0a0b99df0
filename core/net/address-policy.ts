/**
 * Which network addresses outbound requests (audio_url fetches, webhooks) may reach: never
 * loopback, private, link-local, shared, multicast, reserved or cloud-metadata addresses, unless
 * VERSE_ALLOW_PRIVATE_NETWORK is on. Checked on the resolved address of every connection, so a
 * hostname that resolves to 127.0.0.1 (or is re-bound to it later) is refused too.
 */
import { BlockList, isIP } from 'node:net';
import { type OutboundPolicy, OutboundRefusedError } from '../ports/outbound.ts';

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
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: an obfuscated IPv4 address inside
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: any IPv4 address inside, private ones included
  ['fc00::', 7], // unique local, including fd00:ec2::254 (cloud metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address in any of its spellings (zero runs, embedded dotted quad, zone). */
function ipv6Bytes(address: string): number[] | null {
  const text = address.split('%')[0]!.toLowerCase();
  const groups: number[] = [];
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1 && part.includes('.')) {
        const quad = part.split('.').map(Number);
        if (quad.length !== 4 || quad.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return null;
        out.push((quad[0]! << 8) | quad[1]!, (quad[2]! << 8) | quad[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(part)) return null;
        out.push(Number.parseInt(part, 16));
      }
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  groups.push(...head, ...new Array(halves.length === 2 ? fill : 0).fill(0), ...tail);
  return groups.flatMap((g) => [g >> 8, g & 255]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ZERO_80 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/**
 * IPv4 addresses that an IPv6 address stands for: mapped ::ffff:a.b.c.d, translated
 * ::ffff:0:a.b.c.d and NAT64 64:ff9b::a.b.c.d, however the address is written.
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const isEmbedding =
    startsWith(bytes, [...ZERO_80, 0xff, 0xff]) ||
    startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0]) ||
    startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]);
  return isEmbedding ? bytes.slice(12).join('.') : null;
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
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  // Checked in one canonical spelling, so no way of writing the address slips past the list.
  const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  return blocked.check(canonical.join(':'), 'ipv6');
}

const allowCache = new Map<string, BlockList>();
/** The policy's allow-list, built once per list. */
export function allowedBy(policy: OutboundPolicy): BlockList | undefined {
  if (!policy.allowedAddresses?.length) return undefined;
  const key = policy.allowedAddresses.join(',');
  let list = allowCache.get(key);
  if (!list) {
    list = allowListOf(policy.allowedAddresses);
    allowCache.set(key, list);
  }
  return list;
}

/** A URL an outbound request may start from: https, no credentials, no forbidden IP literal. */
export function checkUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('not a valid URL');
  }
  if (url.protocol !== 'https:') throw new OutboundRefusedError('only https:// URLs are allowed');
  if (url.username || url.password) throw new OutboundRefusedError('URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !policy.allowPrivateNetwork && isForbiddenAddress(host, allowedBy(policy))) {
    throw new OutboundRefusedError(`${host} is a private or reserved address`);
  }
  return url;
}
