/**
 * The broken world on the other end of our outbound calls: audio hosts that close early, fall
 * silent, reset, stream past the size cap, declare too much, or redirect inward, and webhook
 * receivers that trickle, hang or reset.
 * Every exchange must settle within its bound, and a failed fetch must leave nothing in storage.
 * Loopback only (an HTTPS server of the test's own on 127.0.0.1).
 */
import { readdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverSigned } from '../../core/webhooks/deliver.ts';
import { DELIVERY_TIMEOUT_MS } from '../../core/webhooks/schedule.ts';
import type { Platform } from '../../ops/platform.ts';
import { AudioFetchFailure, fetchAudio } from '../../processors/transcription/fetch-audio.ts';
import { httpsOutbound } from '../../sinks/http/outbound.ts';
import { wavTone } from '../support/audio.ts';
import { startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { connectTestPlatform } from '../support/platform.ts';

let platform: Platform;
let host: TestHttpsServer;
const wav = wavTone(4);
const half = wav.subarray(0, wav.length / 2);
const bounds = { deadlineMs: 8_000, idleMs: 1_500 };

/** Headers promising the whole file, then half of it, then whatever `then` does to the connection. */
const halfThen = (then: (res: ServerResponse) => void) => (_req: unknown, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) });
  res.write(half, () => then(res));
};

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  host = await startHttpsServer();
  host.route(
    '/fin.wav',
    halfThen((res) => res.socket?.end()),
  );
  host.route(
    '/stall.wav',
    halfThen(() => {}),
  );
  host.route(
    '/reset.wav',
    halfThen((res) => res.socket?.destroy()),
  );
  host.route('/trickle.wav', (_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) });
    const timer = setInterval(() => (res.writableEnded ? clearInterval(timer) : res.write(wav.subarray(0, 16))), 500);
    res.on('close', () => clearInterval(timer));
  });
  host.route('/no-length.wav', (_req, res) => {
    // No length declared (the gateway's HEAD saw none either): the body streams past the 100 MB cap.
    res.writeHead(200, { 'content-type': 'audio/wav' });
    const chunk = Buffer.concat([wav, Buffer.alloc(1024 * 1024 - wav.length)]);
    let sent = 0;
    const pump = () => {
      while (sent < 101 && res.write(chunk)) sent++;
      if (sent < 101) res.once('drain', pump);
      else res.end();
    };
    pump();
  });
  host.route('/inward.wav', (_req, res) => res.writeHead(302, { location: 'https://10.0.0.1/song.wav' }).end());
});

afterAll(async () => {
  await host?.close();
  await platform?.close();
});

/** Storage must hold no audio for the organisation: no whole object, no partial one. */
async function storedFor(orgId: string): Promise<string[]> {
  return readdir(`${platform.config.dataDir}/objects/audio/${orgId}`).catch(() => []);
}

