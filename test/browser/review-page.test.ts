/**
 * The review page in Debian's Chromium (playwright-core, never a downloaded browser): open the
 * link, play and watch the highlighted line move, seek by clicking a line, edit a line (a fresh
 * romanisation is offered), accept a second-opinion suggestion, approve, and read the result back
 * through the API. Saves docs/review-page.png.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { FAKE_LINES } from '../doubles/engine.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

// The callbacks given to page.evaluate run in the page; this project compiles without the DOM library.
// biome-ignore lint/suspicious/noExplicitAny: the page's document, typed loosely on purpose
declare const document: any;

const SCREENSHOT = path.resolve(import.meta.dirname, '../../docs/review-page.png');

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
  cdn.route('/song.wav', serveFile(wavTone(8)));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await pipeline?.stop();
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

type Org = Awaited<ReturnType<typeof testOrg>>;

async function jobAtAlignedGate(org: Org): Promise<{ jobId: string; reviewUrl: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    headers: org.auth,
    payload: { language: 'English', audio_url: `${cdn.url}/song.wav`, review: true, word_align: true },
  });
  const jobId = res.json().job_id as string;
  const job = await eventually(async () => {
    const j = (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    return j.review && j.review_url ? j : null;
  });
  // A second opinion heard line 2 differently: the page offers it beside that line.
  await platform.jobServices.writer.change(jobId, () => ({
    patch: {
      second_opinion: {
        match_ratio: 0.8,
        suggestions: [{ line: 1, current: FAKE_LINES[1]!, suggested: 'second line is here', reason: 'second model' }],
      },
    },
  }));
  const url = new URL(job.review_url);
  return { jobId, reviewUrl: `${origin}${url.pathname}${url.search}` };
}

describe('the review page', () => {
  it('plays, follows the song, edits, accepts a suggestion and approves', async () => {
    const org = await testOrg(platform, { credits: 10 });
    pipeline.orgs.add(org.org_id);
    const { jobId, reviewUrl } = await jobAtAlignedGate(org);
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    const response = await page.goto(reviewUrl);
    expect(response!.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Review lyrics');
    expect(await page.locator('li.line').count()).toBe(2);

    // Play: the highlighted line follows the audio (line 1 from 1.0 s, line 2 from 2.0 s).
    await page.evaluate(() => document.querySelector('#song')!.play());
    await page.waitForFunction(() => document.querySelector('li.line.current'), null, { timeout: 15_000 });
    await page.waitForFunction(
      (text) => document.querySelector('li.line.current input.original')?.value === text,
      FAKE_LINES[1],
      { timeout: 15_000 },
    );
    expect(await page.locator('.words span.current').count()).toBeLessThanOrEqual(1);
    await page.evaluate(() => document.querySelector('#song')!.pause());

    // Clicking a line's time seeks there.
    await page.getByRole('button', { name: 'Play from 00:01.00' }).click();
    // (Checked in one step in the page: the click also plays, so the song moves on.)
    await page.waitForFunction((text) => {
      const t = document.querySelector('#song')!.currentTime;
      return t >= 1 && t < 1.9 && document.querySelector('li.line.current input.original')?.value === text;
    }, FAKE_LINES[0]);
    await page.evaluate(() => document.querySelector('#song')!.pause());

    // Edit line 1: the engine offers a new romanisation (the engine double upper-cases).
    await page.getByLabel('Line 1').fill('first line, corrected');
    await expect
      .poll(() => page.locator('li.line').nth(0).locator('input.romanised').inputValue())
      .toBe('FIRST LINE, CORRECTED');

    // Accept the suggestion beside line 2.
    await page.getByRole('button', { name: 'Accept' }).click();
    expect(await page.getByLabel('Line 2').inputValue()).toBe('second line is here');
    await expect
      .poll(() => page.locator('li.line').nth(1).locator('input.romanised').inputValue())
      .toBe('SECOND LINE IS HERE');

    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // Approve: a confirmation, then the outcome.
    await page.getByRole('button', { name: 'Approve lyrics' }).click();
    await expect.poll(() => page.locator('#confirm').isVisible()).toBe(true);
    await page.locator('#confirm-approve').click();
    await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 }).toMatch(/^Approved: 2 line/);

    const job = (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    expect(job.results.transcript).toBe('first line, corrected\nsecond line is here');
    expect(job.review_approved_at).not.toBeNull();
    expect(job.review).toBeUndefined();
    await page.close();
  });

  it('shows a clear page with no job data for a wrong or malformed token', async () => {
    const org = await testOrg(platform, { credits: 10 });
    pipeline.orgs.add(org.org_id);
    const { reviewUrl } = await jobAtAlignedGate(org);
    const page = await browser.newPage();
    const wrong = new URL(reviewUrl);
    wrong.searchParams.set('token', 'not-the-token');
    const res = await page.goto(wrong.toString());
    expect(res!.status()).toBe(404);
    const text = await page.textContent('body');
    expect(text).toContain('not valid');
    expect(text).not.toContain(FAKE_LINES[0]);
    const bare = new URL(reviewUrl);
    bare.search = '';
    expect((await page.goto(bare.toString()))!.status()).toBe(404);
    await page.close();
  });

  it('is usable on a phone: one column, no sideways scrolling, every field labelled', async () => {
    const org = await testOrg(platform, { credits: 10 });
    pipeline.orgs.add(org.org_id);
    const { reviewUrl } = await jobAtAlignedGate(org);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(reviewUrl);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const unlabelled = await page.evaluate(
      () =>
        [...document.querySelectorAll('input, button')].filter(
          (el) => !(el.closest('label') || el.getAttribute('aria-label') || el.textContent?.trim()),
        ).length,
    );
    expect(unlabelled).toBe(0);
    // Keyboard: Tab reaches every control in reading order (seek, line, romanisation, approve).
    const reached: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return (
            el?.getAttribute('aria-label') ?? el?.closest('label')?.textContent?.trim() ?? el?.textContent?.trim() ?? ''
          );
        }),
      );
    }
    const at = (label: string) => reached.findIndex((r) => r.startsWith(label));
    expect(at('Play from 00:01.00')).toBeGreaterThanOrEqual(0);
    expect(at('Line 1')).toBeGreaterThan(at('Play from 00:01.00'));
    expect(at('Romanised')).toBeGreaterThan(at('Line 1'));
    expect(at('Approve lyrics')).toBeGreaterThan(at('Line 1'));
    await page.close();
  });
});
