import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../core/secrets.ts';
import { unitGateway } from '../../support/unit-gateway.ts';

// A route that needs alignment, as POST /jobs/{id}/align and the downloads will.
const alignmentRoute = (app: FastifyInstance) =>
  app.get('/api/v1/test/alignment', { config: { meter: 'read', requires: 'alignment' } }, async () => ({ ok: true }));

describe('authentication (spec, Authentication 1-7)', () => {
  it.each([
    ['no header', undefined],
    ['empty header', ''],
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
    ['bearer without key', 'Bearer '],
    ['two tokens', 'Bearer a b'],
    ['wrong prefix', 'Bearer svc_sk_test_0123456789abcdef0123456789abcdef0123'],
    ['unknown key', 'Bearer svc_sk_live_0123456789abcdef0123456789abcdef0123'],
  ])('%s → 401 AUTH_001', async (_name, header) => {
    const { app } = await unitGateway();
    const res = await app.inject({
      url: '/api/v1/usage',
      headers: header === undefined ? {} : { authorization: header },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized', code: 'AUTH_001' });
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('a revoked key → 401 AUTH_001', async () => {
    const { app, org, orgs } = await unitGateway();
    const a = await org();
    expect((await app.inject({ url: '/api/v1/usage', headers: a.auth })).statusCode).toBe(200);
    await orgs.revokeKey(hashApiKey(a.api_key), new Date());
    const res = await app.inject({ url: '/api/v1/usage', headers: a.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_001');
  });

  it('an expired key → 401 AUTH_001', async () => {
    const { app, org, orgs } = await unitGateway();
    const a = await org();
    const key = orgs.keys.get(hashApiKey(a.api_key))!;
    orgs.keys.set(key.key_hash, { ...key, expires_at: new Date(Date.now() - 1000) });
    expect((await app.inject({ url: '/api/v1/usage', headers: a.auth })).json().code).toBe('AUTH_001');
  });

  it('a transcript-only key on an alignment route → 403 AUTH_002; a full key passes', async () => {
    const { app, org } = await unitGateway({ extraRoutes: alignmentRoute });
    const limited = await org({ scope: 'transcript-only' });
    const full = await org();
    const denied = await app.inject({ url: '/api/v1/test/alignment', headers: limited.auth });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'forbidden', code: 'AUTH_002' });
    expect((await app.inject({ url: '/api/v1/test/alignment', headers: full.auth })).statusCode).toBe(200);
    // Transcript-only keys keep every other endpoint.
    expect((await app.inject({ url: '/api/v1/usage', headers: limited.auth })).statusCode).toBe(200);
  });

  it.each(['/api/v1/languages', '/api/v1/health', '/api/v1/health/live'])('%s needs no key', async (url) => {
    const { app } = await unitGateway();
    expect((await app.inject({ url })).statusCode).toBe(200);
  });

  it('scopes usage to the caller: each organisation sees only its own record', async () => {
    const { app, org } = await unitGateway();
    const a = await org();
    const b = await org();
    expect((await app.inject({ url: '/api/v1/usage', headers: a.auth })).json().org_id).toBe(a.org_id);
    expect((await app.inject({ url: '/api/v1/usage', headers: b.auth })).json().org_id).toBe(b.org_id);
  });
});
