import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import type { Health } from '../../schemas/generated/api/health.ts';
import type { JobChangeMessage } from '../../schemas/generated/topics/job-change.ts';
import { createKafka, createSchemaRegistry } from '../../sinks/kafka/client.ts';
import { topicsFor } from '../../sinks/kafka/topics.ts';
import { spokenWav } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually } from '../support/pipeline.ts';
import { pollJobUntilSettled } from '../support/polling.ts';
import { type RunningService, startService } from '../support/service.ts';

let service: RunningService;
let cdn: TestHttpsServer;
beforeAll(async () => {
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(spokenWav('es', 'El río corre sobre las piedras')));
  service = await startService('verse_e2e', 18000, {
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
  });
});
afterAll(async () => {
  await service?.stop();
  await cdn?.close();
});

describe('verse serve (what make up ends with)', () => {
  it('answers /api/v1/health 200 with every component up', async () => {
    const res = await fetch(`${service.baseUrl}/api/v1/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Health;
    expect(body.status).toBe('ok');
    for (const name of ['kafka', 'cassandra', 'redis', 'schema_registry', 'engine'] as const) {
      expect(body.components[name].status, name).toBe('up');
    }
  });

  it('serves an organisation created with the CLI while running', async () => {
    const org = await service.verse('org', 'create', '--name', 'E2E Music');
    const res = await fetch(`${service.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${org.api_key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { org_id: string }).org_id).toBe(org.org_id);
  });

  it('logs one JSON line per request with request id, org, route, status and latency', async () => {
    const org = await service.verse('org', 'create', '--name', 'Log Check');
    await fetch(`${service.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${org.api_key}` } });
    await new Promise((r) => setTimeout(r, 300));
    const line = service
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request' && l.org_id === org.org_id);
    expect(line).toMatchObject({ route: '/api/v1/usage', status: 200, method: 'GET' });
    expect(line.req_id).toEqual(expect.any(String));
    expect(line.latency_ms).toEqual(expect.any(Number));
  });

  it('takes a job by file and one by audio_url through the real engine, visible on jobs.changes', async () => {
    const org = await service.verse('org', 'create', '--name', 'E2E Pipeline', '--credits', '5');
    const auth = { authorization: `Bearer ${org.api_key}` };
    const form = new FormData();
    form.set('language', 'English');
    form.set('align', 'false');
    form.set('file', new Blob([spokenWav('en', 'The river runs over the stones')], { type: 'audio/wav' }), 'river.wav');
    const byFile = await fetch(`${service.baseUrl}/api/v1/transcribe`, { method: 'POST', body: form, headers: auth });
    expect(byFile.status).toBe(202);
    const byUrl = await fetch(`${service.baseUrl}/api/v1/transcribe`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'Spanish', audio_url: `${cdn.url}/song.wav` }),
    });
    expect(byUrl.status).toBe(202);
    const ids = [
      ((await byFile.json()) as { job_id: string }).job_id,
      ((await byUrl.json()) as { job_id: string }).job_id,
    ];

    type Polled = { status: string; error?: { stage: string; message: string }; results?: { transcript: string } };
    const finals: Polled[] = [];
    for (const id of ids) finals.push(await pollJobUntilSettled<Polled>(service.baseUrl, id, auth, 180_000));
    // English, transcript only: a real transcript of the spoken words.
    expect(finals[0]!.status).toBe('complete');
    expect(finals[0]!.results!.transcript.toLowerCase()).toContain('river');
    // Spanish with alignment: transcribed, then timed by the engine's aligner; its LRC is served.
    const spanish = finals[1]!;
    expect(spanish.status).toBe('complete');
    const lrc = await fetch(`${service.baseUrl}/api/v1/jobs/${ids[1]}/download/lrc/original`, { headers: auth });
    expect(lrc.status).toBe(200);
    expect(await lrc.text()).toMatch(/^\[\d\d:\d\d\.\d\d\]\S/m);

    // A data team reading jobs.changes sees both jobs reach the same terminal state.
    const config = loadConfig(service.env);
    const kafka = createKafka(config, 'e2e-reader');
    const registry = createSchemaRegistry(config);
    const consumer = kafka.consumer({ groupId: `e2e-reader-${Date.now()}` });
    const latest = new Map<string, JobChangeMessage>();
    await consumer.connect();
    await consumer.subscribe({ topic: topicsFor(config).jobChanges.name, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const change = (await registry.decode(message.value!)) as JobChangeMessage;
        if (ids.includes(change.job_id) && change.version >= (latest.get(change.job_id)?.version ?? 0))
          latest.set(change.job_id, change);
      },
    });
    await eventually(
      async () => ids.every((id) => latest.has(id) && latest.get(id)?.status !== 'processing'),
      60_000,
      'jobs.changes',
    );
    await consumer.disconnect();
    for (const [i, id] of ids.entries()) expect(latest.get(id)?.status).toBe(finals[i]!.status);
  });

  it('stops the whole process tree on SIGTERM', async () => {
    const pid = service.process.pid!;
    const children = execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean);
    expect(children.length).toBeGreaterThanOrEqual(1);
    expect(await service.stop()).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    for (const c of children) expect(() => process.kill(Number(c), 0)).toThrow();
  });
});
