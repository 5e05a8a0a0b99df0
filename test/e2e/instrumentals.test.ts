/**
 * Instrumentals through the running platform and the real engine: a track with no voice completes
 * as an instrumental (no invented lyrics, valid empty timed files, one instrumental cue). Breaks
 * inside songs are marked by the renderers (test/unit/core/render/instrumental.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUMENTAL_CUE } from '../../core/render/instrumental.ts';
import type { Job } from '../../schemas/generated/api/job.ts';
import { pcmWav, pluckedChords } from '../support/audio.ts';
import { pollJobUntilSettled } from '../support/polling.ts';
import { multipartBody } from '../support/raw-http.ts';
import { type RunningService, startService } from '../support/service.ts';

let service: RunningService;
let auth: Record<string, string>;

beforeAll(async () => {
  service = await startService('verse_e2e_instrumentals', 18131);
  const org = await service.verse('org', 'create', '--name', 'Instrumental Records', '--credits', '10');
  auth = { authorization: `Bearer ${org.api_key}` };
}, 180_000);
afterAll(async () => {
  await service?.stop();
});

async function transcribe(name: string, audio: Buffer): Promise<Job> {
  const { body, contentType } = multipartBody({ language: 'English' }, { name, type: 'audio/wav', content: audio });
  const submitted = await fetch(`${service.baseUrl}/api/v1/transcribe`, {
    method: 'POST',
    headers: { ...auth, 'content-type': contentType },
    body,
  });
  expect(submitted.status).toBe(202);
  const { job_id } = (await submitted.json()) as { job_id: string };
  return pollJobUntilSettled<Job>(service.baseUrl, job_id, auth, 180_000);
}

const download = async (job: Job, type: string) =>
  (await fetch(`${service.baseUrl}/api/v1/jobs/${job.job_id}/download/${type}/original`, { headers: auth })).text();

describe('instrumentals', () => {
  it('a track with no voice completes as an instrumental, with valid empty files', async () => {
    const job = await transcribe('chords.wav', pcmWav(pluckedChords(40), 22050));
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'complete', stage: 'done' });
    expect(job.results).toMatchObject({ transcript: '', instrumental: true });
    expect(job.alignment).toMatchObject({ method: 'instrumental', flagged_lines: 0 });
    expect(job.results?.sections).toEqual([
      { label: 'instrumental', start: 0, end: job.duration_seconds, first_line: null, last_line: null },
    ]);
    expect(job.duration_seconds).toBeCloseTo(40, 0);
    expect(await download(job, 'lrc')).toBe('[length:00:40]\n');
    expect(await download(job, 'srt')).toBe(`1\n00:00:00,000 --> 00:00:40,000\n${INSTRUMENTAL_CUE}\n`);
    expect(JSON.parse(await download(job, 'words'))).toEqual([]);
  });
});
