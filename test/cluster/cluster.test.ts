/**
 * Verse on a real cluster (ops/cluster.sh: 3 Kafka brokers, 3 Cassandra nodes with replication
 * factor 3, a Redis primary and replica under 3 Sentinels, 2 registries sharing one store, HAProxy),
 * with 2 gateways, 2 engine hosts (a stand-in of fixed cost, and the real engine taking one job in
 * five) and 2 members of every processor group, in production mode. While
 * a steady stream of submissions and reads runs, the test SIGKILLs one after another a Kafka
 * broker, a Cassandra node, the Redis primary, a registry, a gateway, an engine host and a processor
 * member, restarting none of them until the end. Every accepted job must complete with its outputs,
 * once, charged once, its webhook delivered; each failover's errors as clients saw them are measured
 * and bounded; after the restarts nothing is left in the outbox or on the dead-letter topic.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { OUTBOX_BUCKET_MS, outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import { createLogger } from '../../core/logger.ts';
import { OUTBOX_STALE_MS } from '../../core/policy.ts';
import { RETRIES } from '../../core/webhooks/schedule.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import { listDeadLetters } from '../../sinks/kafka/dead-letters.ts';
import { startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually } from '../support/pipeline.ts';
import {
  answers,
  clusterEnv,
  clusterNode,
  redisPrimary,
  sentinelsSettled,
  VerseProcesses,
  verseCli,
} from './processes.ts';
import { type Outage, type OutageReport, outageReport, Traffic } from './traffic.ts';

const LB = 'http://127.0.0.1:18000';
const PROCESSORS = ['transcription', 'alignment', 'webhook', 'review-timer', 'sweeper'];
/** How long each failure is watched before the next: long enough for every failover to finish. */
const WATCH_MS = 20_000;
const REPORT = path.resolve(import.meta.dirname, '../../var/cluster/report.json');

let env: NodeJS.ProcessEnv;
let processes: VerseProcesses;
let platform: Platform;
let receiver: TestHttpsServer;
const startedAt = Date.now();

beforeAll(async () => {
  receiver = await startHttpsServer();
  receiver.route('/hook', (_req, res) => res.writeHead(200).end('ok'));
  env = {
    ...process.env,
    ...(await clusterEnv()),
    VERSE_MODE: 'production',
    VERSE_NAMESPACE: 'verse_cluster_test',
    VERSE_CURSOR_SECRET: randomBytes(24).toString('hex'),
    VERSE_REVIEW_SECRET: randomBytes(24).toString('hex'),
    VERSE_METRICS_TOKEN: randomBytes(24).toString('hex'),
    VERSE_DATA_DIR: path.resolve(import.meta.dirname, '../../var/cluster/data/verse'),
    VERSE_MODEL_DIR: process.env.VERSE_MODEL_DIR ?? path.resolve(import.meta.dirname, '../../var/models'),
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
    VERSE_DRAIN_SECONDS: '1',
    VERSE_LOG_LEVEL: 'warn',
  };
  await verseCli(env, 'migrate');
  processes = new VerseProcesses(env);
  for (const name of ['engine-1', 'engine-2', 'gateway-1', 'gateway-2']) processes.start(name);
  for (const group of PROCESSORS) for (const n of [1, 2]) processes.start(`${group}-${n}`);
  await answers(`${LB}/api/v1/health`, 120_000);
  await answers('http://127.0.0.1:18090/ready', 180_000);
  // The balancer is ready with the stand-in alone; the real engine loads its model meanwhile, and on
  // two cores shared with every node that can outlast the first outages. Traffic waits for it.
  await answers('http://127.0.0.1:18092/ready', 300_000);
  platform = await connectPlatform(loadConfig(env), createLogger('silent', 'cluster-test'), 'cluster-test');
});

afterAll(async () => {
  await processes?.stopAll();
  await platform?.close();
  await receiver?.close();
});

/** The stand-in says every song lasts 12.5 s; the real engine measures the clip (about 2 s). */
function byRealEngineDuration(durationSeconds: number | null | undefined): boolean {
  return typeof durationSeconds === 'number' && durationSeconds < 10;
}

