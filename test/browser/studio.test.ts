/**
 * The studio in Debian's Chromium: sign in through the form, land on the job, edit and approve,
 * ask for a re-alignment, and sign out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../sinks/crypto/passwords.ts';
import { FAKE_LINES } from '../doubles/engine.ts';
import { type BrowserHarness, startBrowserHarness } from '../support/browser.ts';
import { eventually } from '../support/pipeline.ts';
import { testOrg } from '../support/platform.ts';

let h: BrowserHarness;

beforeAll(async () => {
  h = await startBrowserHarness(4);
});
afterAll(async () => {
  await h?.close();
});

describe('the studio', () => {
  it('signs in, edits and approves, re-aligns, and signs out', async () => {
    const org = await testOrg(h.platform, { credits: 10 });
    h.pipeline.orgs.add(org.org_id);
    const email = `editor-${Date.now()}@label.example`;
    const password = 'a long studio password';
    await h.platform.studioUsers.createUser({
      user_id: `usr_${Date.now()}`,
      org_id: org.org_id,
      email,
      password_hash: await hashPassword(password),
      created_at: new Date(),
    });
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/api/v1/transcribe',
      headers: org.auth,
      payload: { language: 'English', audio_url: `${h.cdn.url}/song.wav`, review: true },
    });
    const jobId = submitted.json().job_id as string;
    await eventually(
      async () => (await h.app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json().review,
    );

    const page = await h.browser.newPage();
    await page.goto(`${h.origin}/studio/${jobId}`);
    expect(page.url()).toContain('/studio/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${h.origin}/studio/${jobId}`);
    expect(await page.getByLabel('Line 1 text').inputValue()).toBe(FAKE_LINES[0]);

    await page.getByLabel('Line 2 text').fill('second line, fixed in the studio');
    await page.getByRole('button', { name: 'Approve lyrics' }).click();
    await page.locator('#confirm-approve').click();
    await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 }).toMatch(/^Approved: 1 line/);
    const job = (await h.app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    expect(job.results.transcript).toBe(`${FAKE_LINES[0]}\nsecond line, fixed in the studio`);
    expect(job.review_approved_at).not.toBeNull();

    await page.getByRole('button', { name: 'Re-align' }).click();
    await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 }).toMatch(/^Re-alignment: /);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${h.origin}/studio/login`);
    await page.goto(`${h.origin}/studio/${jobId}`);
    expect(page.url()).toContain('/studio/login');
    await page.close();
  });
});
