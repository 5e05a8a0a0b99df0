/**
 * The studio in Debian's Chromium: sign in through the form, land on the job, edit and approve,
 * ask for a re-alignment, and sign out.
 */
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/studio-users.ts';
import type { Platform } from '../../ops/platform.ts';
import { FAKE_LINES } from '../doubles/engine.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let cdn: TestHttpsServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  pipeline = await startTestPipeline(platform);
  app = await testGateway(platform, { engine: pipeline.engine });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(4)));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await pipeline?.stop();
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

describe('the studio', () => {
  it('signs in, edits and approves, re-aligns, and signs out', async () => {
    const org = await testOrg(platform, { credits: 10 });
    pipeline.orgs.add(org.org_id);
    const email = `editor-${Date.now()}@label.example`;
    const password = 'a long studio password';
    await platform.studioUsers.createUser({
      user_id: `usr_${Date.now()}`,
      org_id: org.org_id,
      email,
      password_hash: await hashPassword(password),
      created_at: new Date(),
    });
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/v1/transcribe',
      headers: org.auth,
      payload: { language: 'English', audio_url: `${cdn.url}/song.wav`, review: true },
    });
    const jobId = submitted.json().job_id as string;
    await eventually(async () => (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json().review);

    const page = await browser.newPage();
    await page.goto(`${origin}/studio/${jobId}`);
    expect(page.url()).toContain('/studio/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${origin}/studio/${jobId}`);
    expect(await page.getByLabel('Line 1').inputValue()).toBe(FAKE_LINES[0]);

    await page.getByLabel('Line 2').fill('second line, fixed in the studio');
    await page.getByRole('button', { name: 'Approve lyrics' }).click();
    await page.locator('#confirm-approve').click();
    await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 }).toMatch(/^Approved: 1 line/);
    const job = (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    expect(job.results.transcript).toBe(`${FAKE_LINES[0]}\nsecond line, fixed in the studio`);
    expect(job.review_approved_at).not.toBeNull();

    await page.getByRole('button', { name: 'Re-align with the song' }).click();
    await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 }).toMatch(/^Re-alignment: /);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/studio/login`);
    await page.goto(`${origin}/studio/${jobId}`);
    expect(page.url()).toContain('/studio/login');
    await page.close();
  });
});
