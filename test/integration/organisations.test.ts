import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../core/provisioning.ts';
import { hashApiKey } from '../../core/secrets.ts';
import type { Platform } from '../../ops/platform.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('organisations and keys in Cassandra', () => {
  it('stores keys hashed only, with a whsec_ webhook secret per key', async () => {
    const org = await testOrg(platform, { plan: 'transcript', credits: 7 });
    const row = (
      await platform.cassandra.execute('SELECT * FROM api_keys WHERE key_hash = ?', [hashApiKey(org.api_key)])
    ).first();
    expect(row.org_id).toBe(org.org_id);
    expect(JSON.stringify(row)).not.toContain(org.api_key);
    expect(row.webhook_secret).toMatch(/^whsec_/);
    const second = await issueKey(platform.orgs, org.org_id, 'transcript-only');
    expect(second.webhook_secret).not.toBe(org.webhook_secret);
    const stored = await platform.orgs.getOrganisation(org.org_id);
    expect(stored).toMatchObject({ plan: 'transcript', credits: 7, limits: {} });
  });

  it('changes credits exactly under concurrency (compare-and-set)', async () => {
    const org = await testOrg(platform, { credits: 50 });
    await Promise.all(Array.from({ length: 20 }, () => platform.orgs.addCredits(org.org_id, -1)));
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(30);
  });

  it('a revoked key stops working at once', async () => {
    const app = await testGateway(platform);
    const org = await testOrg(platform);
    expect((await app.inject({ url: '/api/v1/usage', headers: org.auth })).statusCode).toBe(200);
    expect(await platform.orgs.revokeKey(hashApiKey(org.api_key), new Date())).toBe(true);
    expect((await app.inject({ url: '/api/v1/usage', headers: org.auth })).json().code).toBe('AUTH_001');
    await app.close();
  });

  it('GET /usage counts every API call of the organisation', async () => {
    const app = await testGateway(platform);
    const org = await testOrg(platform);
    for (let i = 0; i < 3; i++) await app.inject({ url: '/api/v1/usage', headers: org.auth });
    const usage = (await app.inject({ url: '/api/v1/usage', headers: org.auth })).json();
    expect(usage).toEqual({
      org_id: org.org_id,
      period: 'all_time',
      total_jobs: 0,
      completed_jobs: 0,
      total_duration_seconds: 0,
      jobs_by_language: {},
      api_calls: 3,
    });
    await app.close();
  });
});
