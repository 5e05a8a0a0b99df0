import { describe, expect, it } from 'vitest';
import { generateApiKey, generateWebhookSecret, hashApiKey, isWellFormedApiKey } from '../../../core/secrets.ts';

describe('secrets', () => {
  it('issues svc_sk_live_ keys that are unique and well formed', () => {
    const keys = new Set(Array.from({ length: 100 }, generateApiKey));
    expect(keys.size).toBe(100);
    for (const k of keys) {
      expect(k.startsWith('svc_sk_live_')).toBe(true);
      expect(isWellFormedApiKey(k)).toBe(true);
    }
  });

  it('hashes deterministically without keeping the key', () => {
    const k = generateApiKey();
    expect(hashApiKey(k)).toBe(hashApiKey(k));
    expect(hashApiKey(k)).not.toContain(k.slice(12));
    expect(hashApiKey(k)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    '',
    'svc_sk_test_abcdefabcdefabcdefabcdefabcdefabcdef',
    'svc_sk_live_short',
    'svc_sk_live_has space in it and more chars!!',
  ])('rejects malformed key %j', (k) => expect(isWellFormedApiKey(k)).toBe(false));

  it('makes Standard Webhooks secrets: whsec_ + base64 of 32 bytes', () => {
    const s = generateWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
  });
});
