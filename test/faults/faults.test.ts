/**
 * The fault test: two instances of each processor, 30 short jobs, three SIGKILLs of processor
 * processes (two random, then the outbox sweeper; each restarted as a supervisor would) and one Kafka
 * broker restart while the jobs run. Every job must end terminal exactly once and every terminal event must reach
 * the webhook receiver. Then Redis and Cassandra are each stopped under a running gateway: clients
 * get 503 SRV_001 (retryable) meanwhile, and the gateway recovers by itself once they are back.
 * Its own vitest project (`faults`), run after the others by `make test`, because it restarts the
 * shared infrastructure.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { createLogger } from '../../core/logger.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import { type EngineServer, startEngineServer } from '../doubles/engine-server.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually } from '../support/pipeline.ts';
import { createTestJob, testOrg } from '../support/platform.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const VERSE = path.join(ROOT, 'bin/verse');
const JOBS = 30;
const GROUPS = ['transcription', 'alignment', 'webhook'] as const;

let platform: Platform;
let engine: EngineServer;
let receiver: TestHttpsServer;
let env: NodeJS.ProcessEnv;
const members: { name: string; child: ChildProcess }[] = [];
let tearingDown = false;
const sh = promisify(execFile);
// Each member's output, to read after a failure (the processors log at info here).
const LOG_DIR = path.join(ROOT, 'var/log/faults');
let started = 0;

/**
 * Starts a processor under a supervisor like `verse serve`'s: whenever it exits, for whatever
 * reason, it is started again after 1 s. A member restarted while the broker is down exits on its
 * failed connect and comes back later; a supervisor that only replaced killed members would leave
 * the group short (once, the only outbox sweeper, so nothing swept the outbox).
 */
