/**
 * The gateway as a hostile or careless client meets it, over real sockets: uploads that stall,
 * abort or trickle; keep-alive connections that mix refused and good requests; inputs that used to
 * reach a 5xx (a bad percent-escape, object-prototype names, forged cursors); and an organisation
 * without credits trying to make us call out. Every case asserts a bound and a 4xx, never a 5xx,
 * a reset or a hang.
 */
import { createHmac } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterFingerprint } from '../../core/app/cursors.ts';
import { PROBE_LIMITS } from '../../core/meters.ts';
import { buildGateway } from '../../gateway/app.ts';
import type { Platform } from '../../ops/platform.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { connectTestPlatform, testOrg } from '../support/platform.ts';
import { getRequest, multipartBody, postHead, RawConnection } from '../support/raw-http.ts';
import { inOneMinute } from '../support/windows.ts';

let platform: Platform;
let app: FastifyInstance;
let port: number;
let cdn: TestHttpsServer;
const bodyLimits = { idleMs: 2_000, deadlineMs: 6_000 };

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  app = await buildGateway({ ...platform, bodyLimits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(1)));
});

afterAll(async () => {
  await app?.close();
  await cdn?.close();
  await platform?.close();
});

const audioFiles = async (orgId: string) =>
  readdir(`${platform.config.dataDir}/objects/audio/${orgId}`).catch(() => [] as string[]);

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** The first bytes of a multipart upload that announces `announced` bytes: fields, then a file part's head. */
function uploadStart(authorization: string, announced: number) {
  const { body, contentType } = multipartBody(
    { language: 'English' },
    { name: 'song.wav', type: 'audio/wav', content: Buffer.alloc(0) },
  );
  const head = body.subarray(0, body.indexOf('\r\n--', body.indexOf('filename=')));
  return {
    request: postHead('/api/v1/transcribe', { authorization, 'content-type': contentType }, announced),
    head,
  };
}

describe('uploads that do not arrive', () => {
  it('an upload that announces 3 MB, sends 20 KB and stops is answered 408 within the idle bound, and leaves no partial file', async () => {
    const org = await testOrg(platform);
    const conn = await RawConnection.open(port);
    const { request, head } = uploadStart(`Bearer ${org.api_key}`, 3 * 1024 * 1024);
    await conn.write(request);
    await conn.write(head);
    await conn.write(wavTone(1).subarray(0, 20 * 1024));
    const started = Date.now();
    const res = await conn.response(bodyLimits.idleMs + 5_000);
    const heldMs = Date.now() - started;
    expect(res).toMatchObject({ status: 408, headers: { connection: 'close' } });
    expect(JSON.parse(res!.body)).toMatchObject({ code: 'BODY_002', error: 'request_timeout' });
    expect(heldMs).toBeLessThan(bodyLimits.idleMs + 2_000);
    expect(await eventually(async () => conn.closed, 3_000)).toBe(true);
    expect(await eventually(async () => (await audioFiles(org.org_id)).length === 0, 3_000)).toBe(true);
  });

  it('an upload that trickles a byte at a time is answered 408 at the overall deadline', async () => {
    const org = await testOrg(platform);
    const conn = await RawConnection.open(port);
    const { request, head } = uploadStart(`Bearer ${org.api_key}`, 1024 * 1024);
    await conn.write(request);
    await conn.write(head);
    const timer = setInterval(() => conn.write('x').catch(() => {}), 500);
    try {
      const res = await conn.response(bodyLimits.deadlineMs + 5_000);
      expect(res?.status).toBe(408);
    } finally {
      clearInterval(timer);
    }
    expect(await eventually(async () => (await audioFiles(org.org_id)).length === 0, 3_000)).toBe(true);
  });

  it('an upload cut off by the client leaves no partial file', async () => {
    const org = await testOrg(platform);
    const conn = await RawConnection.open(port);
    const { request, head } = uploadStart(`Bearer ${org.api_key}`, 3 * 1024 * 1024);
    await conn.write(request);
    await conn.write(head);
    await conn.write(Buffer.alloc(256 * 1024, 1));
    // Give the gateway time to start writing the file, then vanish.
    await new Promise((r) => setTimeout(r, 300));
    conn.close();
    expect(await eventually(async () => (await audioFiles(org.org_id)).length === 0, 3_000)).toBe(true);
  });
});

