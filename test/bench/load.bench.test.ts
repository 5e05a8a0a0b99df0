/**
 * Load benchmark (on demand: `make bench`, or `npx vitest run --project bench test/bench/load.bench.test.ts`).
 * Loopback only, bounded in time, against a real `verse gateway` process in its own namespace:
 *  - GET /jobs/{id}, and a GET /jobs feed page with 10,000 and then 100,000 jobs stored;
 *  - POST /transcribe with a small uploaded file;
 *  - end-to-end submissions per second through Kafka to `verse processor transcription|alignment`
 *    processes and a stand-in engine of fixed cost, with 1 and then 2 instances per group, beside
 *    kafkajs alone doing the same two stages at the same cost (the pipeline's bare limit).
 * Baselines measured in the same run: GET /languages (the gateway's floor: routing, no I/O) for the
 * reads, and 1 instance per group for the pipeline; and the bare limit for each read: the Cassandra
 * driver doing the same reads in a loop (16 at a time, as the HTTP load), without the gateway.
 * Prints a table; figures go to docs/benchmarks.md.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newJobRecord } from '../../core/app/create-jobs.ts';
import { loadConfig } from '../../core/config.ts';
import { newUuid } from '../../core/ids.ts';
import { feedBucketOf } from '../../core/jobs/feed-days.ts';
import { listRowRendering } from '../../core/jobs/list-rows.ts';
import { presentJob, presentListRow } from '../../core/jobs/present.ts';
import { parseSubmission } from '../../core/jobs/submission.ts';
import { summaryOf } from '../../core/jobs/summary.ts';
import { createLogger } from '../../core/logger.ts';
import { limitsFor, type MeterLimits } from '../../core/meters.ts';
import { hashApiKey } from '../../core/secrets.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import { Slots } from '../../processors/slots.ts';
import { decodeSummary, encodeSummary } from '../../sinks/cassandra/feed.ts';
import { type EngineServer, startEngineServer } from '../doubles/engine-server.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, testCa } from '../support/https-server.ts';
import { createTestJob, testOrg } from '../support/platform.ts';

const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');
const PORT = 8765;
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.VERSE_BENCH_SECONDS ?? 10);
const ENGINE_COST_MS = 300;
const PIPELINE_JOBS = 120;

let env: NodeJS.ProcessEnv;
let platform: Platform;
let engine: EngineServer;
const children: ChildProcess[] = [];
const rows: string[][] = [];
const bareRows: string[][] = [];

function start(...args: string[]): ChildProcess {
  const child = spawn(VERSE, args, { env, stdio: 'ignore' });
  children.push(child);
  return child;
}

beforeAll(async () => {
  engine = await startEngineServer({ costMs: ENGINE_COST_MS });
  env = {
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: 'verse_bench',
    VERSE_ENGINE_URL: engine.url,
    VERSE_LOG_LEVEL: 'warn',
    VERSE_PORT: String(PORT),
  };
  await promisify(execFile)(VERSE, ['migrate'], { env });
  platform = await connectPlatform(loadConfig(env), createLogger('silent', 'bench'), 'bench');
  start('gateway');
  for (let i = 0; i < 60; i++) {
    if ((await fetch(`${BASE}/api/v1/languages`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await platform?.close();
  await engine?.close();
  console.log(
    `\n| measure | req/s | p50 ms | p99 ms | vs baseline | vs bare driver | cores busy (of ${CORES}) |\n|---|---|---|---|---|---|---|\n${[
      ...rows,
      ...bareRows,
    ]
      .map((r) => `| ${[...r, ...Array(7 - r.length).fill('')].join(' | ')} |`)
      .join('\n')}\n`,
  );
});

const unlimited = Object.fromEntries(
  ['minute', 'hour', 'day'].flatMap((w) => [
    [`submit.${w}`, 10_000_000],
    [`read.${w}`, 10_000_000],
  ]),
);

/**
 * Stores n jobs for an organisation directly (row + feed index), as a catalogue that built up over
 * days. `summaries: false` writes feed rows as they were before rows carried summaries, so pages
 * take the old read path (the slice, then each job by id): the "before" of the same run.
 */
