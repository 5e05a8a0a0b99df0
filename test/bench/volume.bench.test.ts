/**
 * Years of traffic, in minutes: `make bench-volume` drives the real job writer, change feed, outbox
 * sweeper, usage totals, credits and webhook tables on the local Cassandra through 30 simulated
 * days of one platform's catalogue (VERSE_VOLUME_JOBS_PER_DAY jobs a day, five changes each, and a
 * webhook delivery per finished job), with a moved clock and a stand-in for Kafka (nothing here
 * reads a topic). At day 1, 10 and 30 it prints, beside a bare single-partition read measured at
 * the same moment: the sweeper's read of a bucket and the tombstones it met, a feed page (p50) of
 * an unfiltered and of a status=processing sync from the start of that day, GET /usage, a credit
 * spend from two gateways at once, and for each table the largest partition and the most tombstones
 * one read met, as Cassandra's own statistics report them after a flush (`nodetool tablestats`).
 * Then the tombstone warnings Cassandra logged meanwhile.
 *
 * Cassandra's deletions, tombstones and compaction are real; its clock is not moved, so nothing
 * written with a time-to-live expires during the run (expiry is Cassandra's own mechanism).
 * Run: `make bench-volume` (the default 1,000 jobs a day took 16 minutes on 2 cores).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { newJobRecord } from '../../core/app/create-jobs.ts';
import { queryFeed } from '../../core/app/feed-query.ts';
import type { JobServices } from '../../core/app/job-services.ts';
import { JobWriter } from '../../core/app/job-writer.ts';
import type { Clock } from '../../core/clock.ts';
import { newUuid } from '../../core/ids.ts';
import { dayOf } from '../../core/jobs/feed-days.ts';
import type { JobRecord, LyricLine } from '../../core/jobs/job.ts';
import { listRowRendering } from '../../core/jobs/list-rows.ts';
import { outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import { parseSubmission } from '../../core/jobs/submission.ts';
import type { MessageOf, Publisher, TopicKey } from '../../core/ports/publisher.ts';
import { createOrganisation } from '../../core/provisioning.ts';
import { CassandraBatchStore } from '../../sinks/cassandra/batches.ts';
import { CassandraJobFeed } from '../../sinks/cassandra/feed.ts';
import { CassandraJobStore } from '../../sinks/cassandra/jobs.ts';
import { migrateCassandra } from '../../sinks/cassandra/migrate.ts';
import { CassandraOrganisationStore } from '../../sinks/cassandra/organisations.ts';
import { CassandraTimers } from '../../sinks/cassandra/timers.ts';
import { CassandraUsageStore } from '../../sinks/cassandra/usage.ts';
import { CassandraDeliveryLog } from '../../sinks/cassandra/webhook-deliveries.ts';
import { CassandraWebhookEvents } from '../../sinks/cassandra/webhook-events.ts';
import { connectTestPlatform, testConfig } from '../support/platform.ts';

const JOBS_PER_DAY = Number(process.env.VERSE_VOLUME_JOBS_PER_DAY ?? 1000);
const DAYS = Number(process.env.VERSE_VOLUME_DAYS ?? 30);
const MEASURED_DAYS = new Set([1, 10, DAYS].filter((d) => d <= DAYS));
const CONCURRENCY = 24;
const DAY_MS = 86_400_000;
const CASSANDRA_LOG = path.resolve(import.meta.dirname, '../../var/log/cassandra.log');
const NODETOOL = path.resolve(import.meta.dirname, '../../ops/nodetool.sh');

/** Kafka's stand-in: counts what would be published. */
class CountingPublisher implements Publisher {
  sent = 0;
  async publish<K extends TopicKey>(_topic: K, _key: string, _message: MessageOf<K>): Promise<void> {
    this.sent++;
  }
}

const line = (text: string, start: number | null): LyricLine => ({
  text,
  transliteration: text,
  translation: null,
  start,
  end: start === null ? null : start + 2,
  words: null,
  confidence: 0.9,
  flagged: false,
});

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