describe('keep-alive connections that mix refused and good requests', () => {
  it('after an early 400 on a 2.3 MB upload named clip.aiff, the next request on the connection is answered', async () => {
    const org = await testOrg(platform);
    const conn = await RawConnection.open(port);
    const { body, contentType } = multipartBody(
      { language: 'English' },
      { name: 'clip.aiff', type: 'audio/aiff', content: Buffer.alloc(2.3 * 1024 * 1024, 7) },
    );
    await conn.write(
      postHead(
        '/api/v1/transcribe',
        { authorization: `Bearer ${org.api_key}`, 'content-type': contentType },
        body.length,
      ),
    );
    await conn.write(body);
    const refused = await conn.response(10_000);
    expect(refused?.status).toBe(400);
    await conn.write(getRequest('/api/v1/languages'));
    const next = await conn.response(10_000);
    expect(next?.status).toBe(200);
    expect(conn.error).toBeNull();
    conn.close();
  });

  it('20 clients, each mixing refused uploads, bad JSON and good reads on keep-alive: no reset, no lost answer, no 5xx', async () => {
    const limits = { 'read.minute': 1000, 'submit.minute': 1000, 'submit.hour': 1000, 'submit.day': 1000 };
    const org = await testOrg(platform, { limits });
    const auth = `Bearer ${org.api_key}`;
    const aiff = multipartBody(
      { language: 'English' },
      { name: 'clip.aiff', type: 'audio/aiff', content: Buffer.alloc(600 * 1024, 1) },
    );
    const huge = multipartBody(
      { language: 'English' },
      { name: 'big.wav', type: 'audio/wav', content: Buffer.alloc(5 * 1024 * 1024, 2) },
    );
    const badJson = '{"language": ';
    const requests: [string, Buffer | string][] = [
      [
        postHead('/api/v1/transcribe', { authorization: auth, 'content-type': aiff.contentType }, aiff.body.length),
        aiff.body,
      ],
      [
        postHead('/api/v1/transcribe', { authorization: auth, 'content-type': 'application/json' }, badJson.length),
        badJson,
      ],
      [getRequest('/api/v1/usage', { authorization: auth }), ''],
      // Over the 4.5 MB ceiling: 413, and still no reset.
      [
        postHead('/api/v1/transcribe', { authorization: auth, 'content-type': huge.contentType }, huge.body.length),
        huge.body,
      ],
      [getRequest('/api/v1/languages'), ''],
    ];
    const statuses: number[] = [];
    const resets: unknown[] = [];
    const client = async () => {
      let conn = await RawConnection.open(port);
      for (let round = 0; round < 3; round++) {
        for (const [head, body] of requests) {
          await conn.write(head);
          if (body.length) await conn.write(body);
          const res = await conn.response(20_000);
          if (conn.error) resets.push(conn.error);
          statuses.push(res?.status ?? -1);
          // A keep-alive client does what the server says: after Connection: close, a new connection.
          if (res?.headers.connection === 'close') {
            conn.close();
            conn = await RawConnection.open(port);
          }
        }
      }
      conn.close();
    };
    await Promise.all(Array.from({ length: 20 }, client));
    expect(resets).toEqual([]);
    expect(statuses.filter((s) => s === -1 || s >= 500)).toEqual([]);
    expect(statuses).toHaveLength(20 * 3 * requests.length);
    expect(new Set(statuses)).toEqual(new Set([400, 200, 413]));
  });
});

