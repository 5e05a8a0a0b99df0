/**
 * The review page in Debian's Chromium (playwright-core, never a downloaded browser): open the
 * link, play and watch the highlighted line move, seek by clicking a line, edit a line (a fresh
 * romanisation is offered), accept a second-opinion suggestion, approve, and read the result back
 * through the API. Saves docs/review-page.png.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_LINES } from '../doubles/engine.ts';
import { type BrowserHarness, startBrowserHarness } from '../support/browser.ts';
import { eventually } from '../support/pipeline.ts';
import { testOrg } from '../support/platform.ts';

// The callbacks given to page.evaluate run in the page; this project compiles without the DOM library.
// biome-ignore lint/suspicious/noExplicitAny: the page's document, typed loosely on purpose
declare const document: any;

const SCREENSHOT = path.resolve(import.meta.dirname, '../../docs/review-page.png');

let h: BrowserHarness;

beforeAll(async () => {
  h = await startBrowserHarness(8);
});
afterAll(async () => {
  await h?.close();
});

type Org = Awaited<ReturnType<typeof testOrg>>;

async function jobAtAlignedGate(org: Org): Promise<{ jobId: string; reviewUrl: string }> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    headers: org.auth,
    payload: { language: 'English', audio_url: `${h.cdn.url}/song.wav`, review: true, word_align: true },
  });
  const jobId = res.json().job_id as string;
  const job = await eventually(async () => {
    const j = (await h.app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    return j.review && j.review_url ? j : null;
  });
  // A second opinion heard line 2 differently: the page offers it beside that line.
  await h.platform.jobServices.writer.change(jobId, () => ({
    patch: {
      second_opinion: {
        match_ratio: 0.8,
        suggestions: [{ line: 1, current: FAKE_LINES[1]!, suggested: 'second line is here', reason: 'second model' }],
      },
    },
  }));
  const url = new URL(job.review_url);
  return { jobId, reviewUrl: `${h.origin}${url.pathname}${url.search}` };
}

describe('the review page', () => {
  it('plays, follows the song, edits, accepts a suggestion and approves', async () => {
    const org = await testOrg(h.platform, { credits: 10 });
    h.pipeline.orgs.add(org.org_id);
    const { jobId, reviewUrl } = await jobAtAlignedGate(org);
    const page = await h.browser.newPage({ viewport: { width: 1100, height: 800 } });
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

    const job = (await h.app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    expect(job.results.transcript).toBe('first line, corrected\nsecond line is here');
    expect(job.review_approved_at).not.toBeNull();
    expect(job.review).toBeUndefined();
    await page.close();
  });

  it('shows a clear page with no job data for a wrong or malformed token', async () => {
    const org = await testOrg(h.platform, { credits: 10 });
    h.pipeline.orgs.add(org.org_id);
    const { reviewUrl } = await jobAtAlignedGate(org);
    const page = await h.browser.newPage();
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
    const org = await testOrg(h.platform, { credits: 10 });
    h.pipeline.orgs.add(org.org_id);
    const { reviewUrl } = await jobAtAlignedGate(org);
    const page = await h.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
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