async function seed(
  orgId: string,
  n: number,
  {
    summaries = true,
    jobRows = true,
    failedEvery = 0,
  }: { summaries?: boolean; jobRows?: boolean; failedEvery?: number } = {},
): Promise<string[]> {
  const input = parseSubmission({ language: 'English', audio_url: 'https://audio.example.com/a.mp3' }, 'json');
  const ids: string[] = [];
  const start = Date.now() - 30 * 86400_000;
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= n) return;
      const at = new Date(start + Math.floor((i / n) * 29 * 86400_000));
      const job = newJobRecord(
        newUuid(),
        { org_id: orgId, key_id: null },
        { input, audio: { source: 'url', url: input.audio_url! } },
        null,
        null,
        at,
      );
      // A few failed jobs, for a filter that matches a handful of a large catalogue.
      if (failedEvery > 0 && i % failedEvery === 0) {
        job.lifecycle = {
          ...job.lifecycle,
          status: 'failed',
          stage: 'failed',
          error: { stage: 'transcription', message: 'The audio could not be decoded', failed_at: at },
        };
      }
      if (jobRows) await platform.jobServices.jobs.insert(job);
      if (summaries) await platform.jobServices.feed.record(job, null);
      else {
        await platform.cassandra.execute('INSERT INTO job_feed_days (org_id, day) VALUES (?, ?)', [
          orgId,
          feedBucketOf(at),
        ]);
        await platform.cassandra.execute('INSERT INTO job_feed (org_id, day, updated_at, job_id) VALUES (?, ?, ?, ?)', [
          orgId,
          feedBucketOf(at),
          at,
          job.job_id,
        ]);
      }
      ids.push(job.job_id);
      if (ids.length % 100_000 === 0) console.log(`seeded ${ids.length} of ${n} jobs`);
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return ids;
}

/**
 * Waits (up to 2 minutes) until Cassandra has run no compaction for 5 s: seeding leaves many
 * sstables behind, and reads measured while they merge measure the merging.
 */
async function compactionsDone(): Promise<void> {
  const until = Date.now() + 120_000;
  let quietSince = Date.now();
  while (Date.now() < until && Date.now() - quietSince < 5_000) {
    const running = (await platform.cassandra.execute('SELECT * FROM system_views.sstable_tasks')).rowLength;
    if (running > 0) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`compactions settled: ${Date.now() - quietSince >= 5_000 ? 'yes' : 'no, after 2 minutes'}`);
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Cores the whole machine kept busy while it ran (every process: Cassandra, Redis, the gateway, the load). */
  busy: number;
}

const CORES = os.cpus().length;

/** CPU time the whole machine has spent busy so far, in ms summed over its cores. */
const machineBusyMs = () => os.cpus().reduce((sum, { times: t }) => sum + t.user + t.nice + t.sys + t.irq, 0);

/** Runs work and reports the cores the machine kept busy meanwhile. */
async function busyDuring<T>(work: () => Promise<T>): Promise<{ result: T; busy: number }> {
  const [cpu, wall] = [machineBusyMs(), performance.now()];
  const result = await work();
  return { result, busy: (machineBusyMs() - cpu) / (performance.now() - wall) };
}

/** The machine's CPU per request or read while it ran, in ms. */
const cpuMsPerOp = (m: Measured) => (m.busy * 1000) / m.rps;

async function load(
  auth: string | null,
  request: () => { method?: 'GET' | 'POST'; path: string; body?: Buffer; headers?: Record<string, string> },
  connections = 16,
): Promise<Measured> {
  const { result, busy } = await busyDuring(() =>
    autocannon({
      url: BASE,
      connections,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => {
            const r = request();
            return {
              ...req,
              method: r.method ?? 'GET',
              path: r.path,
              body: r.body,
              headers: { ...(auth ? { authorization: auth } : {}), ...r.headers },
            };
          },
        },
      ],
    }),
  );
  expect(result.non2xx, 'every benchmark request should succeed').toBe(0);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, busy };
}

const record = (name: string, m: Measured, baseline: Measured | null, bare: Measured | null = null) =>
  rows.push([
    name,
    m.rps.toFixed(0),
    m.p50.toFixed(1),
    m.p99.toFixed(1),
    baseline ? `${(m.rps / baseline.rps).toFixed(2)}×` : 'baseline',
    bare ? `${(m.rps / bare.rps).toFixed(2)}×` : '',
    m.busy.toFixed(2),
  ]);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * The bare limit of a read: the Cassandra driver running it in a loop, 16 at a time (or
 * `inFlight`), for as long as an HTTP row runs. Printed as its own row and used as the "vs bare
 * driver" ratio.
 */
