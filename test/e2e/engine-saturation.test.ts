/**
 * A burst beyond the engine's capacity. The real engine runs with one slot and no queue
 * (VERSE_ENGINE_CONCURRENCY=1, VERSE_ENGINE_QUEUE=0); `verse serve` transcribes up to three songs
 * at once and aligns beside them. The engine refuses what it cannot take with 503 and Retry-After,
 * the processors back off with jitter and try again, and every job completes: none fails, none
 * waits for a timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spokenWav } from '../support/audio.ts';
import { type EngineProcess, startEngineProcess } from '../support/engine-process.ts';
import { pollJobUntilSettled } from '../support/polling.ts';
import { multipartBody } from '../support/raw-http.ts';
import { type RunningService, startService } from '../support/service.ts';

const SONGS = [
  'The river runs over the stones',
  'The morning light is golden',
  'We walk along the shore',
  'A song for the night',
];
let engine: EngineProcess;
let service: RunningService;

beforeAll(async () => {
  engine = await startEngineProcess({
    port: 18097,
    env: { VERSE_ENGINE_CONCURRENCY: '1', VERSE_ENGINE_QUEUE: '0' },
  });
  service = await startService('verse_e2e_burst', 18099, { VERSE_ENGINE_URL: engine.url });
}, 180_000);

afterAll(async () => {
  await service?.stop();
  engine?.stop();
});

const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('a burst beyond the engine pool’s capacity', () => {
  it('is refused with 503 and retried with backoff until every job completes', async () => {
    const org = await service.verse('org', 'create', '--name', 'Burst Records', '--plan', 'full');
    const auth = { authorization: `Bearer ${org.api_key}` };
    const submitted = await Promise.all(
      SONGS.map(async (text, i) => {
        const { body, contentType } = multipartBody(
          { language: 'English' },
          { name: `song-${i}.wav`, type: 'audio/wav', content: spokenWav('en', text) },
        );
        const res = await fetch(`${service.baseUrl}/api/v1/transcribe`, {
          method: 'POST',
          headers: { ...auth, 'content-type': contentType },
          body,
        });
        expect(res.status).toBe(202);
        return ((await res.json()) as { job_id: string }).job_id;
      }),
    );

    const deadline = Date.now() + 420_000;
    const settled: { status: string }[] = [];
    for (const id of submitted)
      settled.push(await pollJobUntilSettled(service.baseUrl, id, auth, deadline - Date.now()));
    const metrics = await engine.metrics();
    expect(
      settled.map((j) => j.status),
      metrics,
    ).toEqual(SONGS.map(() => 'complete'));
    // The engine really was saturated: requests were refused, and every one was retried to success.
    expect(metric(metrics, 'verse_engine_rejected_total')).toBeGreaterThan(0);
    expect(metric(metrics, 'verse_engine_in_flight')).toBe(0);
    expect(metric(metrics, 'verse_engine_audio_seconds_total')).toBeGreaterThan(0);
  });
});
