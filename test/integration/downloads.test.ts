import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { JobRecord, LyricLine } from '../../core/jobs/job.ts';
import type { Platform } from '../../ops/platform.ts';
import { createTestJob, testOrg, withTestGateway } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;

withTestGateway((p, a) => {
  platform = p;
  app = a;
});

const timed: LyricLine[] = [
  {
    text: 'दिल कमल',
    transliteration: 'dil kamal',
    translation: 'heart lotus',
    start: 1.5,
    end: 3,
    words: [
      { word: 'दिल', start: 1.5, end: 2, confidence: 0.93 },
      { word: 'कमल', start: 2.1, end: 3, confidence: 0.04 },
    ],
    confidence: 0.9,
    flagged: false,
  },
  {
    text: 'मेरा गीत',
    transliteration: 'mērā gīt',
    translation: 'my song',
    start: 3.5,
    end: 5,
    words: [
      { word: 'मेरा', start: 3.5, end: 4 },
      { word: 'गीत', start: 4.1, end: 5 },
    ],
    confidence: 0.9,
    flagged: false,
  },
];
const untimed = timed.map((l) => ({ ...l, start: null, end: null, words: null }));
const results = {
  transcript: 'दिल कमल\nमेरा गीत',
  transliteration: 'dil kamal\nmērā gīt',
  translation: 'heart lotus\nmy song',
  cultural_notes: null,
  fallback_language: null,
};

async function transcribed(job: JobRecord) {
  await platform.jobServices.writer.change(job.job_id, () => ({
    patch: { results, lines: untimed, duration_seconds: 6, original_filename: 'गीत song' },
    event: { type: 'transcript_ready', at: new Date() },
  }));
}
async function aligned(job: JobRecord) {
  await platform.jobServices.writer.change(job.job_id, () => ({
    patch: { lines: timed, alignment: { method: 'whisper-forced-alignment', flagged_lines: 0 } },
    event: { type: 'alignment_finished', at: new Date() },
  }));
}

const get = (auth: Record<string, string>, jobId: string, type: string, variant: string) =>
  app.inject({ url: `/api/v1/jobs/${jobId}/download/${type}/${variant}`, headers: auth });

describe('downloads', () => {
  it('serves all six files with their content type and file name once aligned', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id, { language: 'Hindi' });
    await transcribed(job);
    await aligned(job);
    const lrc = await get(org.auth, job.job_id, 'lrc', 'original');
    expect(lrc.statusCode).toBe(200);
    expect(lrc.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(lrc.headers['content-disposition']).toBe(
      `attachment; filename="___ song.lrc"; filename*=UTF-8''${encodeURIComponent('गीत song.lrc')}`,
    );
    expect(lrc.body).toBe('[length:00:06]\n[00:01.50]दिल कमल\n[00:03.50]मेरा गीत\n');
    const lrcRoman = await get(org.auth, job.job_id, 'lrc', 'transliterated');
    expect(lrcRoman.body).toContain('[00:01.50]dil kamal');
    expect(lrcRoman.headers['content-disposition']).toContain(encodeURIComponent('गीत song_transliterated.lrc'));
    const srt = await get(org.auth, job.job_id, 'srt', 'original');
    expect(srt.body).toBe('1\n00:00:01,500 --> 00:00:03,000\nदिल कमल\n\n2\n00:00:03,500 --> 00:00:05,000\nमेरा गीत\n');
    const words = await get(org.auth, job.job_id, 'words', 'transliterated');
    expect(words.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(words.headers['content-disposition']).toContain(encodeURIComponent('गीत song_transliterated_words.json'));
    // The spec's {word, timestamp}, plus each word's end and confidence (null: the aligner gave none).
    expect(words.json()).toEqual([
      { word: 'dil', timestamp: '[00:01.50]', end: '[00:02.00]', confidence: 0.93 },
      { word: 'kamal', timestamp: '[00:02.10]', end: '[00:03.00]', confidence: 0.04 },
      { word: 'mērā', timestamp: '[00:03.50]', end: '[00:04.00]', confidence: null },
      { word: 'gīt', timestamp: '[00:04.10]', end: '[00:05.00]', confidence: null },
    ]);
    expect((await get(org.auth, job.job_id, 'srt', 'transliterated')).statusCode).toBe(200);
    expect((await get(org.auth, job.job_id, 'words', 'original')).statusCode).toBe(200);
    const ttml = await get(org.auth, job.job_id, 'ttml', 'original');
    expect(ttml.headers['content-type']).toBe('application/ttml+xml; charset=utf-8');
    expect(ttml.body).toContain('xml:lang="hi"');
    const vtt = await get(org.auth, job.job_id, 'vtt', 'transliterated');
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toContain('dil <00:00:02.100>kamal');
    const elrc = await get(org.auth, job.job_id, 'elrc', 'original');
    expect(elrc.headers['content-disposition']).toContain(encodeURIComponent('गीत song_enhanced.lrc'));
  });

  it('202 {status: processing} until the timings exist', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id);
    expect((await get(org.auth, job.job_id, 'lrc', 'original')).json()).toEqual({ status: 'processing' });
    await transcribed(job);
    const aligning = await get(org.auth, job.job_id, 'words', 'original');
    expect(aligning.statusCode).toBe(202);
  });

  it('409 JOB_001 with the stage when the job failed', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id);
    await platform.jobServices.writer.change(job.job_id, () => ({
      event: {
        type: 'failure_recorded',
        stage: 'transcription',
        message: 'The audio could not be decoded',
        at: new Date(),
      },
    }));
    const res = await get(org.auth, job.job_id, 'lrc', 'original');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'JOB_001',
      stage: 'transcription',
      message: expect.stringMatching(/could not be decoded/),
    });
  });

  it('409 JOB_002 when timings or word timings were never requested', async () => {
    const org = await testOrg(platform);
    const noAlign = await createTestJob(platform, org.org_id, { align: false });
    await transcribed(noAlign);
    expect((await get(org.auth, noAlign.job_id, 'srt', 'original')).json().code).toBe('JOB_002');
    const noWords = await createTestJob(platform, org.org_id, { word_align: false });
    await transcribed(noWords);
    await aligned(noWords);
    expect((await get(org.auth, noWords.job_id, 'words', 'original')).json().code).toBe('JOB_002');
    expect((await get(org.auth, noWords.job_id, 'lrc', 'original')).statusCode).toBe(200);
  });

  it("404 for another organisation's job and for unknown type segments; 403 for a transcript-only key", async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id);
    await transcribed(job);
    await aligned(job);
    const stranger = await testOrg(platform);
    expect((await get(stranger.auth, job.job_id, 'lrc', 'original')).statusCode).toBe(404);
    expect((await get(org.auth, job.job_id, 'mp3', 'original')).json().code).toBe('NOT_001');
    expect((await get(org.auth, job.job_id, 'lrc', 'romanised')).statusCode).toBe(404);
    const limited = await testOrg(platform, { scope: 'transcript-only' });
    expect((await get(limited.auth, job.job_id, 'lrc', 'original')).statusCode).toBe(403);
  });
});
