import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;
let receiver: TestHttpsServer;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_OUTBOUND_ALLOW: '127.0.0.2', VERSE_EXTRA_CA_FILE: testCa().caFile });
  app = await testGateway(platform);
  receiver = await startHttpsServer('127.0.0.2');
  receiver.route('/ok', (_req, res) => res.writeHead(204).end());
  receiver.route('/broken', (_req, res) => res.writeHead(500).end('oops'));
  receiver.route('/moved', (_req, res) => res.writeHead(302, { location: 'https://127.0.0.2/ok' }).end());
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
  await receiver?.close();
});

const test = (auth: Record<string, string>, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/webhook-test', payload: body as object, headers: auth });

describe('POST /webhook-test', () => {
  it.each(['job.complete', 'job.awaiting_review', 'job.failed', 'job.degraded', 'batch.complete'])(
    'delivers a %s sample that verifies with the standardwebhooks library and the key secret',
    async (event) => {
      const org = await testOrg(platform);
      const res = await test(org.auth, { webhook_url: `${receiver.url}/ok`, event });
      expect(res.json()).toEqual({
        delivered: true,
        status_code: 204,
        error: null,
        event,
        webhook_url: `${receiver.url}/ok`,
      });
      const got = receiver.requests.at(-1)!;
      const verified = new Webhook(org.webhook_secret).verify(
        got.body.toString(),
        got.headers as Record<string, string>,
      ) as { event: string; sample: boolean };
      expect(verified).toMatchObject({ event, sample: true });
    },
  );

  it('reports what the endpoint did: 500, a redirect (not followed), or no answer', async () => {
    const org = await testOrg(platform);
    expect((await test(org.auth, { webhook_url: `${receiver.url}/broken` })).json()).toMatchObject({
      delivered: false,
      status_code: 500,
    });
    expect((await test(org.auth, { webhook_url: `${receiver.url}/moved` })).json()).toMatchObject({
      delivered: false,
      status_code: 302,
    });
    const down = (await test(org.auth, { webhook_url: 'https://127.0.0.2:1/ok' })).json();
    expect(down).toMatchObject({ delivered: false, status_code: null, error: expect.any(String) });
  });

  it.each([
    ['http URL', 'http://hooks.example.com/x'],
    ['loopback', 'https://127.0.0.1/x'],
    ['metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['hostname resolving to loopback', 'https://localhost/x'],
  ])('refuses a %s with 400', async (_n, url) => {
    const org = await testOrg(platform);
    const res = await test(org.auth, { webhook_url: url });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VAL_001');
  });

  it('refuses an unknown event', async () => {
    const org = await testOrg(platform);
    expect((await test(org.auth, { webhook_url: `${receiver.url}/ok`, event: 'job.exploded' })).statusCode).toBe(400);
  });
});
