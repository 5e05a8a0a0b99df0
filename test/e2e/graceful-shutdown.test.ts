/**
 * Graceful shutdown: a processor told to stop (SIGTERM) while a job is in the engine finishes that
 * job, writes it, commits, and only then exits; nothing is left for the next member to redo.
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import { type EngineServer, startEngineServer } from '../doubles/engine-server.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually } from '../support/pipeline.ts';
import { createTestJob, testOrg } from '../support/platform.ts';

const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');

let platform: Platform;
let engine: EngineServer;
let cdn: TestHttpsServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  engine = await startEngineServer();
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(1)));
  env = {
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: 'verse_graceful',
    VERSE_ENGINE_URL: engine.url,
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
    VERSE_LOG_LEVEL: 'warn',
  };
  await promisify(execFile)(VERSE, ['migrate'], { env });
  platform = await connectPlatform(loadConfig(env), createLogger('silent', 'graceful'), 'graceful');
});
afterAll(async () => {
  await platform?.close();
  await engine?.close();
  await cdn?.close();
});

describe('a processor stopped with SIGTERM', () => {
  it('finishes the job in hand before it exits', async () => {
    const release = engine.hold();
    const child = spawn(VERSE, ['processor', 'transcription'], { env, stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id, { audio_url: `${cdn.url}/song.wav` });
    await eventually(async () => engine.transcribeRequests >= 1, 60_000, 'the job in the engine');
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    expect(child.exitCode).toBeNull(); // still finishing
    release();
    expect(await exited).toBe(0);
    const done = await platform.jobServices.jobs.get(job.job_id);
    expect(done!.lifecycle.stage).toBe('aligning'); // transcribed and handed on
    expect(engine.transcribeRequests).toBe(1);
  });
});

describe('a gateway stopped with SIGTERM', () => {
  it('answers not-ready while it keeps serving for VERSE_DRAIN_SECONDS, then exits', async () => {
    const port = 18555;
    const base = `http://127.0.0.1:${port}/api/v1`;
    const child = spawn(VERSE, ['gateway', '--port', String(port)], {
      env: { ...env, VERSE_DRAIN_SECONDS: '3' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await eventually(
      async () => (await fetch(`${base}/health`).catch(() => null))?.status === 200,
      60_000,
      'the gateway ready',
    );
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    await eventually(async () => (await fetch(`${base}/health`)).status === 503, 2000, 'not ready');
    // Out of its load balancer's rotation, but whoever still reaches it is served.
    expect((await fetch(`${base}/languages`)).status).toBe(200);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(3000);
  });
});
