/**
 * An engine on its own "host": the real speech engine runs in its own working folder with its own
 * data folder, the platform (`verse serve`) in another, and they share no disk. Audio lives in S3
 * (moto's server, started by `make test`); the engine reads it there by storage key. A song
 * uploaded to the gateway is transcribed and aligned end to end.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spokenWav } from '../support/audio.ts';
import { type EngineProcess, startEngineProcess } from '../support/engine-process.ts';
import { pollJobUntilSettled } from '../support/polling.ts';
import { multipartBody } from '../support/raw-http.ts';
import { type RunningService, startService } from '../support/service.ts';

const S3_ENDPOINT = process.env.VERSE_TEST_S3_ENDPOINT ?? 'http://127.0.0.1:5055';
const ENGINE_PORT = 18093;
const bucket = `verse-apart-${Date.now()}`;
const credentials = { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' };
const storage = { VERSE_STORAGE_URL: `s3://${bucket}/objects`, VERSE_S3_ENDPOINT: S3_ENDPOINT, ...credentials };

const engineHome = mkdtempSync(path.join(tmpdir(), 'verse-engine-host-'));
const platformHome = mkdtempSync(path.join(tmpdir(), 'verse-platform-host-'));
let engine: EngineProcess;
let service: RunningService;

beforeAll(async () => {
  const s3 = new S3Client({
    endpoint: S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  // Its own working folder and data folder: nothing of the platform's is visible from there.
  engine = await startEngineProcess({
    port: ENGINE_PORT,
    cwd: engineHome,
    env: { ...storage, VERSE_DATA_DIR: path.join(engineHome, 'data') },
  });
  service = await startService('verse_e2e_apart', 18095, {
    ...storage,
    VERSE_DATA_DIR: path.join(platformHome, 'data'),
    VERSE_ENGINE_URL: engine.url,
  });
}, 180_000);

afterAll(async () => {
  await service?.stop();
  engine?.stop();
});

describe('an engine that shares no disk with the platform', () => {
  it('transcribes and aligns an uploaded song it reads from S3 by key', async () => {
    const org = await service.verse('org', 'create', '--name', 'Apart Records', '--plan', 'full');
    const auth = { authorization: `Bearer ${org.api_key}` };
    const { body, contentType } = multipartBody(
      { language: 'English' },
      { name: 'river.wav', type: 'audio/wav', content: spokenWav('en', 'The river runs over the stones') },
    );
    const submitted = await fetch(`${service.baseUrl}/api/v1/transcribe`, {
      method: 'POST',
      headers: { ...auth, 'content-type': contentType },
      body,
    });
    expect(submitted.status).toBe(202);
    const { job_id } = (await submitted.json()) as { job_id: string };

    const job = await pollJobUntilSettled<{ status: string; results?: unknown }>(
      service.baseUrl,
      job_id,
      auth,
      240_000,
    );
    expect(job, engine.log().slice(-2000)).toMatchObject({ status: 'complete', stage: 'done' });
    expect(String((job.results as { transcript: string }).transcript).toLowerCase()).toContain('river');
    const lrc = await fetch(`${service.baseUrl}/api/v1/jobs/${job_id}/download/lrc/original`, { headers: auth });
    expect(lrc.status).toBe(200);
    expect(await lrc.text()).toMatch(/^\[\d\d:\d\d\.\d\d\]/m);

    // The audio reached the engine through S3: cached in its own folder; neither side kept a local store.
    expect(readdirSync(path.join(engineHome, 'data', 'engine-cache')).length).toBeGreaterThan(0);
    expect(existsSync(path.join(engineHome, 'data', 'objects'))).toBe(false);
    expect(existsSync(path.join(platformHome, 'data', 'objects'))).toBe(false);
  });
});
