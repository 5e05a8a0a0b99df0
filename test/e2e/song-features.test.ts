/**
 * What a distributor gets beyond the anchors, through the running platform and the real engine, on
 * 30 s of a real song (the shared German song, read in place): the language check with the right
 * and a wrong label (and the GET /jobs filter for the wrong one), song sections that cover the
 * lines, word ends and confidences in the words file, and a TTML file that is valid TTML1 with a
 * <div> per section and a <p> per line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/generated/api/job.ts';
import type { JobList } from '../../schemas/generated/api/job-list.ts';
import { pollJobUntilSettled } from '../support/polling.ts';
import { multipartBody } from '../support/raw-http.ts';
import { type RunningService, startService } from '../support/service.ts';
import { mp3Clip, SONGS_DIR } from '../support/songs.ts';
import { parseTtml, TT, ttmlSchemaErrors } from '../support/ttml.ts';

let service: RunningService;
let auth: Record<string, string>;
const clip = mp3Clip(readFileSync(path.join(SONGS_DIR, 'veranderung_doromusis', 'audio.mp3')), 30);

beforeAll(async () => {
  service = await startService('verse_e2e_song_features', 18133);
  const org = await service.verse('org', 'create', '--name', 'Song Features', '--credits', '10');
  auth = { authorization: `Bearer ${org.api_key}` };
}, 180_000);
afterAll(async () => {
  await service?.stop();
});

async function submit(language: string): Promise<string> {
  const { body, contentType } = multipartBody(
    { language, word_align: 'true', external_id: `veranderung-as-${language}` },
    { name: 'veranderung.mp3', type: 'audio/mpeg', content: clip },
  );
  const submitted = await fetch(`${service.baseUrl}/api/v1/transcribe`, {
    method: 'POST',
    headers: { ...auth, 'content-type': contentType },
    body,
  });
  expect(submitted.status).toBe(202);
  return ((await submitted.json()) as { job_id: string }).job_id;
}

async function finished(jobId: string): Promise<Job> {
  return pollJobUntilSettled<Job>(service.baseUrl, jobId, auth, 300_000);
}

const download = async (job: Job, type: string, variant = 'original') =>
  (await fetch(`${service.baseUrl}/api/v1/jobs/${job.job_id}/download/${type}/${variant}`, { headers: auth })).text();

describe('a real song clip through the platform', () => {
  let right: Job;
  let wrong: Job;

  beforeAll(async () => {
    const ids = [await submit('German'), await submit('Spanish')];
    right = await finished(ids[0]!);
    wrong = await finished(ids[1]!);
  }, 600_000);

  it('the language check hears German: it matches the German label and not the Spanish one', () => {
    expect(right, JSON.stringify(right)).toMatchObject({ status: 'complete' });
    expect(right.results?.language_check).toMatchObject({ detected: 'German', matches: true });
    expect(wrong.results?.language_check).toMatchObject({ detected: 'German', matches: false });
  });

  it('GET /jobs?language_mismatch=true lists only the mislabelled job', async () => {
    await new Promise((r) => setTimeout(r, 2500)); // the feed's settle window
    const list = async (flag: string) =>
      (
        (await (
          await fetch(`${service.baseUrl}/api/v1/jobs?language_mismatch=${flag}`, { headers: auth })
        ).json()) as JobList
      ).jobs.map((j) => j.job_id);
    expect(await list('true')).toEqual([wrong.job_id]);
    expect(await list('false')).toEqual([right.job_id]);
  });

  it('sections cover every line in order, each with a known label or null', () => {
    const lines = (right.results?.transcript ?? '').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    const sung = (right.results?.sections ?? []).filter((s) => s.first_line !== null);
    expect(sung[0]?.first_line).toBe(0);
    expect(sung.at(-1)?.last_line).toBe(lines.length - 1);
    for (const [i, s] of sung.slice(1).entries()) expect(s.first_line).toBe(sung[i]!.last_line! + 1);
    for (const s of right.results?.sections ?? []) expect(s.end).toBeGreaterThanOrEqual(s.start);
  });

  it('the words file carries each word’s end and the recogniser’s confidence', async () => {
    const words = JSON.parse(await download(right, 'words')) as {
      word: string;
      timestamp: string;
      end: string;
      confidence: number | null;
    }[];
    expect(words.length).toBeGreaterThan(5);
    for (const w of words) {
      expect(w.end >= w.timestamp, JSON.stringify(w)).toBe(true);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
    }
    expect(right.alignment?.flagged_lines).toBeGreaterThanOrEqual(0);
  });

  it('the TTML is valid TTML1, with a <div> per section and a <p> per line, in both scripts', async () => {
    const lines = (right.results?.transcript ?? '').split('\n').filter(Boolean);
    for (const variant of ['original', 'transliterated']) {
      const ttml = await download(right, 'ttml', variant);
      expect(await ttmlSchemaErrors(ttml)).toEqual([]);
      const { all } = parseTtml(ttml);
      expect(all(TT, 'div')).toHaveLength(right.results?.sections?.length ?? 0);
      expect(all(TT, 'p')).toHaveLength(lines.length);
    }
  });
});
