/**
 * The review page in Debian's Chromium (playwright-core, never a downloaded browser), on a real
 * song: the first 30 s of "Mes Larmes" (read from ../shared/data/songs, cut at MP3 frames) with its
 * hand-timed lines, which the engine double "hears" and times as a person did. Some lines are made
 * doubtful (flagged, a second opinion, untranslated) so the page has something to lead to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LyricLine } from '../../core/jobs/job.ts';
import { type BrowserHarness, startBrowserHarness } from '../support/browser.ts';
import { serveFile } from '../support/https-server.ts';
import { eventually } from '../support/pipeline.ts';
import { testOrg } from '../support/platform.ts';
import { mp3Clip, referenceLines, songMp3 } from '../support/songs.ts';

// The callbacks given to page.evaluate run in the page; this project compiles without the DOM library.
// biome-ignore lint/suspicious/noExplicitAny: the page's document, typed loosely on purpose
declare const document: any;

const SONG = 'mes_larmes_kobzx2z';
const CLIP_SECONDS = 30;
/** 0-based lines the page must lead to, in order: flagged, second opinion, flagged, untranslated. */
const FLAGGED = [2, 7];
const SUGGESTED = 4;
const UNTRANSLATED = 9;
const DOUBTFUL = [2, 4, 7, 9];

let h: BrowserHarness;
let heard: LyricLine[];

beforeAll(async () => {
  h = await startBrowserHarness(8);
  h.cdn.route('/clip.mp3', serveFile(mp3Clip(songMp3(SONG), CLIP_SECONDS), 'audio/mpeg'));
  heard = referenceLines(SONG, CLIP_SECONDS).map((line, i) => ({
    ...line,
    translation: i === UNTRANSLATED ? null : `(en) ${line.text}`,
    flagged: FLAGGED.includes(i),
  }));
  h.pipeline.engine.heard = heard;
  // Starts set by ear are checked against the song's measured length: the clip's.
  h.pipeline.engine.durationSeconds = CLIP_SECONDS;
});
afterAll(async () => {
  await h?.close();
});

type Org = Awaited<ReturnType<typeof testOrg>>;

async function jobAtGate(
  reviewStage: 'aligned' | 'transcript' = 'aligned',
): Promise<{ org: Org; jobId: string; reviewUrl: string }> {
  const org = await testOrg(h.platform, { credits: 10 });
  h.pipeline.orgs.add(org.org_id);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    headers: org.auth,
    payload: {
      language: 'French',
      audio_url: `${h.cdn.url}/clip.mp3`,
      review: true,
      review_stage: reviewStage,
      word_align: true,
    },
  });
  const jobId = res.json().job_id as string;
  const job = await eventually(async () => {
    const j = (await h.app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    return j.review && j.review_url ? j : null;
  });
  await h.platform.jobServices.writer.change(jobId, () => ({
    patch: {
      second_opinion: {
        match_ratio: 0.9,
        suggestions: [
          {
            line: SUGGESTED,
            current: heard[SUGGESTED]!.text,
            suggested: 'moi je voyais personne',
            reason: 'second model',
          },
        ],
      },
    },
  }));
  const url = new URL(job.review_url);
  return { org, jobId, reviewUrl: `${h.origin}${url.pathname}${url.search}` };
}

/** The focused row's id, "line-N", or what else has focus. */
const focused = () => document.activeElement?.closest('li.line')?.id ?? document.activeElement?.id ?? '';

