import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { unitGateway } from '../../support/unit-gateway.ts';

const routes = (app: FastifyInstance) => {
  app.post(
    '/api/v1/test/echo',
    {
      config: { meter: 'read' },
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', maxLength: 5 } },
        },
      },
    },
    async (request) => request.body,
  );
  app.get('/api/v1/test/explode', { config: { meter: 'read' } }, async () => {
    throw new Error('secret database password in a stack trace');
  });
};

const shape = { error: expect.any(String), message: expect.any(String), code: expect.any(String) };

describe('one error shape for every failure', () => {
  it.each([
    ['unknown route', 'GET', '/api/v1/nothing-here', undefined, 404, 'ROUTE_001'],
    ['unknown route outside the API', 'GET', '/favicon.ico', undefined, 404, 'ROUTE_001'],
    ['wrong method', 'DELETE', '/api/v1/languages', undefined, 405, 'METHOD_001'],
    ['withdrawn POST /align', 'POST', '/api/v1/align', undefined, 410, 'GONE_001'],
    ['withdrawn POST /align with junk', 'POST', '/api/v1/align', '{"not":"even valid', 410, 'GONE_001'],
  ] as const)('%s → %i %s', async (_n, method, url, payload, status, code) => {
    const { app } = await unitGateway();
    const res = await app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ ...shape, code });
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('405 names the allowed methods', async () => {
    const { app } = await unitGateway();
    const res = await app.inject({ method: 'PUT', url: '/api/v1/usage' });
    expect(res.headers.allow).toBe('GET');
  });

  it.each([
    ['malformed JSON', '{"name": ', 'application/json', 400, 'VAL_001'],
    ['empty JSON body', '', 'application/json', 400, 'VAL_001'],
    ['schema violation: missing field', '{}', 'application/json', 400, 'VAL_001'],
    ['schema violation: wrong type', '{"name": 5}', 'application/json', 400, 'VAL_001'],
    ['schema violation: unknown field', '{"name": "a", "x": 1}', 'application/json', 400, 'VAL_001'],
    ['unsupported media type', 'name=a', 'text/csv', 415, 'MEDIA_001'],
    ['body over 1 MB', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), 'application/json', 413, 'BODY_001'],
  ] as const)('%s → %i %s', async (_n, payload, contentType, status, code) => {
    const { app, org } = await unitGateway({ extraRoutes: routes });
    const a = await org();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload,
      headers: { ...a.auth, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ ...shape, code });
  });

  it('an unexpected exception is 503 SRV_001 with Retry-After and no internals', async () => {
    const { app, org } = await unitGateway({ extraRoutes: routes });
    const a = await org();
    const res = await app.inject({ url: '/api/v1/test/explode', headers: a.auth });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ...shape, code: 'SRV_001' });
    expect(res.body).not.toContain('password');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('authentication comes before validation', async () => {
    const { app } = await unitGateway({ extraRoutes: routes });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json().code).toBe('AUTH_001');
  });
});