it(
  'keeps day 30 as cheap as day 1',
  async () => {
    const config = testConfig({ VERSE_NAMESPACE: `verse_volume_${Date.now().toString(36)}` });
    await migrateCassandra(config);
    const platform = await connectTestPlatform({ VERSE_NAMESPACE: config.namespace });
    const db = platform.cassandra;
    const logAtStart = statSync(CASSANDRA_LOG, { throwIfNoEntry: false })?.size ?? 0;

    // Day 1 begins at the next midnight, so a day's feed partition holds that day alone.
    const start = Math.ceil(Date.now() / DAY_MS) * DAY_MS;
    let now = start;
    let lastChangeAt = start;
    const clock: Clock = { now: () => new Date(now) };
    const jobs = new CassandraJobStore(db, { now: clock.now });
    const feed = new CassandraJobFeed(db, listRowRendering(config), clock.now);
    const usage = new CassandraUsageStore(db);
    const publisher = new CountingPublisher();
    const writer = new JobWriter({
      config,
      logger: { warn: () => {} },
      jobs,
      feed,
      timers: new CassandraTimers(db),
      usage,
      batches: new CassandraBatchStore(db),
      publisher,
      clock,
    });
    const deliveries = new CassandraDeliveryLog(db);
    const events = new CassandraWebhookEvents(db);
    const orgStore = new CassandraOrganisationStore(db);
    const org = await createOrganisation(orgStore, { name: 'Volume Records', plan: 'full', credits: 1_000_000_000 });
    const services = { ...platform.jobServices, jobs, feed, writer } as JobServices;
    const secrets = { cursorSecret: 'volume', rendering: listRowRendering(config) };

    /** One job's life: created, claimed, transcribed, claimed for alignment, aligned, its webhook delivered. */
    async function lifeOf(): Promise<void> {
      const at = () => new Date(now);
      const input = parseSubmission(
        { language: 'Hindi', audio_url: 'https://cdn.example/song.mp3', webhook_url: 'https://hooks.example/verse' },
        'json',
      );
      const job: JobRecord = newJobRecord(
        newUuid(),
        { org_id: org.org_id, key_id: org.key_id },
        { input, audio: { source: 'url', url: input.audio_url! } },
        null,
        null,
        at(),
      );
      await orgStore.chargeJobs(org.org_id, [job.job_id]); // as createJobs does: the ledger grows with the jobs
      await writer.create(job);
      await writer.change(job.job_id, () => ({ patch: { transcription_attempt: 1, transcription_started_at: at() } }));
      await writer.change(job.job_id, () => ({
        patch: {
          duration_seconds: 180,
          results: { transcript: 'dil', transliteration: 'dil', translation: 'heart', cultural_notes: null },
          lines: [line('dil', null)],
        } as Partial<JobRecord>,
        event: { type: 'transcript_ready', at: at() },
      }));
      await writer.change(job.job_id, () => ({ patch: { alignment_attempt: 1, alignment_started_at: at() } }));
      lastChangeAt = now;
      const done = await writer.change(job.job_id, () => ({
        patch: { lines: [line('dil', 1)], alignment: { method: 'whisper-forced-alignment', flagged_lines: 0 } },
        event: { type: 'alignment_finished', at: at() },
      }));
      const eventId = `evt_${job.job_id}_job.complete`;
      await events.putIfAbsent({
        event_id: eventId,
        org_id: org.org_id,
        event: 'job.complete',
        job_id: job.job_id,
        batch_id: null,
        key_id: org.key_id,
        webhook_url: input.webhook_url!,
        payload: JSON.stringify({ event: 'job.complete', job_id: job.job_id, version: done?.job.version }),
        retry: true,
        created_at: at(),
        delivered_at: null,
      });
      const outcome = { delivery_id: newUuid(), success: true, status_code: 200, error: null, delivered_at: at() };
      await events.recordAttempt(eventId, 1, outcome);
      await deliveries.record({
        id: outcome.delivery_id,
        org_id: org.org_id,
        job_id: job.job_id,
        event: 'job.complete',
        webhook_url: input.webhook_url!,
        attempt: 1,
        status_code: 200,
        success: true,
        error: null,
        delivered_at: at(),
      });
    }

    async function day(n: number): Promise<void> {
      const dayStart = start + (n - 1) * DAY_MS;
      const step = DAY_MS / JOBS_PER_DAY;
      let next = 0;
      let sweptUpTo = dayStart;
      const worker = async () => {
        for (let i = next++; i < JOBS_PER_DAY; i = next++) {
          now = Math.max(now, dayStart + i * step);
          await lifeOf();
          // The sweeper ticks every simulated minute.
          if (now - sweptUpTo >= 60_000) {
            sweptUpTo = now;
            await writer.sweep(clock.now());
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      now = dayStart + DAY_MS - 1;
      await writer.sweep(clock.now());
    }

    /** The sweeper's read of the bucket of the day's last changes, and the tombstones Cassandra's trace says it met. */
    async function sweeperRead(): Promise<{ ms: number; tombstones: number }> {
      const bucket = outboxBucketOf(new Date(lastChangeAt));
      const started = performance.now();
      await jobs.outboxBucket(bucket);
      const ms = performance.now() - started;
      let tombstones = 0;
      for (let shard = 0; shard < 4; shard++) {
        const result = await db.execute(
          'SELECT * FROM job_outbox_entries WHERE bucket = ? AND shard = ?',
          [bucket, shard],
          { traceQuery: true },
        );
        const trace = await db.metadata.getTrace(result.info.traceId);
        for (const event of trace.events) {
          const m = /Read \d+ live rows? and (\d+) tombstone/.exec(event.activity);
          if (m) tombstones += Number(m[1]);
        }
      }
      return { ms, tombstones };
    }

    async function feedPages(n: number, status?: 'processing'): Promise<number> {
      const since = new Date(start + (n - 1) * DAY_MS - 1).toISOString();
      const pages: number[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 20; i++) {
        let page: Awaited<ReturnType<typeof queryFeed>> | undefined;
        pages.push(
          await timed(async () => {
            page = await queryFeed(
              services,
              org.org_id,
              { limit: 50, updated_since: since, status, cursor },
              secrets,
              clock.now(),
            );
          }),
        );
        if (!page!.next_cursor) break;
        cursor = page!.next_cursor;
      }
      return p50(pages);
    }

    async function repeated(times: number, fn: () => Promise<unknown>): Promise<number> {
      const out: number[] = [];
      for (let i = 0; i < times; i++) out.push(await timed(fn));
      return p50(out);
    }

    /** Two gateways spending at once: two Cassandra sessions racing on the organisation's balance. */
    async function creditSpend(): Promise<number> {
      const other = new CassandraOrganisationStore(platform.cassandra);
      const spends: number[] = [];
      await Promise.all(
        [orgStore, other].map(async (store) => {
          for (let i = 0; i < 25; i++) spends.push(await timed(() => store.chargeJobs(org.org_id, [newUuid()])));
        }),
      );
      return p50(spends);
    }

    /** Cassandra's own statistics per table, after a flush: the largest partition and the most tombstones one read met. */
    function tableStats(): Map<string, { maxPartitionBytes: number; maxTombstonesPerRead: number }> {
      execFileSync(NODETOOL, ['flush', config.namespace], { stdio: 'ignore' });
      const json = execFileSync(NODETOOL, ['tablestats', '-F', 'json', config.namespace], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const tables = (JSON.parse(json) as Record<string, { tables: Record<string, Record<string, unknown>> }>)[
        config.namespace
      ]!.tables;
      return new Map(
        Object.entries(tables).map(([name, t]) => [
          name,
          {
            maxPartitionBytes: Number(t.compacted_partition_maximum_bytes ?? 0),
            maxTombstonesPerRead: Number(t.maximum_tombstones_per_slice_last_five_minutes ?? 0),
          },
        ]),
      );
    }

    type Figures = Record<string, number>;
    const measured = new Map<number, { figures: Figures; tables: ReturnType<typeof tableStats> }>();
    const began = Date.now();
    for (let n = 1; n <= DAYS; n++) {
      await day(n);
      if (!MEASURED_DAYS.has(n)) continue;
      // Every day is read from flushed files, not the first from the memtable it still sits in.
      execFileSync(NODETOOL, ['flush', config.namespace], { stdio: 'ignore' });
      const sweep = await sweeperRead();
      const figures: Figures = {
        'bare single-partition read (ms, p50)': await repeated(50, () =>
          db.execute('SELECT * FROM organisations WHERE org_id = ?', [org.org_id]),
        ),
        'sweeper: one bucket read (ms)': sweep.ms,
        'sweeper: tombstones met by that read': sweep.tombstones,
        'feed page from the start of the day (ms, p50)': await feedPages(n),
        'feed page, status=processing (ms, p50)': await feedPages(n, 'processing'),
        'GET /usage (ms, p50)': await repeated(20, () => usage.get(org.org_id)),
        'credit spend, two gateways at once (ms, p50)': await creditSpend(),
      };
      measured.set(n, { figures, tables: tableStats() });
      console.log(`day ${n} measured after ${((Date.now() - began) / 1000).toFixed(0)} s; ${publisher.sent} messages`);
    }

    const days = [...measured.keys()];
    const header = `| figure | ${days.map((d) => `day ${d}`).join(' | ')} | day ${days.at(-1)} / day 1 |`;
    const lines = [header, `|---|${days.map(() => '---|').join('')}---|`];
    for (const name of Object.keys(measured.get(days[0]!)!.figures)) {
      const values = days.map((d) => measured.get(d)!.figures[name]!);
      const ratio = values[0]! > 0 ? (values.at(-1)! / values[0]!).toFixed(2) : '-';
      lines.push(`| ${name} | ${values.map((v) => v.toFixed(1)).join(' | ')} | ${ratio} |`);
    }
    const last = measured.get(days.at(-1)!)!.tables;
    const tables = [...last.keys()].sort((a, b) => last.get(b)!.maxPartitionBytes - last.get(a)!.maxPartitionBytes);
    for (const table of tables.slice(0, 10)) {
      const kib = days.map((d) => ((measured.get(d)!.tables.get(table)?.maxPartitionBytes ?? 0) / 1024).toFixed(0));
      const tombstones = days.map((d) => measured.get(d)!.tables.get(table)?.maxTombstonesPerRead ?? 0);
      lines.push(
        `| ${table}: largest partition (KiB) / most tombstones one read met | ${kib.map((k, i) => `${k} / ${tombstones[i]}`).join(' | ')} | |`,
      );
    }
    const log = readFileSync(CASSANDRA_LOG, 'utf8').slice(logAtStart);
    const warnings = log.split('\n').filter((l) => /tombstone/i.test(l)).length;
    console.log(
      `\n${JOBS_PER_DAY} jobs a day for ${DAYS} days (${dayOf(new Date(start))} on), ${publisher.sent} messages published to the stand-in\n${lines.join('\n')}\ntombstone warnings in Cassandra's log during the run: ${warnings}\n`,
    );
    await platform.close();
    expect(measured.size).toBe(MEASURED_DAYS.size);
  },
  6 * 3_600_000,
);
