import { describe, expect, it } from 'vitest';
import { checkUrl, isForbiddenAddress } from '../../../../core/net/address-policy.ts';
import { OutboundRefusedError } from '../../../../core/ports/outbound.ts';

describe('address policy (outbound requests)', () => {
  it.each([
    ['loopback v4', '127.0.0.1'],
    ['loopback range', '127.8.9.10'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.1'],
    ['private 192.168/16', '192.168.0.10'],
    ['link-local', '169.254.10.10'],
    ['cloud metadata', '169.254.169.254'],
    ['shared CGNAT', '100.64.0.1'],
    ['this network', '0.0.0.0'],
    ['multicast', '239.1.2.3'],
    ['broadcast', '255.255.255.255'],
    ['loopback v6', '::1'],
    ['unspecified v6', '::'],
    ['unique local v6', 'fd00:ec2::254'],
    ['link-local v6', 'fe80::1'],
    ['multicast v6', 'ff02::1'],
    ['v4-mapped loopback', '::ffff:127.0.0.1'],
    ['v4-mapped loopback (hex)', '::ffff:7f00:1'],
    ['NAT64 private', '64:ff9b::10.0.0.1'],
    ['NAT64 private (hex)', '64:ff9b::a00:1'],
    ['NAT64 local-use', '64:ff9b:1::8.8.8.8'],
    ['v4-compatible loopback', '::127.0.0.1'],
    ['v4-compatible loopback (hex)', '::7f00:1'],
    ['v4-compatible public (deprecated)', '::8.8.8.8'],
    ['v4-mapped, written out', '0:0:0:0:0:ffff:7f00:1'],
    ['v4-mapped metadata (hex)', '::ffff:a9fe:a9fe'],
    ['v4-translated loopback', '::ffff:0:127.0.0.1'],
    ['v4-translated private (hex)', '::ffff:0:a00:1'],
    ['6to4', '2002:7f00:1::1'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['site-local', 'fec0::1'],
    ['loopback written out', '0:0:0:0:0:0:0:1'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_n, address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808'])(
    'allows public %s',
    (address) => expect(isForbiddenAddress(address)).toBe(false),
  );

  const policy = { allowPrivateNetwork: false, extraCaFile: null };
  it.each([
    ['http', 'http://example.com/a.mp3'],
    ['credentials', 'https://user:pw@example.com/a.mp3'],
    ['IP literal loopback', 'https://127.0.0.1/a.mp3'],
    ['IP literal v6 loopback', 'https://[::1]/a.mp3'],
    ['metadata IP', 'https://169.254.169.254/latest/meta-data'],
    ['garbage', 'not a url'],
  ])('checkUrl refuses %s', (_n, url) => expect(() => checkUrl(url, policy)).toThrow(OutboundRefusedError));

  it('VERSE_ALLOW_PRIVATE_NETWORK lets private literals through (tests only)', () => {
    expect(checkUrl('https://127.0.0.1:8443/a.mp3', { allowPrivateNetwork: true, extraCaFile: null }).hostname).toBe(
      '127.0.0.1',
    );
  });
});