async function bare(name: string, read: () => Promise<unknown>, inFlight = 16): Promise<Measured> {
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const t = performance.now();
      await read();
      latencies.push(performance.now() - t);
    }
  };
  const { busy } = await busyDuring(() => Promise.all(Array.from({ length: inFlight }, worker)));
  latencies.sort((a, b) => a - b);
  const m = {
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    busy,
  };
  bareRows.push([
    `bare driver: ${name}`,
    m.rps.toFixed(0),
    m.p50.toFixed(1),
    m.p99.toFixed(1),
    '',
    'bare',
    m.busy.toFixed(2),
  ]);
  return m;
}

/**
 * The most a request can reach on these shared cores if it cost nothing but the gateway's floor
 * (GET /languages: HTTP, routing, the load generator), the bare read and, where given, the bare
 * meter script every metered request runs. Each is costed by the machine's CPU per operation while
 * it ran, not by its rate: a loop that leaves cores idle (waiting on round trips) would otherwise
 * be costed as if it filled them. The costs add, and all the cores divide by their sum. Derived
 * from rows measured in this run, and printed beside them, so a ratio target above it is known to
 * be out of reach here.
 */
function ceiling(name: string, floor: Measured, bareRead: Measured, meter?: Measured): void {
  const msPerRequest = cpuMsPerOp(floor) + cpuMsPerOp(bareRead) + (meter ? cpuMsPerOp(meter) : 0);
  const rps = (CORES * 1000) / msPerRequest;
  bareRows.push([
    `ceiling: ${name}`,
    rps.toFixed(0),
    '',
    '',
    '',
    `${(rps / bareRead.rps).toFixed(2)}×`,
    `CPU ms per request ${msPerRequest.toFixed(3)}`,
  ]);
}

/**
 * An organisation's read limits and the version its key and records are kept under, reached as the
 * gateway reaches them: the first read learns the key's organisation, the second keeps the records.
 */
async function keptAsTheGatewayKeepsThem(org: { api_key: string }): Promise<{ limits: MeterLimits; version: number }> {
  const keyHash = hashApiKey(org.api_key);
  for (let i = 0; i < 2; i++) await platform.orgs.findKeyWithOrganisation(keyHash);
  const held = platform.orgs.kept(keyHash);
  if (!held?.found.org) throw new Error('the bench organisation was not kept');
  return { limits: limitsFor('read', held.found.org.limits), version: held.version };
}

/**
 * The steps of GET /jobs/{id}, timed one at a time (p50 of 500 each): the key and organisation
 * (kept in memory), the meter script (which confirms their version), the job row, presenting
 * and serialising it, and the whole request over HTTP with nothing else running; and the gateway's
 * own work on a feed page's rows, stored rendered or not.
 */
async function jobReadSteps(org: { org_id: string; api_key: string }, ids: string[]): Promise<[string, number][]> {
  const p50 = async (work: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      await work();
      times.push(performance.now() - t);
    }
    return percentile(
      times.sort((a, b) => a - b),
      0.5,
    );
  };
  const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
  const keyHash = hashApiKey(org.api_key);
  const { limits, version } = await keptAsTheGatewayKeepsThem(org);
  const job = (await platform.jobServices.jobs.get(pick()))!;
  const ctx = { baseUrl: 'http://127.0.0.1', reviewSecret: 'bench', endUser: null };
  const page = Array.from({ length: 51 }, () => encodeSummary(summaryOf(job)));
  const stored = page.map((text) => listRowRendering(ctx).forStorage(decodeSummary(text)));
  return [
    [
      'the whole GET /jobs/{id}',
      await p50(() =>
        fetch(`${BASE}/api/v1/jobs/${pick()}`, { headers: { authorization: `Bearer ${org.api_key}` } }).then((r) =>
          r.arrayBuffer(),
        ),
      ),
    ],
    ['key and organisation, as kept (no read)', await p50(async () => platform.orgs.kept(keyHash))],
    [
      'meter script, confirming the kept version (Redis)',
      await p50(() => platform.meter.consumeIfCurrent(org.org_id, 'read', 1, limits, version)),
    ],
    ['job row (Cassandra)', await p50(() => platform.jobServices.jobs.get(pick()))],
    ['present and serialise', await p50(async () => JSON.stringify(presentJob(job, ctx)))],
    [
      "a feed page's 51 summaries decoded, presented and serialised (rows not stored rendered)",
      await p50(async () => JSON.stringify(page.map((text) => presentListRow(decodeSummary(text), ctx)))),
    ],
    [
      "a feed page's 51 rows as stored, joined into the page",
      await p50(async () => `{"jobs":[${stored.join(',')}],"has_more":true,"next_cursor":null}`),
    ],
  ];
}

