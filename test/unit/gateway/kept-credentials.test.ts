/**
 * Credentials served as kept on bodyless metered reads, confirmed by the meter in the same call
 * (gateway/plugins/auth.ts, meters.ts, errors.ts): one version check per request, and every
 * refusal a key would have had when it was checked first.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { issueKey } from '../../../core/provisioning.ts';
import { hashApiKey } from '../../../core/secrets.ts';
import { unitGateway } from '../../support/unit-gateway.ts';

const extraRoutes = (app: FastifyInstance) => {
  app.get(
    '/api/v1/test/query',
    {
      config: { meter: 'read' },
      schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } },
    },
    async () => ({ ok: true }),
  );
  app.get('/api/v1/test/alignment', { config: { meter: 'read', requires: 'alignment' } }, async () => ({ ok: true }));
  app.post('/api/v1/test/body', { config: { meter: 'read' } }, async () => ({ ok: true }));
};

async function warmGateway(scope: 'all' | 'transcript-only' = 'all') {
  const gateway = await unitGateway({ kept: true, extraRoutes });
  const a = await gateway.org({ scope });
  // The first use learns the key's organisation, the second keeps its records.
  for (let i = 0; i < 2; i++)
    expect((await gateway.app.inject({ url: '/api/v1/usage', headers: a.auth })).statusCode).toBe(200);
  return { ...gateway, a };
}

const remainingMinute = (res: { headers: Record<string, unknown> }) =>
  Number(res.headers['x-ratelimit-remaining-minute']);

describe('kept credentials on bodyless reads', () => {
  it('a read checks the version once, inside the meter, and reads no record', async () => {
    const { app, a, versions, meterVersions } = await warmGateway();
    const [authReads, meterReads] = [versions.reads, meterVersions.reads];
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: '/api/v1/usage', headers: a.auth })).statusCode).toBe(200);
    expect(versions.reads - authReads).toBe(0);
    expect(meterVersions.reads - meterReads).toBe(3);
  });

  it('a key revoked since it was kept hears 401 and draws nothing', async () => {
    const { app, a, versioned } = await warmGateway();
    const before = remainingMinute(await app.inject({ url: '/api/v1/usage', headers: a.auth }));
    await versioned.revokeKey(hashApiKey(a.api_key), new Date());
    const refused = await app.inject({ url: '/api/v1/usage', headers: a.auth });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('AUTH_001');
    expect(refused.headers['x-ratelimit-meter']).toBeUndefined();
    const other = await app.inject({ url: '/api/v1/usage', headers: (await issueOther(versioned, a.org_id)).auth });
    expect(remainingMinute(other)).toBe(before - 1);
  });

  it('a revoked key hears 401 before a malformed query’s 400', async () => {
    const { app, a, versioned } = await warmGateway();
    expect((await app.inject({ url: '/api/v1/test/query?n=x', headers: a.auth })).json().code).toBe('VAL_001');
    await versioned.revokeKey(hashApiKey(a.api_key), new Date());
    const res = await app.inject({ url: '/api/v1/test/query?n=x', headers: a.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_001');
  });

  it('a revoked transcript-only key hears 401 before the scope’s 403', async () => {
    const { app, a, versioned } = await warmGateway('transcript-only');
    expect((await app.inject({ url: '/api/v1/test/alignment', headers: a.auth })).json().code).toBe('AUTH_002');
    await versioned.revokeKey(hashApiKey(a.api_key), new Date());
    expect((await app.inject({ url: '/api/v1/test/alignment', headers: a.auth })).json().code).toBe('AUTH_001');
  });

  it('new limits apply to the next read', async () => {
    const { app, a, versioned } = await warmGateway();
    await versioned.setLimits(a.org_id, { 'read.minute': 500 });
    const res = await app.inject({ url: '/api/v1/usage', headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit-minute']).toBe('500');
  });

  it('a meter store that fails mid-request answers 503 SRV_001, even when the key cannot be confirmed either', async () => {
    const { app, a, meter, versions } = await warmGateway();
    meter.consumeIfCurrent = async () => {
      throw new Error('redis went away');
    };
    const res = await app.inject({ url: '/api/v1/usage', headers: a.auth });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('SRV_001');
    expect(res.headers['retry-after']).toBe('5');
    versions.broken = true; // the confirmation reads the records straight through instead
    expect((await app.inject({ url: '/api/v1/usage', headers: a.auth })).json().code).toBe('SRV_001');
  });

  it('a request with a body confirms its key before the body is taken', async () => {
    const { app, a, versions } = await warmGateway();
    const before = versions.reads;
    const res = await app.inject({ method: 'POST', url: '/api/v1/test/body', headers: a.auth, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(versions.reads - before).toBe(1);
  });
});

async function issueOther(store: Parameters<typeof issueKey>[0], orgId: string) {
  const key = await issueKey(store, orgId, 'all');
  return { auth: { authorization: `Bearer ${key.api_key}` } };
}