interface FinishedJob {
  jobId: string;
  acceptedAt: number;
  finishedAt: number;
}

describe('a three-node cluster that loses one node of everything', () => {
  it('completes every accepted job once, delivers every webhook, bounds each failover, and converges', async () => {
    const org = await verseCli(env, 'org', 'create', '--name', 'Cluster Platform', '--credits', '500');
    const orgId = org.org_id as string;
    await verseCli(env, 'org', 'limits', orgId, '--submit-minute', '1000', '--submit-hour', '10000');
    await verseCli(env, 'org', 'limits', orgId, '--read-minute', '10000', '--read-hour', '100000');
    const traffic = new Traffic(LB, org.api_key as string, `${receiver.url}/hook`);
    const realEngineSongs = () =>
      receiver.requests.filter((r) => {
        const body = JSON.parse(r.body.toString()) as { event: string; duration_seconds?: number | null };
        return body.event === 'job.complete' && byRealEngineDuration(body.duration_seconds);
      }).length;
    traffic.start(1200, 150);
    await new Promise((r) => setTimeout(r, 8000));

    const victims: [string, () => Promise<void>][] = [
      ['kafka broker (kafka-2)', () => clusterNode('kill', 'kafka-2')],
      ['cassandra node (127.0.0.2)', () => clusterNode('kill', 'cassandra-2')],
      [
        'redis primary',
        async () => {
          await sentinelsSettled(60_000);
          await clusterNode('kill', await redisPrimary());
        },
      ],
      ['schema registry (registry-1)', () => clusterNode('kill', 'registry-1')],
      ['gateway (gateway-1)', () => processes.kill('gateway-1')],
      [
        'engine host (the real engine, engine-2)',
        async () => {
          // Killed once it has shown it works: a song it transcribed has been delivered.
          await eventually(async () => realEngineSongs() > 0, 240_000, 'a job.complete the real engine transcribed');
          await processes.kill('engine-2');
        },
      ],
      ['processor member (transcription-1)', () => processes.kill('transcription-1')],
    ];
    const outages: Outage[] = [];
    for (const [killed, kill] of victims) {
      const from = Date.now();
      await kill();
      await new Promise((r) => setTimeout(r, WATCH_MS));
      outages.push({ killed, from, to: Date.now() });
    }
    while (traffic.submitted.length < 60) await new Promise((r) => setTimeout(r, 500));
    await traffic.stop();
    expect(traffic.unexpected).toEqual([]);

    // Every accepted job completes, with its outputs.
    const auth = { authorization: `Bearer ${org.api_key as string}` };
    const finished: FinishedJob[] = [];
    let byRealEngine = 0;
    for (const s of traffic.submitted) {
      let last = 'no answer';
      const job = await eventually(
        async () => {
          const res = await fetch(`${LB}/api/v1/jobs/${s.jobId}`, { headers: auth });
          last = `${res.status} ${await res.clone().text()}`;
          if (res.status !== 200) return null;
          const body = (await res.json()) as {
            status: string;
            completed_at: string | null;
            duration_seconds: number | null;
          };
          return body.status === 'processing' ? null : body;
        },
        240_000,
        `job ${s.jobId} terminal`,
      ).catch((error: Error) => {
        // Where it stopped (its stage and attempts), to follow in var/cluster/log by its id.
        throw new Error(`${error.message}; last seen: ${last.slice(0, 2000)}`);
      });
      expect(job.status, s.jobId).toBe('complete');
      const lrc = await fetch(`${LB}/api/v1/jobs/${s.jobId}/download/lrc/original`, { headers: auth });
      expect(lrc.status, `${s.jobId} lrc`).toBe(200);
      finished.push({ jobId: s.jobId, acceptedAt: s.acceptedAt, finishedAt: Date.parse(job.completed_at!) });
      if (byRealEngineDuration(job.duration_seconds)) byRealEngine++;
    }
    // On two cores shared with every node, the real engine finishes a song every 20-30 s: one at least
    // before it is killed, when what waits in its queue is redone on the stand-in.
    expect(byRealEngine, 'jobs the real engine transcribed').toBeGreaterThanOrEqual(1);

    // One job per accepted song, one credit per job, however often a submission was sent.
    const ids = traffic.submitted.map((s) => s.jobId);
    expect(new Set(ids).size).toBe(ids.length);
    // One credit per job, however often its submission was sent and whichever node died meanwhile.
    const organisation = await platform.orgs.getOrganisation(orgId);
    const charged = 500 - organisation!.credits;
    expect(charged).toBe(ids.length);

    // Every job.complete delivered; a second delivery only with the first one's webhook-id.
    const webhookIdsByJob = () => {
      const byJob = new Map<string, Set<string>>();
      for (const r of receiver.requests) {
        const body = JSON.parse(r.body.toString()) as { event: string; job_id?: string };
        if (body.event !== 'job.complete' || !body.job_id) continue;
        byJob.set(body.job_id, (byJob.get(body.job_id) ?? new Set()).add(String(r.headers['webhook-id'])));
      }
      return byJob;
    };
    const delivered = async () => {
      const byJob = webhookIdsByJob();
      return ids.every((id) => byJob.has(id)) ? byJob : null;
    };
    const deliveries = await eventually(delivered, 120_000, 'every job.complete webhook').catch(async () => {
      // A first attempt that failed (a receiver slow on a loaded machine, a node lost mid-send) is
      // retried on the schedule, the second retry five minutes later. Each job still waiting must
      // show a failed attempt in its delivery log; one never attempted is a lost event.
      const byJob = webhookIdsByJob();
      const waiting = ids.filter((id) => !byJob.has(id));
      for (const id of waiting) {
        const res = await fetch(`${LB}/api/v1/webhooks/deliveries?job_id=${id}&event=job.complete`, { headers: auth });
        const { deliveries: attempts } = (await res.json()) as { deliveries: unknown[] };
        console.warn(`job.complete of ${id} not delivered in 120 s; its attempts:`, JSON.stringify(attempts));
        expect(attempts.length, `attempts of job.complete for ${id}`).toBeGreaterThan(0);
      }
      const untilSecondRetry = (RETRIES[0].delayMinutes + RETRIES[1].delayMinutes) * 60_000;
      return eventually(delivered, untilSecondRetry, 'every job.complete webhook, retries included');
    });
    for (const id of ids) expect(deliveries.get(id)?.size, `webhook-ids of ${id}`).toBe(1);

    // Each failover as clients saw it.
    const reports: OutageReport[] = outages.map((o) => outageReport(o, traffic.answers, finished));
    const table = reports.map(({ failures: _, ...r }) => ({ ...r, jobsLost: 0 }));
    console.table(table);
    const failures = Object.fromEntries(reports.map((r) => [r.killed, r.failures]));
    const summary = { measuredAt: new Date().toISOString(), jobs: ids.length, charged, byRealEngine, table, failures };
    writeFileSync(REPORT, `${JSON.stringify(summary, null, 2)}\n`);
    for (const r of reports) {
      if (r.killed === 'redis primary') expect(r.longestErrorSeconds, r.killed).toBeLessThan(10);
      // The target is none; one straggler (a request caught in flight by the kill) is tolerated and
      // printed, a stretch of errors is not.
      else expect(r.errors, `${r.killed}: ${r.errors} errors\n${r.failures.join('\n')}`).toBeLessThanOrEqual(1);
    }

    // Everything back: the cluster converges, nothing owed in the outbox, nothing dead-lettered.
    for (const node of ['kafka-2', 'cassandra-2', 'registry-1', 'redis-primary', 'redis-replica'])
      await clusterNode('start', node);
    for (const name of ['gateway-1', 'engine-2', 'transcription-1']) processes.start(name);
    await answers('http://127.0.0.1:18001/api/v1/health', 120_000);
    await new Promise((r) => setTimeout(r, OUTBOX_STALE_MS + OUTBOX_BUCKET_MS));
    await eventually(
      async () => {
        for (let b = outboxBucketOf(new Date(startedAt)); b <= outboxBucketOf(new Date()); b++)
          if ((await platform.jobServices.jobs.outboxBucket(b)).length > 0) return null;
        return true;
      },
      120_000,
      'an empty outbox',
    );
    expect(await listDeadLetters(platform.kafka, platform.registry, platform.config)).toEqual([]);
  });
});
