/** Two gateway processes, one Idempotency-Key, many concurrent requests: exactly one job. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { testOrg } from '../support/platform.ts';

const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');
const PORTS = [18101, 18102];
let gateways: ChildProcess[] = [];
let platform: Platform;
let cdn: TestHttpsServer;

beforeAll(async () => {
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(1)));
  const env = {
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: 'verse_e2e',
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
    VERSE_LOG_LEVEL: 'warn',
  };
  await promisify(execFile)(VERSE, ['migrate'], { env });
  gateways = PORTS.map((port) => spawn(VERSE, ['gateway', '--port', String(port)], { env, stdio: 'ignore' }));
  for (const port of PORTS) {
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/api/v1/languages`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  platform = await connectPlatform(loadConfig(env), createLogger('silent', 'race'), 'race-test');
});
afterAll(async () => {
  for (const g of gateways) g.kill('SIGTERM');
  await platform?.close();
  await cdn?.close();
});

describe('Idempotency-Key across gateway processes', () => {
  it('20 concurrent identical requests split over two gateways create exactly one job and one charge', async () => {
    const org = await testOrg(platform, { credits: 10, limits: { 'submit.minute': 100 } });
    const body = JSON.stringify({ language: 'English', audio_url: `${cdn.url}/song.wav` });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`http://127.0.0.1:${PORTS[i % 2]}/api/v1/transcribe`, {
          method: 'POST',
          body,
          headers: { ...org.auth, 'content-type': 'application/json', 'idempotency-key': 'cross-process-1' },
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { job_id?: string; code?: string } })),
      ),
    );
    const created = responses.filter((r) => r.status === 202);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.job_id)).size).toBe(1);
    for (const r of responses.filter((r) => r.status !== 202))
      expect(r).toMatchObject({ status: 409, body: { code: 'IDEM_001' } });
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(9);
    // After the first finished, every retry is a replay of the same job.
    const replay = await fetch(`http://127.0.0.1:${PORTS[1]}/api/v1/transcribe`, {
      method: 'POST',
      body,
      headers: { ...org.auth, 'content-type': 'application/json', 'idempotency-key': 'cross-process-1' },
    });
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(((await replay.json()) as { job_id: string }).job_id).toBe(created[0]!.body.job_id);
  });
});