describe('the review page on a real song clip', () => {
  it('leads from one doubtful line to the next with n and p, and plays each', async () => {
    const { reviewUrl } = await jobAtGate();
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    expect((await page.goto(reviewUrl))!.status()).toBe(200);
    expect(await page.locator('#doubts-title').textContent()).toBe('4 lines to check');
    await page.waitForFunction(() => document.querySelector('#waveform').dataset.decoded === 'true', null, {
      timeout: 20_000,
    });

    for (const expected of [...DOUBTFUL, DOUBTFUL[0]!]) {
      await page.keyboard.press('n');
      await expect.poll(() => page.evaluate(focused)).toBe(`line-${expected + 1}`);
    }
    await page.keyboard.press('p');
    await expect.poll(() => page.evaluate(focused)).toBe(`line-${DOUBTFUL.at(-1)! + 1}`);
    await page.keyboard.press('p');
    await expect.poll(() => page.evaluate(focused)).toBe(`line-${DOUBTFUL.at(-2)! + 1}`);

    // Line 8 is playing: the song is at its start, the row and a word of it are lit, and the reason is said.
    const line = heard[DOUBTFUL.at(-2)!]!;
    await page.waitForFunction(
      ([start, end]: number[]) => {
        const audio = document.querySelector('#song');
        return !audio.paused && audio.currentTime >= start! - 0.05 && audio.currentTime < end! + 1;
      },
      [line.start!, line.end!],
    );
    await page.waitForFunction(() => document.querySelector('#now span.current'), null, { timeout: 5_000 });
    expect(await page.locator('li.line.current').getAttribute('id')).toBe(`line-${DOUBTFUL.at(-2)! + 1}`);
    await expect.poll(() => page.locator('#outcome').textContent()).toContain('Line 8 (timing in doubt)');
    await expect.poll(() => page.locator('#now-announced').textContent()).toContain(line.text);

    // The summary's links lead there too.
    await page.locator('.doubts a', { hasText: String(UNTRANSLATED + 1) }).click();
    await expect.poll(() => page.evaluate(focused)).toBe(`line-${UNTRANSLATED + 1}`);
    await page.close();
  });

  it('sets a start by ear (t) and approves with the keyboard alone; the times travel with the approval', async () => {
    const { org, jobId, reviewUrl } = await jobAtGate();
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(reviewUrl);
    const kb = page.keyboard;
    // The approval button is among the first stops of the tab order.
    let tabs = 0;
    while ((await page.evaluate(() => document.activeElement?.id)) !== 'approve' && tabs < 6) {
      await kb.press('Tab');
      tabs++;
    }
    expect(tabs).toBeLessThan(6);
    await page.evaluate(() => document.activeElement.blur());

    await kb.press('n'); // line 3, flagged: plays from the aligner's 14.70 s
    await kb.press(' '); // pause
    await expect.poll(() => page.evaluate(() => document.querySelector('#song').paused)).toBe(true);
    await kb.press('ArrowRight'); // 3 s on: the reviewer hears the line start later
    await kb.press('t');
    const set = Number(await page.locator('#line-3').getAttribute('data-anchor'));
    expect(set).toBeGreaterThan(heard[2]!.start! + 2);
    await expect.poll(() => page.locator('#outcome').textContent()).toContain('Line 3 now starts at');
    await expect.poll(() => page.evaluate(focused)).toBe('line-4'); // t moves on to the next line

    // Edit line 4's text by keyboard: e, type, Enter moves to line 5's text, Escape to its row.
    await kb.press('e');
    await kb.press('End');
    await kb.type(' encore');
    await kb.press('Enter');
    expect(await page.evaluate(() => document.activeElement.getAttribute('aria-label'))).toBe('Line 5 text');
    await kb.press('Escape');
    await expect.poll(() => page.evaluate(focused)).toBe('line-5');

    await kb.press('Control+Enter');
    await expect.poll(() => page.locator('#confirm').isVisible()).toBe(true);
    await kb.press('Enter');
    await expect
      .poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 })
      .toMatch(/^Approved: 1 line\(s\) edited\. 1 start\(s\) set by ear\./);

    const job = await h.platform.jobServices.jobs.get(jobId);
    expect(job!.lifecycle.review_approved_at).not.toBeNull();
    const line3 = job!.lines![2]!;
    expect(line3.start).toBeCloseTo(set, 2);
    expect(line3.flagged).toBe(false); // a person heard where it starts
    expect(line3.words![0]!.start).toBeCloseTo(set, 2); // the words moved with it
    expect(job!.lines![3]!.text).toBe(`${heard[3]!.text} encore`);
    const lrc = await h.app.inject({ url: `/api/v1/jobs/${jobId}/download/lrc/original`, headers: org.auth });
    const clock = `${String(Math.floor(set / 60)).padStart(2, '0')}:${(set % 60).toFixed(2).padStart(5, '0')}`;
    expect(lrc.body).toContain(`[${clock}]${heard[2]!.text}`);
    await page.close();
  });

  it('accepts a second opinion, fills a translation, adds a line from the row menu and approves', async () => {
    const { jobId, reviewUrl } = await jobAtGate();
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(reviewUrl);
    // French is written in Latin script: the romanisation stays out of the way until asked for.
    expect(await page.getByLabel('Line 1 romanised').isVisible()).toBe(false);
    await page.getByLabel('Romanisation').check();
    expect(await page.getByLabel('Line 1 romanised').isVisible()).toBe(true);
    await page.getByLabel('Romanisation').uncheck();

    // The reviewer corrects the explicit-content finding.
    const explicitAtStart = await page.getByLabel('Explicit').isChecked();
    await page.getByLabel('Explicit').setChecked(!explicitAtStart);

    await page.getByRole('button', { name: `Accept the second opinion for line ${SUGGESTED + 1}` }).click();
    expect(await page.getByLabel(`Line ${SUGGESTED + 1} text`).inputValue()).toBe('moi je voyais personne');
    await page.getByLabel(`Line ${UNTRANSLATED + 1} translation`).fill('but not on our tears');

    await page.getByRole('button', { name: 'Line 11 actions' }).click();
    await page.getByRole('menuitem', { name: 'Add a line below' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement.getAttribute('aria-label')))
      .toBe('Line 12 text');
    await page.keyboard.type('ah ah');

    await page.getByRole('button', { name: 'Approve lyrics' }).click();
    await page.locator('#confirm-approve').click();
    await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 }).toMatch(/^Approved: /);

    const job = await h.platform.jobServices.jobs.get(jobId);
    expect(job!.lines!.map((l) => l.text)).toEqual([
      ...heard.slice(0, SUGGESTED).map((l) => l.text),
      'moi je voyais personne',
      ...heard.slice(SUGGESTED + 1).map((l) => l.text),
      'ah ah',
    ]);
    expect(job!.lines![UNTRANSLATED]!.translation).toBe('but not on our tears');
    expect(job!.results!.translation).toContain('but not on our tears');
    expect(job!.results!.explicit).toBe(!explicitAtStart);
    // The edited and added lines were romanised by the engine (the double upper-cases).
    expect(job!.lines![11]!.transliteration).toBe('AH AH');
    await page.close();
  });

  it('at the transcript gate, has no times to set and sends none', async () => {
    const { jobId, reviewUrl } = await jobAtGate('transcript');
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(reviewUrl);
    expect(await page.locator('li.line .time').first().textContent()).toBe('--:--.--');
    await page.keyboard.press('n');
    await page.keyboard.press('t');
    await expect
      .poll(() => page.locator('#outcome').textContent())
      .toBe('Starts can be set once the lyrics are aligned.');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 })
      .toMatch(/Alignment now runs on the approved text/);
    // Alignment then runs on the approved text, and the job completes with timings.
    const done = await eventually(async () => {
      const job = await h.platform.jobServices.jobs.get(jobId);
      return job?.lifecycle.status === 'complete' ? job : null;
    });
    expect(done.lines!.every((line) => line.start !== null)).toBe(true);
    await page.close();
  });

  it('is compact: a line without doubts takes one row', async () => {
    const { reviewUrl } = await jobAtGate();
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(reviewUrl);
    const heights: number[] = await page.evaluate(() =>
      [...document.querySelectorAll('li.line:not(.doubtful)')].map((row) => row.getBoundingClientRect().height),
    );
    expect(heights.length).toBe(heard.length - DOUBTFUL.length);
    for (const height of heights) expect(height).toBeLessThan(42);
    await page.close();
  });

  it('is usable on a phone: no sideways scrolling, full-width text, every control labelled', async () => {
    const { reviewUrl } = await jobAtGate();
    const page = await h.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(reviewUrl);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const unlabelled = await page.evaluate(
      () =>
        [...document.querySelectorAll('input, button, canvas')].filter(
          (el) => !(el.closest('label') || el.getAttribute('aria-label') || el.textContent?.trim()),
        ).length,
    );
    expect(unlabelled).toBe(0);
    const textWidth = await page.getByLabel('Line 1 text').evaluate((el) => el.getBoundingClientRect().width);
    expect(textWidth).toBeGreaterThan(300);
    const approve = await page.getByRole('button', { name: 'Approve lyrics' }).boundingBox();
    expect(approve!.y + approve!.height).toBeLessThanOrEqual(844);
    await page.close();
  });

  it('shows a clear page with no job data for a wrong or malformed token', async () => {
    const { reviewUrl } = await jobAtGate();
    const page = await h.browser.newPage();
    const wrong = new URL(reviewUrl);
    wrong.searchParams.set('token', 'not-the-token');
    const res = await page.goto(wrong.toString());
    expect(res!.status()).toBe(404);
    const text = await page.textContent('body');
    expect(text).toContain('not valid');
    expect(text).not.toContain(heard[0]!.text);
    const bare = new URL(reviewUrl);
    bare.search = '';
    expect((await page.goto(bare.toString()))!.status()).toBe(404);
    await page.close();
  });
});