function startMember(name: string): void {
  const log = fs.openSync(path.join(LOG_DIR, `${name}-${started++}.log`), 'w');
  const child = spawn(VERSE, ['processor', name], { env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const member = { name, child };
  members.push(member);
  child.once('exit', () => {
    members.splice(members.indexOf(member), 1);
    if (!tearingDown) setTimeout(() => !tearingDown && startMember(name), 1000);
  });
}

/** SIGKILLs a member of the given name, or any member. */
function killMember(name?: string): Promise<string> {
  const candidates = members.filter((m) => name === undefined || m.name === name);
  const victim = candidates[Math.floor(Math.random() * candidates.length)]!;
  return new Promise((resolve) => {
    victim.child.once('exit', () => resolve(victim.name));
    victim.child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  // Slow enough that the kills and the restart land while jobs are in flight.
  engine = await startEngineServer({ costMs: 1500 });
  receiver = await startHttpsServer();
  receiver.route('/song.wav', serveFile(wavTone(1)));
  receiver.route('/hook', (_req, res) => res.writeHead(204).end());
  env = {
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: 'verse_faults',
    VERSE_ENGINE_URL: engine.url,
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
    VERSE_LOG_LEVEL: 'info',
  };
  fs.rmSync(LOG_DIR, { recursive: true, force: true });
  fs.mkdirSync(LOG_DIR, { recursive: true });
  await sh(VERSE, ['migrate'], { env });
  platform = await connectPlatform(loadConfig(env), createLogger('silent', 'faults'), 'faults');
  for (const group of GROUPS) {
    startMember(group);
    startMember(group);
  }
  startMember('review-timer');
  startMember('sweeper');
  await new Promise((r) => setTimeout(r, 15_000)); // let both members of each group join
}, 120_000);

afterAll(async () => {
  tearingDown = true;
  for (const m of members) m.child.kill('SIGKILL');
  await platform?.close();
  await engine?.close();
  await receiver?.close();
});

describe('faults', () => {
  it('30 jobs survive three SIGKILLs and a broker restart: each terminal once, each event delivered', async () => {
    const org = await testOrg(platform, { credits: 100 });
    const jobs = [];
    for (let i = 0; i < JOBS; i++) {
      jobs.push(
        await createTestJob(platform, org.org_id, {
          audio_url: `${receiver.url}/song.wav`,
          webhook_url: `${receiver.url}/hook`,
          external_id: `fault-${i}`,
        }),
      );
    }
    const killed: string[] = [];
    // Two random members, then the only outbox sweeper just before the broker stops, so that its
    // replacement starts into the outage.
    for (const name of [undefined, undefined, 'sweeper']) {
      await new Promise((r) => setTimeout(r, 2500));
      killed.push(await killMember(name));
    }
    await sh(path.join(ROOT, 'ops/kafka.sh'), ['stop'], { env });
    await sh(path.join(ROOT, 'ops/kafka.sh'), ['start'], { env, timeout: 180_000 });

    const ids = jobs.map((j) => j.job_id);
    let last: JobRecord[] = [];
    const finished = await eventually(
      async () => {
        last = await platform.jobServices.jobs.getMany(ids);
        return last.every((j) => j.lifecycle.status !== 'processing') ? last : null;
      },
      300_000,
      'every job terminal',
    ).catch((error: Error) => {
      // Which jobs a kill left behind, and where: the timeout alone says nothing to debug from.
      const stuck = last.filter((j) => j.lifecycle.status === 'processing');
      throw new Error(
        `${error.message}; still processing: ${stuck.map((j) => `${j.job_id} (${j.lifecycle.stage})`).join(', ')}; processor logs in ${LOG_DIR}`,
      );
    });
    expect(finished.filter((j) => j.lifecycle.status === 'complete')).toHaveLength(JOBS);

    // Each job's terminal event reached the receiver, under one webhook-id (redeliveries reuse it).
    const terminalIds = await eventually(
      async () => {
        const byJob = new Map<string, Set<string>>();
        for (const r of receiver.requests.filter((q) => q.url === '/hook')) {
          const body = JSON.parse(r.body.toString()) as { event: string; job_id: string };
          if (body.event !== 'job.complete') continue;
          if (!byJob.has(body.job_id)) byJob.set(body.job_id, new Set());
          byJob.get(body.job_id)!.add(String(r.headers['webhook-id']));
        }
        return ids.every((id) => byJob.has(id)) ? byJob : null;
      },
      120_000,
      'every job.complete delivered',
    );
    for (const id of ids) expect(terminalIds.get(id)!.size, `job ${id}: one job.complete event`).toBe(1);
    console.log(
      `faults: killed ${killed.join(', ')}; broker restarted; ${JOBS} jobs complete, each delivered once by id`,
    );
  });

  it('a gateway answers 503 SRV_001 while Redis or Cassandra is down, and recovers by itself', async () => {
    const port = 8799;
    const gateway = spawn(VERSE, ['gateway', '--port', String(port)], { env, stdio: 'ignore' });
    members.push({ name: 'gateway', child: gateway });
    const org = await testOrg(platform);
    const usage = () =>
      fetch(`http://127.0.0.1:${port}/api/v1/usage`, { headers: { authorization: `Bearer ${org.api_key}` } }).then(
        async (r) => ({
          status: r.status,
          body: (await r.json()) as { code?: string },
          retry: r.headers.get('retry-after'),
        }),
        () => null,
      );
    await eventually(async () => (await usage())?.status === 200, 60_000, 'gateway up');
    for (const service of ['redis', 'cassandra']) {
      await sh(path.join(ROOT, `ops/${service}.sh`), ['stop'], { env });
      const down = await eventually(
        async () => {
          const r = await usage();
          return r && r.status === 503 ? r : null;
        },
        60_000,
        `503 while ${service} is down`,
      );
      expect(down.body.code).toBe('SRV_001');
      expect(down.retry).toBe('5');
      await sh(path.join(ROOT, `ops/${service}.sh`), ['start'], { env, timeout: 300_000 });
      await eventually(async () => (await usage())?.status === 200, 120_000, `recovery after ${service} restart`);
    }
  });
});
