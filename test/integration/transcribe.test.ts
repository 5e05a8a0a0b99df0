import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedUuid } from '../../core/ids.ts';
import type { Platform } from '../../ops/platform.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';
import { multipartBody } from '../support/raw-http.ts';

let platform: Platform;
let app: FastifyInstance;
let cdn: TestHttpsServer;
const wav = wavTone(1);

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  app = await testGateway(platform);
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wav));
  cdn.route('/huge.wav', (_req, res) => {
    res.writeHead(200, { 'content-length': String(101 * 1024 * 1024) });
    res.end();
  });
  cdn.route('/no-head.wav', (req, res) => {
    if (req.method === 'HEAD') res.writeHead(405).end();
    else res.writeHead(200).end(wav);
  });
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

/** A multipart body built by hand, so tests control every byte. */
function multipart(fields: Record<string, string>, file?: { name: string; type?: string; content: Buffer }) {
  const { body, contentType } = multipartBody(
    fields,
    file ? { name: file.name, type: file.type ?? 'audio/wav', content: file.content } : null,
  );
  return { payload: body, headers: { 'content-type': contentType } };
}

async function submitFile(
  auth: Record<string, string>,
  fields: Record<string, string>,
  file = { name: 'take 1.wav', content: wav },
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
}

const submitJson = (auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/transcribe', payload: body as object, headers: { ...auth, ...headers } });

describe('POST /transcribe', () => {
  it('accepts a multipart upload: 202 queued, the job row and our copy of the audio exist', async () => {
    const org = await testOrg(platform);
    const res = await submitFile(org.auth, { language: 'Hindi', external_id: 'cat-1', isrc: 'us-s1z-99-00001' });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({
      job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
      language: 'Hindi',
      created_at: expect.any(String),
      review_required: false,
      align_requested: true,
      word_align_requested: true,
      external_id: 'cat-1',
    });
    expect(res.headers['x-ratelimit-meter']).toBe('submit');
    const job = await platform.jobServices.jobs.get(body.job_id);
    expect(job).toMatchObject({
      isrc: 'USS1Z9900001',
      audio_source: 'upload',
      audio_format: 'wav',
      original_filename: 'take 1',
    });
    expect(await platform.jobServices.storage.exists(job!.audio_key!)).toBe(true);
    const read = (await app.inject({ url: `/api/v1/jobs/${body.job_id}`, headers: org.auth })).json();
    expect(read).toMatchObject({
      status: 'processing',
      stage: 'transcribing',
      isrc: 'USS1Z9900001',
      external_id: 'cat-1',
    });
    expect(read).not.toHaveProperty('audio_url');
  });

  /**
   * Submits a short upload under the Idempotency-Key `key` while `fault` is in place (it returns
   * what undoes it), and reads back the job that key names.
   */
  async function uploadDuring(fault: () => () => void, key: string) {
    const org = await testOrg(platform);
    const undo = fault();
    let statusCode: number;
    try {
      const body = multipart({ language: 'Hindi' }, { name: 'take 1.wav', content: wav });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/transcribe',
        payload: body.payload,
        headers: { ...org.auth, ...body.headers, 'idempotency-key': key },
      });
      statusCode = res.statusCode;
    } finally {
      undo();
    }
    return { statusCode, job: await platform.jobServices.jobs.get(derivedUuid(org.org_id, 'job', key, '0')) };
  }

  it('an upload whose job was stored but not yet published is accepted and keeps its audio for the sweeper', async () => {
    const { publisher } = platform;
    const publish = publisher.publish;
    // The broker refuses the job's publish: the job row and its outbox entry are stored, and the
    // sweeper publishes it, so the job is accepted.
    const { statusCode, job } = await uploadDuring(() => {
      publisher.publish = (() => Promise.reject(new Error('broker down'))) as typeof publish;
      return () => {
        publisher.publish = publish;
      };
    }, 'upload-broker-down');
    expect(statusCode).toBe(202);
    expect(await platform.jobServices.jobs.outboxEntry(job!.job_id, 1)).not.toBeNull();
    expect(job?.audio_key).toBeTruthy();
    // The job is the audio's owner now: deleting it would fail the job at its first stage.
    expect(await platform.jobServices.storage.exists(job!.audio_key!)).toBe(true);
  });

  it('an upload whose job insert got no answer keeps its audio: the job may be stored', async () => {
    const { jobs } = platform.jobServices;
    const insert = jobs.insert;
    // The row is written, then the answer is lost, as when a coordinator times out after the replicas applied it.
    const { statusCode, job } = await uploadDuring(() => {
      jobs.insert = async (record) => {
        await insert.call(jobs, record);
        throw new Error('write timeout');
      };
      return () => {
        jobs.insert = insert;
      };
    }, 'upload-insert-unanswered');
    expect(statusCode).toBe(503);
    expect(job?.audio_key).toBeTruthy();
    expect(await platform.jobServices.storage.exists(job!.audio_key!)).toBe(true);
  });

  it('accepts an audio_url (HEAD probed) and echoes it on the job', async () => {
    const org = await testOrg(platform);
    const url = `${cdn.url}/song.wav`;
    const res = await submitJson(org.auth, { language: 'Spanish', audio_url: url, align: false });
    expect(res.statusCode).toBe(202);
    expect(res.json().align_requested).toBe(false);
    expect(cdn.requests.some((r) => r.method === 'HEAD' && r.url === '/song.wav')).toBe(true);
    const read = (await app.inject({ url: `/api/v1/jobs/${res.json().job_id}`, headers: org.auth })).json();
    expect(read.audio_url).toBe(url);
  });

  it('a HEAD reporting over 100 MB → 413 VAL_002; a refused HEAD is accepted', async () => {
    const org = await testOrg(platform);
    const huge = await submitJson(org.auth, { language: 'English', audio_url: `${cdn.url}/huge.wav` });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('VAL_002');
    expect((await submitJson(org.auth, { language: 'English', audio_url: `${cdn.url}/no-head.wav` })).statusCode).toBe(
      202,
    );
  });

  it('refuses audio_url hosts inside our network when private networks are not allowed', async () => {
    const strict = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'false' });
    const strictApp = await testGateway(strict);
    const org = await testOrg(strict);
    for (const url of [`${cdn.url}/song.wav`, 'https://127.0.0.1/a.mp3', 'https://169.254.169.254/latest/meta-data/']) {
      const res = await strictApp.inject({
        method: 'POST',
        url: '/api/v1/transcribe',
        payload: { language: 'English', audio_url: url },
        headers: org.auth,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/not allowed/);
    }
    await strictApp.close();
    await strict.close();
  });

  it.each([
    [
      'a text file named .mp3',
      { name: 'song.mp3', type: 'audio/mpeg', content: Buffer.from('this is a text file, not audio at all') },
      /not audio/,
    ],
    ['an empty file', { name: 'song.wav', content: Buffer.alloc(0) }, /empty/],
    ['a wrong extension', { name: 'song.wma', content: wav }, /must end in one of/],
    ['a wrong MIME type', { name: 'song.wav', type: 'text/plain', content: wav }, /MIME/],
  ])('refuses %s with 400 VAL_001 and creates nothing', async (_n, file, message) => {
    const org = await testOrg(platform, { credits: 5 });
    const res = await submitFile(org.auth, { language: 'Hindi' }, file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VAL_001', message: expect.stringMatching(message) });
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(5);
    expect(res.headers['x-ratelimit-remaining-minute']).toBe('10');
  });

  it.each([
    ['no audio at all', { language: 'Hindi' }, /multipart file, or an https audio_url/],
    ['malformed ISRC', { language: 'Hindi', isrc: 'nope' }, /ISRC/],
  ])('refuses %s', async (_n, body, message) => {
    const org = await testOrg(platform);
    const res = await submitJson(org.auth, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a file and an audio_url together', async () => {
    const org = await testOrg(platform);
    const res = await submitFile(org.auth, { language: 'Hindi', audio_url: `${cdn.url}/song.wav` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not both/);
  });

  it('a huge JSON body → 413; malformed JSON → 400; non-UTF-8 bytes → 400', async () => {
    const org = await testOrg(platform);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/transcribe',
      payload: JSON.stringify({ language: 'Hindi', external_id: 'x'.repeat(2_000_000) }),
      headers: { ...org.auth, 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/transcribe',
      payload: '{"language":',
      headers: { ...org.auth, 'content-type': 'application/json' },
    });
    expect(broken.json().code).toBe('VAL_001');
    const latin1 = Buffer.concat([
      Buffer.from('{"language":"Hindi","audio_url":"https://a.example.com/x.mp3","external_id":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}'),
    ]);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/transcribe',
      payload: latin1,
      headers: { ...org.auth, 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a file over 4.5 MB gets a clear 413 over a real connection, not a reset', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const org = await testOrg(platform);
    const big = Buffer.concat([wav.subarray(0, 44), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const body = multipart({ language: 'Hindi' }, { name: 'big.wav', content: big });
    const res = await fetch(`${base}/api/v1/transcribe`, {
      method: 'POST',
      body: body.payload,
      headers: { ...org.auth, ...body.headers },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/4.5 MB/);
  });
});

describe('credits, plans and scopes', () => {
  it('one credit per job; at 0 → 402 PAY_001', async () => {
    const org = await testOrg(platform, { credits: 1 });
    expect((await submitFile(org.auth, { language: 'Hindi' })).statusCode).toBe(202);
    const refused = await submitFile(org.auth, { language: 'Hindi' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: 'insufficient_credits', code: 'PAY_001' });
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(0);
  });

  it('the transcript plan cannot request alignment (402 PAY_002) but can transcribe', async () => {
    const org = await testOrg(platform, { plan: 'transcript' });
    const refused = await submitFile(org.auth, { language: 'Hindi' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('PAY_002');
    expect((await submitFile(org.auth, { language: 'Hindi', align: 'false' })).statusCode).toBe(202);
  });

  it('a transcript-only key requesting alignment → 403 AUTH_002', async () => {
    const org = await testOrg(platform, { scope: 'transcript-only' });
    expect((await submitFile(org.auth, { language: 'Hindi' })).json().code).toBe('AUTH_002');
    expect((await submitFile(org.auth, { language: 'Hindi', align: 'false' })).statusCode).toBe(202);
  });
});

describe('end users', () => {
  it('reuses by external_id, fills missing attributes without overwriting, never merges by email', async () => {
    const org = await testOrg(platform);
    const url = `${cdn.url}/song.wav`;
    const first = (
      await submitJson(org.auth, {
        language: 'Hindi',
        audio_url: url,
        end_user: { external_id: 'cust-1', name: 'Asha' },
      })
    ).json();
    const second = (
      await submitJson(org.auth, {
        language: 'Hindi',
        audio_url: url,
        end_user: { external_id: 'cust-1', name: 'Changed', email: 'asha@example.com' },
      })
    ).json();
    expect(second.end_user).toEqual({
      id: first.end_user.id,
      external_id: 'cust-1',
      name: 'Asha',
      email: 'asha@example.com',
    });
    const other = (
      await submitJson(org.auth, {
        language: 'Hindi',
        audio_url: url,
        end_user: { external_id: 'cust-2', email: 'asha@example.com' },
      })
    ).json();
    expect(other.end_user.id).not.toBe(first.end_user.id);
    const read = (await app.inject({ url: `/api/v1/jobs/${first.job_id}`, headers: org.auth })).json();
    expect(read.end_user).toEqual(second.end_user);
  });
});

describe('Idempotency-Key', () => {
  it('replays the original job within the window, 409 IDEM_002 for another body, charges once', async () => {
    const org = await testOrg(platform, { credits: 10 });
    const body = { language: 'Hindi', audio_url: `${cdn.url}/song.wav` };
    const first = await submitJson(org.auth, body, { 'idempotency-key': 'song-42' });
    const again = await submitJson(org.auth, body, { 'idempotency-key': 'song-42' });
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const different = await submitJson(org.auth, { ...body, external_id: 'x' }, { 'idempotency-key': 'song-42' });
    expect(different.statusCode).toBe(409);
    expect(different.json().code).toBe('IDEM_002');
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(9);
    // Keys are per organisation.
    const stranger = await testOrg(platform);
    const theirs = await submitJson(stranger.auth, body, { 'idempotency-key': 'song-42' });
    expect(theirs.json().job_id).not.toBe(first.json().job_id);
  });

  it('a submission sent again after its gateway died between the charge and the job is charged once', async () => {
    const org = await testOrg(platform, { credits: 5 });
    // What the gateway that died did: the credit of the job this key names is taken, nothing stored.
    const jobId = derivedUuid(org.org_id, 'job', 'song-after-crash', '0');
    expect(await platform.orgs.chargeJobs(org.org_id, [jobId])).toEqual([jobId]);
    const body = { language: 'Hindi', audio_url: `${cdn.url}/song.wav` };
    const retry = await submitJson(org.auth, body, { 'idempotency-key': 'song-after-crash' });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().job_id).toBe(jobId);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(4);
  });

  it('answers a replay from its record when the credits have since run out, and the replay draws no meter unit', async () => {
    const org = await testOrg(platform, { credits: 1 });
    const body = { language: 'Hindi', audio_url: `${cdn.url}/song.wav` };
    const first = await submitJson(org.auth, body, { 'idempotency-key': 'last-song' });
    expect(first.statusCode).toBe(202);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(0);
    const again = await submitJson(org.auth, body, { 'idempotency-key': 'last-song' });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().job_id).toBe(first.json().job_id);
    expect(again.headers['x-ratelimit-remaining-minute']).toBe(first.headers['x-ratelimit-remaining-minute']);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(0);
    // A new song under a new key is still refused for credits.
    const next = await submitJson(org.auth, body, { 'idempotency-key': 'one-more' });
    expect(next.json().code).toBe('PAY_001');
  });

  it('concurrent identical requests create exactly one job', async () => {
    const org = await testOrg(platform, { credits: 50, limits: { 'submit.minute': 100 } });
    const body = { language: 'Hindi', audio_url: `${cdn.url}/song.wav` };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => submitJson(org.auth, body, { 'idempotency-key': 'race-1' })),
    );
    const ids = new Set(responses.filter((r) => r.statusCode === 202).map((r) => r.json().job_id));
    expect(ids.size).toBe(1);
    for (const r of responses) expect([202, 409]).toContain(r.statusCode);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('IDEM_001');
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(49);
  });
});