describe('inputs that used to reach a 5xx', () => {
  it('an audio_url with a bad percent-escape is an ordinary job, alone or in a batch, charged once each', async () => {
    const org = await testOrg(platform, { credits: 10 });
    const one = await app.inject({
      method: 'POST',
      url: '/api/v1/transcribe',
      headers: { authorization: `Bearer ${org.api_key}` },
      payload: { language: 'English', audio_url: `${cdn.url}/%ff.mp3`, align: false },
    });
    expect(one.statusCode).toBe(202);
    const batch = await app.inject({
      method: 'POST',
      url: '/api/v1/batch',
      headers: { authorization: `Bearer ${org.api_key}` },
      payload: [
        { language: 'English', audio_url: `${cdn.url}/song.wav`, align: false },
        { language: 'English', audio_url: `${cdn.url}/%ff%fe.mp3`, align: false },
        { language: 'English', audio_url: `${cdn.url}/song.wav`, align: false },
      ],
    });
    expect(batch.statusCode).toBe(202);
    expect(batch.json().job_count).toBe(3);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(6);
  });

  it('a batch with one job that cannot be accepted creates and charges nothing', async () => {
    const org = await testOrg(platform, { credits: 10 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/batch',
      headers: { authorization: `Bearer ${org.api_key}` },
      payload: [
        { language: 'English', audio_url: `${cdn.url}/song.wav`, align: false },
        { language: 'english', audio_url: `${cdn.url}/song.wav`, align: false },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(10);
    const list = await app.inject({ url: '/api/v1/jobs', headers: { authorization: `Bearer ${org.api_key}` } });
    expect(list.json().jobs).toEqual([]);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'a download type named %s is 404, and so is an asset of that name',
    async (name) => {
      const org = await testOrg(platform);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/transcribe',
        headers: { authorization: `Bearer ${org.api_key}` },
        payload: { language: 'English', audio_url: `${cdn.url}/song.wav` },
      });
      const jobId = created.json().job_id;
      for (const url of [
        `/api/v1/jobs/${jobId}/download/${name}/original`,
        `/api/v1/jobs/${jobId}/download/lrc/${name}`,
        `/assets/${name}`,
      ]) {
        const res = await app.inject({ url, headers: { authorization: `Bearer ${org.api_key}` } });
        expect(res.statusCode, url).toBe(404);
      }
    },
  );

  it('a cursor that verifies but carries nonsense is 400 VAL_001, never 503', async () => {
    const org = await testOrg(platform);
    const secret = platform.config.cursorSecret;
    const forge = (body: unknown) => {
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22)}`;
    };
    const f = filterFingerprint(org.org_id, {});
    for (const cursor of [
      forge(null),
      forge([1, 2]),
      forge({ t: 'yesterday', j: null, f }),
      forge({ t: 1e300, j: null, f }),
      forge({ t: 1, j: 'not-a-uuid', f }),
      forge({ t: 1, j: { $ne: 1 }, f }),
      'garbage',
      '.',
    ]) {
      const res = await app.inject({
        url: `/api/v1/jobs?cursor=${encodeURIComponent(cursor)}`,
        headers: { authorization: `Bearer ${org.api_key}` },
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('VAL_001');
    }
  });
});

describe('cheap checks before any outbound call', () => {
  it('an organisation without credits cannot make us probe anything: 402, and the host sees no request', async () => {
    const org = await testOrg(platform, { credits: 0 });
    const probe = await startHttpsServer();
    probe.route('/song.wav', serveFile(wavTone(1)));
    try {
      for (let i = 0; i < 5; i++) {
        const one = await app.inject({
          method: 'POST',
          url: '/api/v1/transcribe',
          headers: { authorization: `Bearer ${org.api_key}` },
          payload: { language: 'English', audio_url: `${probe.url}/song.wav` },
        });
        expect(one.statusCode).toBe(402);
        const batch = await app.inject({
          method: 'POST',
          url: '/api/v1/batch',
          headers: { authorization: `Bearer ${org.api_key}` },
          payload: [{ language: 'English', audio_url: `${probe.url}/song.wav` }],
        });
        expect(batch.statusCode).toBe(402);
      }
      expect(probe.requests).toEqual([]);
    } finally {
      await probe.close();
    }
  });

  it('refused submissions cannot make us probe without end: past the probe budget, URLs go unprobed', async () => {
    const windows = ['minute', 'hour', 'day'].map((w) => [`submit.${w}`, 10_000]);
    const host = await startHttpsServer();
    host.route('/huge.wav', (_req, res) => res.writeHead(200, { 'content-length': String(200 * 1024 * 1024) }).end());
    try {
      const statuses = await inOneMinute(async () => {
        const org = await testOrg(platform, { credits: 10, limits: Object.fromEntries(windows) });
        host.requests.length = 0;
        const seen: number[] = [];
        for (let i = 0; i <= PROBE_LIMITS.minute; i++) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/transcribe',
            headers: { authorization: `Bearer ${org.api_key}` },
            payload: { language: 'English', audio_url: `${host.url}/huge.wav?n=${i}` },
          });
          seen.push(res.statusCode);
        }
        return seen;
      });
      // Each refused 413 gave its submit unit back, but its probe counted.
      expect(statuses.slice(0, PROBE_LIMITS.minute).every((s) => s === 413)).toBe(true);
      expect(statuses.at(-1)).toBe(202);
      expect(host.requests.filter((r) => r.method === 'HEAD')).toHaveLength(PROBE_LIMITS.minute);
    } finally {
      await host.close();
    }
  });

  it('a replay under the same Idempotency-Key is answered from the first result, without probing again', async () => {
    const org = await testOrg(platform);
    const probe = await startHttpsServer();
    probe.route('/song.wav', serveFile(wavTone(1)));
    try {
      const submit = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/transcribe',
          headers: { authorization: `Bearer ${org.api_key}`, 'idempotency-key': 'song-1' },
          payload: { language: 'English', audio_url: `${probe.url}/song.wav` },
        });
      const first = await submit();
      const heads = probe.requests.length;
      const again = await submit();
      expect(again.headers['idempotent-replay']).toBe('true');
      expect(again.json().job_id).toBe(first.json().job_id);
      expect(probe.requests.length).toBe(heads);
    } finally {
      await probe.close();
    }
  });
});