describe('an audio host that breaks mid-body', () => {
  it('(control) a whole file from a good host is stored where these tests look', async () => {
    host.route('/good.wav', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) }).end(wav);
    });
    const orgId = `org_hostile_control_${Date.now()}`;
    const fetched = await fetchAudio(
      `${host.url}/good.wav`,
      platform.jobServices.storage,
      platform.jobServices.outbound,
      orgId,
      bounds,
    );
    expect(fetched.size).toBe(wav.length);
    expect(await storedFor(orgId)).toHaveLength(1);
    await platform.jobServices.storage.delete(fetched.key);
  });

  it.each([
    ['closes the connection halfway (FIN before Content-Length)', '/fin.wav', 3_000],
    ['falls silent halfway', '/stall.wav', bounds.idleMs + 3_000],
    ['drops the connection halfway without closing TLS', '/reset.wav', 3_000],
    ['trickles 16 bytes every half second', '/trickle.wav', bounds.deadlineMs + 3_000],
  ])('%s: the fetch fails within its bound and stores nothing', async (_what, path, boundMs) => {
    const orgId = `org_hostile_${path.slice(1, -4)}_${Date.now()}`;
    const started = Date.now();
    await expect(
      fetchAudio(`${host.url}${path}`, platform.jobServices.storage, platform.jobServices.outbound, orgId, bounds),
    ).rejects.toThrow();
    const took = Date.now() - started;
    expect(took).toBeLessThan(boundMs);
    expect(await storedFor(orgId)).toEqual([]);
  });

  it('a GET that declares no length and streams past 100 MB stops at the cap and stores nothing', async () => {
    const orgId = `org_hostile_no_length_${Date.now()}`;
    await expect(
      fetchAudio(`${host.url}/no-length.wav`, platform.jobServices.storage, platform.jobServices.outbound, orgId, {
        deadlineMs: 60_000,
        idleMs: 5_000,
      }),
    ).rejects.toBeInstanceOf(AudioFetchFailure);
    expect(await storedFor(orgId)).toEqual([]);
  });

  it('a GET that declares over 100 MB is refused at its headers: nothing read, nothing stored', async () => {
    let bodyBytesSent = 0;
    host.route('/huge.wav', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(200 * 1024 * 1024) });
      const timer = setInterval(() => {
        if (res.writableEnded || res.destroyed) return clearInterval(timer);
        bodyBytesSent += 64 * 1024;
        res.write(Buffer.alloc(64 * 1024));
      }, 10);
      res.on('close', () => clearInterval(timer));
    });
    const orgId = `org_hostile_huge_${Date.now()}`;
    const started = Date.now();
    await expect(
      fetchAudio(`${host.url}/huge.wav`, platform.jobServices.storage, platform.jobServices.outbound, orgId, bounds),
    ).rejects.toThrow(/209715200 bytes; the limit is 100 MB/);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(bodyBytesSent).toBeLessThan(10 * 1024 * 1024);
    expect(await storedFor(orgId)).toEqual([]);
  });

  it('a redirect into a private network is refused before any connection to it', async () => {
    const strict = httpsOutbound({
      allowPrivateNetwork: false,
      extraCaFile: testCa().caFile,
      allowedAddresses: ['127.0.0.1'],
    });
    await expect(
      fetchAudio(`${host.url}/inward.wav`, platform.jobServices.storage, strict, 'org_hostile_inward', bounds),
    ).rejects.toThrow(/not allowed/);
  });
});

describe('a webhook receiver that misbehaves', () => {
  let receiver: TestHttpsServer;
  beforeAll(async () => {
    receiver = await startHttpsServer();
    receiver.route('/trickle', (_req, res) => {
      // Answers 200 at once, then sends its body one byte a second, for ever.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 1000);
      res.on('close', () => clearInterval(timer));
    });
    receiver.route('/hang', () => {});
    receiver.route('/reset', (req) => req.socket.destroy());
  });
  afterAll(() => receiver?.close());

  const send = (path: string) =>
    deliverSigned(
      {
        url: `${receiver.url}${path}`,
        body: '{}',
        webhookId: 'msg_hostile',
        secret: 'whsec_dGVzdA==',
        now: new Date(),
      },
      platform.jobServices.outbound,
    );

  it('one that trickles its answer is cut off at the delivery deadline (the whole exchange, not the headers)', async () => {
    const started = Date.now();
    const outcome = await send('/trickle');
    expect(Date.now() - started).toBeLessThan(DELIVERY_TIMEOUT_MS + 2_000);
    // The receiver answered 2xx before the deadline: that is its answer, and it was read for no longer.
    expect(outcome).toMatchObject({ status_code: 200 });
  });

  it('one that never answers fails as a timeout within the deadline', async () => {
    const started = Date.now();
    const outcome = await send('/hang');
    expect(Date.now() - started).toBeLessThan(DELIVERY_TIMEOUT_MS + 2_000);
    expect(outcome).toEqual({
      success: false,
      status_code: null,
      error: 'timeout: no complete answer within 10 s',
      refused: false,
    });
  });

  it('one that resets reports a category, never the socket message', async () => {
    const outcome = await send('/reset');
    expect(outcome).toMatchObject({ success: false, status_code: null, error: 'connection reset' });
  });

  it('a literal private address is refused without a connection', async () => {
    const strict = httpsOutbound({ allowPrivateNetwork: false, extraCaFile: null });
    const outcome = await deliverSigned(
      {
        url: 'https://[::ffff:7f00:1]:1/hook',
        body: '{}',
        webhookId: 'msg',
        secret: 'whsec_dGVzdA==',
        now: new Date(),
      },
      strict,
    );
    expect(outcome).toMatchObject({ refused: true, status_code: null });
  });
});