function multipartWav(): { body: Buffer; type: string } {
  const boundary = 'verse-bench-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nEnglish\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, wavTone(1), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The pipeline's bare limit: kafkajs alone, with the same shape and costs as the two stages and no
 * Cassandra, storage or audio fetch. One group takes each message, waits the engine's cost and
 * produces to a second topic; a second group takes that and waits the cost again. Each member keeps
 * at most as many messages in flight as a processor member does (VERSE_PROCESSOR_CONCURRENCY, across
 * its partitions). Returns jobs per second for PIPELINE_JOBS.
 */
async function bareKafkaPipeline(p: Platform): Promise<number> {
  const run = newUuid().slice(0, 8);
  const [first, second] = [`${p.config.namespace}.bare-${run}-a`, `${p.config.namespace}.bare-${run}-b`];
  const admin = p.kafka.admin();
  await admin.connect();
  await admin.createTopics({
    waitForLeaders: true,
    topics: [first, second].map((topic) => ({ topic, numPartitions: p.config.kafka.partitions })),
  });
  const producer = p.kafka.producer();
  await producer.connect();
  const inFlight = p.config.processorConcurrency;
  let finished = 0;
  const engine = () => new Promise((r) => setTimeout(r, ENGINE_COST_MS));
  const stage = async (topic: string, next: ((key: Buffer | null) => Promise<unknown>) | null) => {
    const member = new Slots(inFlight);
    const consumer = p.kafka.consumer({ groupId: `${topic}-group` });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently: inFlight,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
        for (let i = 0; i < batch.messages.length; i += inFlight) {
          const chunk = batch.messages.slice(i, i + inFlight);
          await Promise.all(
            chunk.map((m) =>
              member.run(async () => {
                await engine();
                if (next) await next(m.key);
                else finished++;
              }),
            ),
          );
          resolveOffset(chunk.at(-1)!.offset);
          await heartbeat();
        }
      },
    });
    return consumer;
  };
  const consumers = [
    await stage(second, null),
    await stage(first, (key) => producer.send({ topic: second, acks: -1, messages: [{ key, value: 'b' }] })),
  ];
  try {
    await new Promise((r) => setTimeout(r, 5_000)); // join the groups
    const started = Date.now();
    await producer.send({
      topic: first,
      acks: -1,
      messages: Array.from({ length: PIPELINE_JOBS }, () => ({ key: newUuid(), value: 'a' })),
    });
    while (finished < PIPELINE_JOBS) await new Promise((r) => setTimeout(r, 50));
    return PIPELINE_JOBS / ((Date.now() - started) / 1000);
  } finally {
    for (const c of consumers) await c.disconnect();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [first, second] }).catch(() => undefined);
    await admin.disconnect();
  }
}

