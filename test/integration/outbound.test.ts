/**
 * Outbound requests against real HTTPS servers: a hostname resolving to loopback is refused, a
 * redirect into a private address is refused at the hop, and VERSE_OUTBOUND_ALLOW / the extra CA work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCapped } from '../../core/net/read-capped.ts';
import { type OutboundPolicy, OutboundRefusedError, type OutboundRequest } from '../../core/ports/outbound.ts';
import { httpsOutbound } from '../../sinks/http/outbound.ts';
import { startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';

let allowedHost: TestHttpsServer;
let loopback: TestHttpsServer;

beforeAll(async () => {
  loopback = await startHttpsServer('127.0.0.1');
  loopback.route('/secret', (_req, res) => res.writeHead(200).end('internal data'));
  allowedHost = await startHttpsServer('127.0.0.2');
  allowedHost.route('/ok', (_req, res) => res.writeHead(200).end('hello'));
  allowedHost.route('/to-private', (_req, res) =>
    res.writeHead(302, { location: `${loopback.url.replace('localhost', '127.0.0.1')}/secret` }).end(),
  );
  allowedHost.route('/to-metadata', (_req, res) =>
    res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end(),
  );
  allowedHost.route('/to-localhost-name', (_req, res) =>
    res.writeHead(302, { location: `${loopback.url}/secret` }).end(),
  );
});
afterAll(async () => {
  await allowedHost?.close();
  await loopback?.close();
});

const policy = (): OutboundPolicy => ({
  allowPrivateNetwork: false,
  extraCaFile: testCa().caFile,
  allowedAddresses: ['127.0.0.2'],
});
const outboundRequest = (url: string, request: OutboundRequest, p: OutboundPolicy) =>
  httpsOutbound(p).request(url, request);
const get = (url: string, p = policy()) => outboundRequest(url, { method: 'GET', timeoutMs: 5000, maxRedirects: 3 }, p);

describe('outbound HTTPS', () => {
  it('reaches an allowed address and trusts the extra CA', async () => {
    const res = await get(`${allowedHost.url}/ok`);
    expect(res.status).toBe(200);
    expect((await readCapped(res.body, 100)).toString()).toBe('hello');
  });

  it('refuses a hostname that resolves to 127.0.0.1', async () => {
    await expect(get(`${loopback.url}/secret`)).rejects.toThrow(/private or reserved/);
  });

  it.each(['/to-private', '/to-metadata', '/to-localhost-name'])(
    'refuses a redirect into a private address (%s)',
    async (path) => {
      await expect(get(`${allowedHost.url}${path}`)).rejects.toBeInstanceOf(OutboundRefusedError);
      expect(loopback.requests.some((r) => r.url === '/secret')).toBe(false);
    },
  );

  it('does not follow redirects when told not to (webhooks): the 3xx is the answer', async () => {
    const res = await outboundRequest(
      `${allowedHost.url}/to-private`,
      { method: 'GET', timeoutMs: 5000, maxRedirects: 0 },
      policy(),
    );
    expect(res.status).toBe(302);
  });

  it('refuses an untrusted certificate without the extra CA', async () => {
    await expect(get(`${allowedHost.url}/ok`, { ...policy(), extraCaFile: null })).rejects.toThrow(/certificate/);
  });

  it('reads at most the cap of a response body', async () => {
    allowedHost.route('/big', (_req, res) => res.writeHead(200).end(Buffer.alloc(100_000, 65)));
    const res = await get(`${allowedHost.url}/big`);
    expect((await readCapped(res.body, 1000)).length).toBe(1000);
  });
});
