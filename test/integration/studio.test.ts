/**
 * The studio's HTTP contract (the browser project drives the editor): sign-in, the session
 * cookie's attributes, CSRF on every state-changing call, sign-out, and organisation isolation.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { hashPassword } from '../../sinks/crypto/passwords.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let cdn: TestHttpsServer;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  pipeline = await startTestPipeline(platform);
  app = await testGateway(platform, { engine: pipeline.engine });
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(2)));
});
afterAll(async () => {
  await pipeline?.stop();
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

const PASSWORD = 'correct horse battery staple';

async function staffWithJob() {
  const org = await testOrg(platform, { credits: 10 });
  pipeline.orgs.add(org.org_id);
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2)}@label.example`;
  await platform.studioUsers.createUser({
    user_id: `usr_${Date.now()}`,
    org_id: org.org_id,
    email,
    password_hash: await hashPassword(PASSWORD),
    created_at: new Date(),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    headers: org.auth,
    payload: { language: 'English', audio_url: `${cdn.url}/song.wav`, review: true },
  });
  const jobId = res.json().job_id as string;
  await eventually(async () => (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json().review);
  return { org, email, jobId };
}

async function signIn(email: string, password = PASSWORD, next = '') {
  return app.inject({
    method: 'POST',
    url: '/studio/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password, next }).toString(),
  });
}

const cookieOf = (res: Awaited<ReturnType<typeof signIn>>) => String(res.headers['set-cookie']).split(';')[0]!;

describe('the studio', () => {
  it('signs in with a session cookie that scripts and other sites cannot use', async () => {
    const { email, jobId } = await staffWithJob();
    expect((await signIn(email, 'wrong password!!')).statusCode).toBe(401);
    expect((await signIn('nobody@label.example')).statusCode).toBe(401);
    const res = await signIn(email.toUpperCase(), PASSWORD, `/studio/${jobId}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/studio/${jobId}`);
    expect(res.headers['set-cookie']).toMatch(/^verse_studio=[\w-]{40,}; Path=\/studio; HttpOnly; SameSite=Strict/);
    // An open redirect is not possible through `next`.
    expect((await signIn(email, PASSWORD, 'https://evil.example/')).headers.location).toBe('/studio');
  });

  it('sends a signed-out visitor to sign in, and shows the editor to staff of the job’s organisation only', async () => {
    const { email, jobId } = await staffWithJob();
    const anonymous = await app.inject({ url: `/studio/${jobId}` });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([
      303,
      `/studio/login?next=%2Fstudio%2F${jobId}`,
    ]);
    const cookie = cookieOf(await signIn(email));
    const page = await app.inject({ url: `/studio/${jobId}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="realign"');
    const other = await staffWithJob();
    const foreign = await app.inject({ url: `/studio/${other.jobId}`, headers: { cookie } });
    expect(foreign.statusCode).toBe(404);
    const foreignCall = await app.inject({
      method: 'POST',
      url: `/studio/${other.jobId}/approve`,
      headers: { cookie, 'x-csrf-token': csrfOf(page.body) },
      payload: {},
    });
    expect([foreignCall.statusCode, foreignCall.json().code]).toEqual([404, 'NOT_001']);
  });

  it('refuses state changes without the session’s CSRF token, approves with it, and signs out', async () => {
    const { org, email, jobId } = await staffWithJob();
    const cookie = cookieOf(await signIn(email));
    const csrf = csrfOf((await app.inject({ url: `/studio/${jobId}`, headers: { cookie } })).body);
    const forged = await app.inject({
      method: 'POST',
      url: `/studio/${jobId}/approve`,
      headers: { cookie },
      payload: {},
    });
    expect([forged.statusCode, forged.json().code]).toEqual([403, 'AUTH_002']);
    const wrong = await app.inject({
      method: 'POST',
      url: `/studio/${jobId}/approve`,
      headers: { cookie, 'x-csrf-token': `${csrf}x` },
      payload: {},
    });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json().review_approved_at,
    ).toBeNull();

    const realign = await app.inject({
      method: 'POST',
      url: `/studio/${jobId}/align`,
      headers: { cookie, 'x-csrf-token': csrf },
      payload: {},
    });
    expect([realign.statusCode, realign.json().code]).toEqual([409, 'ALN_002']); // held for review: approve first
    const approved = await app.inject({
      method: 'POST',
      url: `/studio/${jobId}/approve`,
      headers: { cookie, 'x-csrf-token': csrf },
      payload: {},
    });
    expect(approved.json()).toMatchObject({ status: 'approved', stage: 'aligned' });

    const noCsrfLogout = await app.inject({
      method: 'POST',
      url: '/studio/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(noCsrfLogout.statusCode).toBe(403);
    const logout = await app.inject({
      method: 'POST',
      url: '/studio/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf }).toString(),
    });
    expect([logout.statusCode, logout.headers.location]).toEqual([303, '/studio/login']);
    expect((await app.inject({ url: `/studio/${jobId}`, headers: { cookie } })).statusCode).toBe(303);
  });
});

function csrfOf(html: string): string {
  const state = /<script type="application\/json" id="editor-state">(.*?)<\/script>/s.exec(html);
  return JSON.parse(state![1]!).csrf as string;
}