describe('load', () => {
  it('reads, the feed at 10k and 100k jobs, and small uploads', async () => {
    const baseline = await load(null, () => ({ path: '/api/v1/languages' }));
    record('GET /languages (baseline: routing, no I/O)', baseline, null);

    const small = await testOrg(platform, { credits: 10, limits: unlimited });
    const big = await testOrg(platform, { credits: 1_000_000, limits: unlimited });
    const before = await testOrg(platform, { credits: 10, limits: unlimited });
    await seed(small.org_id, 10_000);
    await seed(before.org_id, 10_000, { summaries: false });
    const bigIds = await seed(big.org_id, 100_000, { failedEvery: 5_000 });
    await compactionsDone();
    const auth = (o: typeof small) => `Bearer ${o.api_key}`;
    const pick = (ids: string[]) => ids[Math.floor(Math.random() * ids.length)]!;

    const db = platform.cassandra;
    const readJob = () => db.execute('SELECT * FROM jobs WHERE job_id = ?', [pick(bigIds)]);
    expect((await readJob()).rowLength).toBe(1);
    const bareJob = await bare('one job row by id (100k stored)', readJob);
    // The same read with one in flight: the other end of the range a gateway's reads fall in, since
    // Cassandra's cost per read falls as more arrive together (cores busy per read, against the row
    // above; docs/benchmarks.md, "Platform load").
    await bare('one job row by id, one read in flight (100k stored)', readJob, 1);
    // The slice a first feed page reads: the organisation's oldest day partition, the 51 rows a
    // page of 50 asks for (one more answers has_more), with the columns it selects (rows stored
    // rendered, so no summaries).
    const firstDay = (await db.execute('SELECT day FROM job_feed_days WHERE org_id = ? LIMIT 1', [big.org_id])).first()
      ?.day as string;
    const readSlice = () =>
      db.execute(
        'SELECT updated_at, job_id, list_row, list_row_key FROM job_feed WHERE org_id = ? AND day = ? LIMIT 51',
        [big.org_id, firstDay],
      );
    // A slice that came back short would make the bare rate meaningless.
    expect((await readSlice()).rowLength).toBe(51);
    const bareSlice = await bare('one feed slice of 50 rows (100k stored)', readSlice);
    // The meter script as a request runs it (confirming the kept version), alone in a loop: the
    // part of a request's cost that the spec's rate meters make unavoidable.
    const metered = await testOrg(platform, { limits: unlimited });
    const meteredKept = await keptAsTheGatewayKeepsThem(metered);
    const bareMeter = await bare('one meter script, confirming the kept version (Redis)', async () => {
      const { limits, version } = meteredKept;
      if (!(await platform.meter.consumeIfCurrent(metered.org_id, 'read', 1, limits, version)))
        throw new Error('the bench organisation changed');
    });
    ceiling('the floor plus one job row read', baseline, bareJob);
    ceiling('the floor plus the meter plus one job row read', baseline, bareJob, bareMeter);
    ceiling('the floor plus one feed slice read', baseline, bareSlice);
    ceiling('the floor plus the meter plus one feed slice read', baseline, bareSlice, bareMeter);
    record(
      'GET /jobs/{id} (100k stored)',
      await load(auth(big), () => ({ path: `/api/v1/jobs/${pick(bigIds)}` })),
      baseline,
      bareJob,
    );
    record(
      'GET /jobs page of 50, 10k stored, before: rows without summaries (slice, then 50 jobs by id)',
      await load(auth(before), () => ({ path: '/api/v1/jobs?limit=50' })),
      baseline,
      bareSlice,
    );
    record(
      'GET /jobs page of 50, 10k stored',
      await load(auth(small), () => ({ path: '/api/v1/jobs?limit=50' })),
      baseline,
      bareSlice,
    );
    record(
      'GET /jobs page of 50, 100k stored',
      await load(auth(big), () => ({ path: '/api/v1/jobs?limit=50' })),
      baseline,
      bareSlice,
    );
    const since = new Date(Date.now() - 15 * 86400_000).toISOString();
    record(
      'GET /jobs page of 50 from the middle, 100k stored',
      await load(auth(big), () => ({ path: `/api/v1/jobs?limit=50&updated_since=${since}` })),
      baseline,
      bareSlice,
    );
    // Where a job read's time goes: each step of GET /jobs/{id}, one at a time on an idle path,
    // against the same stores the gateway uses, beside the whole request made the same way.
    const steps = await jobReadSteps(big, bigIds);
    for (const [name, ms] of steps) bareRows.push([`one at a time: ${name}`, '', ms.toFixed(2), '', '', '']);
    record(
      'GET /jobs?status=failed page of 50, 20 of 100k stored match',
      await load(auth(big), () => ({ path: '/api/v1/jobs?limit=50&status=failed' })),
      baseline,
      bareSlice,
    );
    const upload = multipartWav();
    record(
      'POST /transcribe, 1 s WAV upload',
      await load(
        auth(big),
        () => ({
          method: 'POST',
          path: '/api/v1/transcribe',
          body: upload.body,
          headers: { 'content-type': upload.type },
        }),
        8,
      ),
      baseline,
    );
  });

  // On demand (VERSE_BENCH_SCALE=1, about 10 minutes more): a feed page with a million jobs stored,
  // beside 10,000 in the same run. Pages read only the feed, so the million are feed rows alone.
  it.runIf(process.env.VERSE_BENCH_SCALE)(
    'the feed page from 10k to 1M stored jobs',
    async () => {
      const small = await testOrg(platform, { credits: 10, limits: unlimited });
      const huge = await testOrg(platform, { credits: 10, limits: unlimited });
      await seed(small.org_id, 10_000, { jobRows: false });
      await seed(huge.org_id, 1_000_000, { jobRows: false });
      const since = new Date(Date.now() - 15 * 86400_000).toISOString();
      const page = (o: typeof small, from?: string) =>
        load(`Bearer ${o.api_key}`, () => ({ path: `/api/v1/jobs?limit=50${from ? `&updated_since=${from}` : ''}` }));
      const first10k = await page(small);
      const first1m = await page(huge);
      const middle10k = await page(small, since);
      const middle1m = await page(huge, since);
      record('GET /jobs page of 50, 10k stored (scale run)', first10k, null);
      record('GET /jobs page of 50, 1M stored', first1m, first10k);
      record('GET /jobs page of 50 from the middle, 10k stored (scale run)', middle10k, null);
      record('GET /jobs page of 50 from the middle, 1M stored', middle1m, middle10k);
      console.log(
        `p50 at 1M / at 10k: first page ${(first1m.p50 / first10k.p50).toFixed(2)}, middle ${(middle1m.p50 / middle10k.p50).toFixed(2)}`,
      );
    },
    30 * 60_000,
  );

  it('end-to-end submissions per second through Kafka, 1 and 2 instances per group', async () => {
    // Its own namespace, so the upload benchmark's jobs are not a backlog in front of these.
    const cdn = await startHttpsServer();
    cdn.route('/song.wav', serveFile(wavTone(1)));
    const pipelineEnv = {
      ...env,
      VERSE_NAMESPACE: 'verse_bench_pipeline',
      VERSE_ALLOW_PRIVATE_NETWORK: 'true',
      VERSE_EXTRA_CA_FILE: testCa().caFile,
    };
    await promisify(execFile)(VERSE, ['migrate'], { env: pipelineEnv });
    const pipeline = await connectPlatform(loadConfig(pipelineEnv), createLogger('silent', 'bench'), 'bench-pipeline');
    const org = await testOrg(pipeline, { credits: 1_000 });
    const members: ChildProcess[] = [];
    const member = (name: string) => {
      const child = spawn(VERSE, ['processor', name], { env: pipelineEnv, stdio: 'ignore' });
      members.push(child);
      children.push(child);
    };

    async function throughput(): Promise<number> {
      const started = Date.now();
      // Submitted 16 at a time, as a catalogue client would, so submission is not the limit.
      const ids: string[] = [];
      for (let i = 0; i < PIPELINE_JOBS; i += 16) {
        const wave = Array.from({ length: Math.min(16, PIPELINE_JOBS - i) }, () =>
          createTestJob(pipeline, org.org_id, { audio_url: `${cdn.url}/song.wav` }),
        );
        for (const job of await Promise.all(wave)) ids.push(job.job_id);
      }
      for (;;) {
        const jobs = await pipeline.jobServices.jobs.getMany(ids);
        if (jobs.every((j) => j.lifecycle.status !== 'processing')) {
          expect(jobs.every((j) => j.lifecycle.status === 'complete')).toBe(true);
          return PIPELINE_JOBS / ((Date.now() - started) / 1000);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    try {
      const bareLimit = await bareKafkaPipeline(pipeline);
      bareRows.push([
        `bare kafkajs: two chained groups, ${ENGINE_COST_MS} ms per stage, ${pipeline.config.processorConcurrency} in flight, jobs/s`,
        bareLimit.toFixed(2),
        '',
        '',
        '',
        'bare',
      ]);
      member('transcription');
      member('alignment');
      await new Promise((r) => setTimeout(r, 15_000)); // join the groups
      const one = await throughput();
      member('transcription');
      member('alignment');
      await new Promise((r) => setTimeout(r, 20_000)); // rebalance to two members each
      const two = await throughput();
      rows.push([
        `pipeline, 1 member per group (engine ${ENGINE_COST_MS} ms per call), jobs/s`,
        one.toFixed(2),
        '',
        '',
        'baseline',
        `${(one / bareLimit).toFixed(2)}×`,
      ]);
      rows.push([
        'pipeline, 2 members per group, jobs/s',
        two.toFixed(2),
        '',
        '',
        `${(two / one).toFixed(2)}×`,
        `${(two / bareLimit).toFixed(2)}×`,
      ]);
    } finally {
      // Waited for, so a member run with VERSE_NODE_FLAGS="--cpu-prof ..." writes its profile.
      const exited = members.map((child) => new Promise((r) => child.once('exit', r)));
      for (const child of members) child.kill('SIGTERM');
      await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 15_000))]);
      await pipeline.close();
      await cdn.close();
    }
  });
});
