import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryFeed } from '../../core/app/feed-query.ts';
import { FEED_SETTLE_MS, feedBucketOf } from '../../core/jobs/feed-days.ts';
import { listRowRendering } from '../../core/jobs/list-rows.ts';
import { summaryOf } from '../../core/jobs/summary.ts';
import type { Platform } from '../../ops/platform.ts';
import { CassandraJobFeed } from '../../sinks/cassandra/feed.ts';
import { backfillFilterFeeds, renderListRows } from '../../sinks/cassandra/feed-backfill.ts';
import { createTestJob, testOrg, withTestGateway } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;

withTestGateway((p, a) => {
  platform = p;
  app = a;
});

const settle = () => new Promise((r) => setTimeout(r, FEED_SETTLE_MS + 200));

interface Page {
  jobs: { job_id: string; updated_at: string }[];
  has_more: boolean;
  next_cursor: string | null;
}

async function list(auth: Record<string, string>, query: Record<string, string | number | undefined> = {}) {
  const entries = Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined);
  const qs = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
  return app.inject({ url: `/api/v1/jobs${qs ? `?${qs}` : ''}`, headers: auth });
}

/** Touches a job (a real change through the writer) so it moves to the end of the feed. */
const touch = (jobId: string, externalId: string) =>
  platform.jobServices.writer.change(jobId, () => ({ patch: { external_id: externalId } }));

describe('GET /jobs (change feed)', () => {
  it("lists the caller's jobs oldest change first, without lyrics, scoped to the organisation", async () => {
    const org = await testOrg(platform);
    const other = await testOrg(platform);
    const a = await createTestJob(platform, org.org_id, { external_id: 'a' });
    const b = await createTestJob(platform, org.org_id, { external_id: 'b' });
    await createTestJob(platform, other.org_id);
    await settle();
    const body = (await list(org.auth)).json();
    expect(body.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([a.job_id, b.job_id]);
    expect(body).toMatchObject({ has_more: false, next_cursor: null });
    expect(body.jobs[0]).toMatchObject({
      status: 'processing',
      stage: 'transcribing',
      external_id: 'a',
      second_opinion: null,
      alignment: null,
    });
    await touch(a.job_id, 'a2');
    await settle();
    expect((await list(org.auth)).json().jobs.map((j: { job_id: string }) => j.job_id)).toEqual([b.job_id, a.job_id]);
  });

  it('lists a changing job exactly once at every moment: at its old place until its new row has settled', async () => {
    const org = await testOrg(platform, { limits: { 'read.minute': 10_000, 'read.hour': 100_000 } });
    const job = await createTestJob(platform, org.org_id, { external_id: 'song-1' });
    await createTestJob(platform, org.org_id, { external_id: 'song-2' });
    await settle();
    const changedAt = Date.now();
    await platform.jobServices.writer.change(job.job_id, () => ({
      event: { type: 'failure_recorded', stage: 'transcription', message: 'x', at: new Date() },
    }));
    const listings: { at: number; all: string[]; byId: string[]; processing: string[]; failed: string[] }[] = [];
    const ids = async (q: Record<string, string> = {}) =>
      (await list(org.auth, q)).json().jobs.map((j: { job_id: string }) => j.job_id);
    while (Date.now() < changedAt + FEED_SETTLE_MS + 1000) {
      listings.push({
        at: Date.now() - changedAt,
        all: (await ids()).filter((id: string) => id === job.job_id),
        byId: await ids({ external_id: 'song-1' }),
        processing: (await ids({ status: 'processing' })).filter((id: string) => id === job.job_id),
        failed: await ids({ status: 'failed' }),
      });
    }
    expect(listings.length).toBeGreaterThan(5);
    for (const seen of listings) {
      expect(seen.all, `at ${seen.at} ms`).toEqual([job.job_id]);
      expect(seen.byId, `at ${seen.at} ms`).toEqual([job.job_id]);
      // Never absent from both status feeds: processing until the failed row shows, failed after.
      // (The two are asked one after the other, so a listing that straddles the moment sees both.)
      expect(seen.processing.length + seen.failed.length, `at ${seen.at} ms`).toBeGreaterThanOrEqual(1);
      expect(seen.failed.length, `at ${seen.at} ms`).toBeLessThanOrEqual(1);
    }
    const firstFailed = listings.findIndex((seen) => seen.failed.length > 0);
    expect(listings.slice(firstFailed + 1).every((seen) => seen.processing.length === 0)).toBe(true);
    expect(listings.at(0)!.processing).toEqual([job.job_id]);
    expect(listings.at(-1)!.failed).toEqual([job.job_id]);
    const usage = (await app.inject({ url: '/api/v1/usage', headers: org.auth })).json();
    expect((await ids()).length).toBe(usage.total_jobs);
  });

  it('shows what fell back: the degraded list on the job, its count on the list row, empty when clean', async () => {
    const org = await testOrg(platform);
    const clean = await createTestJob(platform, org.org_id);
    const job = await createTestJob(platform, org.org_id);
    const degraded = [{ component: 'language', reason: 'sounds like Thai (0.91)' }];
    await platform.jobServices.writer.change(job.job_id, () => ({ patch: { degraded } }));
    await settle();
    const read = async (id: string) => (await app.inject({ url: `/api/v1/jobs/${id}`, headers: org.auth })).json();
    expect((await read(job.job_id)).degraded).toEqual(degraded);
    expect((await read(clean.job_id)).degraded).toEqual([]);
    const rows = (await list(org.auth)).json().jobs;
    const countOf = (id: string) => rows.find((r: { job_id: string }) => r.job_id === id)?.degraded_count;
    expect(countOf(job.job_id)).toBe(1);
    expect(countOf(clean.job_id)).toBe(0);
  });

  it("a feed that kept an organisation's day list still reads a day partition created after it", async () => {
    const org = await testOrg(platform);
    let now = new Date('2026-03-01T23:59:59Z');
    let dayListReads = 0;
    const db = Object.create(platform.cassandra) as typeof platform.cassandra;
    db.execute = ((query: string, ...rest: unknown[]) => {
      if (query.startsWith('SELECT day FROM')) dayListReads++;
      return (platform.cassandra.execute as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof db.execute;
    const feed = new CassandraJobFeed(db, listRowRendering(platform.config), () => now);
    const start = { updated_at: new Date(0), job_id: null };
    const job = await createTestJob(platform, org.org_id);
    const dayOne = { ...job, updated_at: new Date('2026-03-01T23:59:00Z') };
    await feed.record(dayOne, { updated_at: job.updated_at, status: 'processing' });
    const current = async () => (await feed.scan(org.org_id, start, 5)).filter((r) => r.superseded_at === null);
    expect((await current()).map((r) => r.job_id)).toEqual([job.job_id]);
    expect(dayListReads).toBe(1);
    // Half an hour later, on the next day: the kept list is extended, not read again.
    now = new Date('2026-03-02T00:30:00Z');
    const dayTwo = { ...job, updated_at: new Date('2026-03-02T00:29:00Z') };
    await feed.record(dayTwo, { updated_at: dayOne.updated_at, status: 'processing' });
    const rows = await current();
    expect(rows.map((r) => [r.job_id, r.updated_at.toISOString()])).toEqual([[job.job_id, '2026-03-02T00:29:00.000Z']]);
    expect(dayListReads).toBe(1);
    // Two days on, the kept list is older than an hour: read again rather than extended day by day.
    now = new Date('2026-03-04T08:00:00Z');
    await feed.scan(org.org_id, start, 5);
    expect(dayListReads).toBe(2);
  });

  it('a row indexed before rows carried summaries is listed from its job', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id, { external_id: 'old-row' });
    await platform.cassandra.execute(
      'UPDATE job_feed SET summary = null, list_row = null, list_row_key = null WHERE org_id = ? AND day = ? AND updated_at = ? AND job_id = ?',
      [org.org_id, feedBucketOf(job.updated_at), job.updated_at, job.job_id],
    );
    const [row] = await platform.jobServices.feed.scan(org.org_id, { updated_at: new Date(0), job_id: null }, 5);
    expect(row).toMatchObject({ job_id: job.job_id, listRow: null });
    expect(row!.summary()).toBeNull();
    await settle();
    const body = (await list(org.auth)).json();
    expect(body.jobs).toHaveLength(1);
    expect(body.jobs[0]).toMatchObject({ job_id: job.job_id, external_id: 'old-row', status: 'processing' });
  });

  it('serves a row as stored under its own presentation, and renders it from its summary otherwise', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id, { external_id: 'stored-row' });
    await settle();
    const where = 'org_id = ? AND day = ? AND updated_at = ? AND job_id = ?';
    const place = [org.org_id, feedBucketOf(job.updated_at), job.updated_at, job.job_id];
    const stored = (
      await platform.cassandra.execute(`SELECT list_row, list_row_key FROM job_feed WHERE ${where}`, place)
    ).first();
    expect(stored.list_row_key).toBe(listRowRendering(platform.config).key);
    expect(JSON.parse(stored.list_row)).toEqual((await list(org.auth)).json().jobs[0]);

    // Marked in place: a page under the same presentation serves the stored text as it is.
    const marked = JSON.stringify({ ...JSON.parse(stored.list_row), language: 'Marked' });
    await platform.cassandra.execute(`UPDATE job_feed SET list_row = ? WHERE ${where}`, [marked, ...place]);
    expect((await list(org.auth)).json().jobs[0].language).toBe('Marked');
    // Such a page reads no summary at all: with the summary-reading scan taken away it still answers.
    const feed = Object.create(platform.jobServices.feed) as typeof platform.jobServices.feed;
    feed.scan = () => Promise.reject(new Error('summaries were read'));
    const secrets = { cursorSecret: platform.config.cursorSecret, rendering: listRowRendering(platform.config) };
    const lean = await queryFeed({ ...platform.jobServices, feed }, org.org_id, { limit: 10 }, secrets);
    expect(lean.rows.map((row) => JSON.parse(row).language)).toEqual(['Marked']);
    // A gateway under another base URL renders the row from its summary.
    const elsewhere = listRowRendering({ ...platform.config, baseUrl: 'https://elsewhere.example' });
    const page = await queryFeed(
      platform.jobServices,
      org.org_id,
      { limit: 10 },
      {
        cursorSecret: platform.config.cursorSecret,
        rendering: elsewhere,
      },
    );
    expect(JSON.parse(page.rows[0]!)).toMatchObject({
      language: 'English',
      studio_url: `https://elsewhere.example/studio/${job.job_id}`,
    });
    // A filter beside the one whose feed is walked is checked on the summary, not assumed.
    expect((await list(org.auth, { external_id: 'stored-row', status: 'failed' })).json().jobs).toEqual([]);
  });

  it('a review link is stored without its token and listed with it', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id);
    const linked = {
      ...job,
      version: job.version + 1,
      updated_at: new Date(job.updated_at.getTime() + 1),
      review_nonce: 'nonce-for-feed-test',
      review_delivery: 'both' as const,
      lifecycle: { ...job.lifecycle, review_required: true },
    };
    await platform.jobServices.feed.record(linked, { updated_at: job.updated_at, status: 'processing' });
    const stored = (
      await platform.cassandra.execute(
        'SELECT list_row FROM job_feed WHERE org_id = ? AND day = ? AND updated_at = ? AND job_id = ?',
        [org.org_id, feedBucketOf(linked.updated_at), linked.updated_at, job.job_id],
      )
    ).first();
    const link = listRowRendering(platform.config).present(summaryOf(linked)).review_url!;
    const token = new URL(link).searchParams.get('token')!;
    expect(stored.list_row).toContain('nonce-for-feed-test');
    expect(stored.list_row).not.toContain(token);
    await settle();
    expect((await list(org.auth)).json().jobs[0].review_url).toBe(link);
  });

  it('updated_since is exclusive; limit and cursor page through everything once', async () => {
    const org = await testOrg(platform);
    const jobs = [];
    for (let i = 0; i < 7; i++) jobs.push(await createTestJob(platform, org.org_id, { external_id: `j${i}` }));
    await settle();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = (await list(org.auth, { limit: 3, cursor: cursor ?? undefined })).json();
      expect(page.jobs.length).toBeLessThanOrEqual(3);
      seen.push(...page.jobs.map((j: { job_id: string }) => j.job_id));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(jobs.map((j) => j.job_id));
    const since = (await platform.jobServices.jobs.get(jobs[3]!.job_id))!.updated_at.toISOString();
    const after = (await list(org.auth, { updated_since: since })).json();
    expect(after.jobs.map((j: { job_id: string }) => j.job_id)).toEqual(jobs.slice(4).map((j) => j.job_id));
  });

  it('filters by status, external_id and isrc (hyphens accepted)', async () => {
    const org = await testOrg(platform);
    const plain = await createTestJob(platform, org.org_id, { external_id: 'find-me', isrc: 'GB-AAA-24-12345' });
    const other = await createTestJob(platform, org.org_id, { external_id: 'not-me' });
    await platform.jobServices.writer.change(other.job_id, () => ({
      event: { type: 'failure_recorded', stage: 'transcription', message: 'x', at: new Date() },
    }));
    await settle();
    const ids = async (q: Record<string, string>) =>
      (await list(org.auth, q)).json().jobs.map((j: { job_id: string }) => j.job_id);
    expect(await ids({ external_id: 'find-me' })).toEqual([plain.job_id]);
    expect(await ids({ isrc: 'gb-aaa-24-12345' })).toEqual([plain.job_id]);
    expect(await ids({ status: 'failed' })).toEqual([other.job_id]);
    expect(await ids({ status: 'processing' })).toEqual([plain.job_id]);
    expect(await ids({ external_id: 'nobody' })).toEqual([]);
  });

  it('a redone change whose previous status is unknown still leaves the job in one status feed only', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id);
    const feed = new CassandraJobFeed(platform.cassandra, listRowRendering(platform.config));
    const failed = {
      ...job,
      version: job.version + 1,
      updated_at: new Date(job.updated_at.getTime() + 1),
      lifecycle: { ...job.lifecycle, status: 'failed' as const, stage: 'failed' as const },
    };
    await feed.record(failed, { updated_at: job.updated_at, status: null });
    const start = { updated_at: new Date(0), job_id: null };
    const inStatus = async (value: string) =>
      (await feed.scan(org.org_id, start, 10, { name: 'status', value }))
        .filter((r) => r.superseded_at === null)
        .map((r) => r.job_id);
    expect(await inStatus('processing')).toEqual([]);
    expect(await inStatus('failed')).toEqual([job.job_id]);
  });

  it('jobs stored before the filter feeds existed are found by filters after the migration backfills them', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id, { external_id: 'stored-long-ago' });
    // As if written before migration 006: no filter rows at all.
    for (const [filter, value] of [
      ['external_id', 'stored-long-ago'],
      ['status', 'processing'],
    ])
      await platform.cassandra.execute(
        'DELETE FROM job_feed_by_filter WHERE org_id = ? AND filter = ? AND value = ? AND day = ?',
        [org.org_id, filter, value, feedBucketOf(job.updated_at)],
      );
    await settle();
    expect((await list(org.auth, { external_id: 'stored-long-ago' })).json().jobs).toEqual([]);
    await backfillFilterFeeds(platform.cassandra, () => {});
    const found = (await list(org.auth, { external_id: 'stored-long-ago', status: 'processing' })).json().jobs;
    expect(found.map((j: { job_id: string }) => j.job_id)).toEqual([job.job_id]);
  });

  it('jobs stored before rows were rendered are served as stored after migration 007 renders them', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id);
    // As if written before migration 007: no rendered row.
    await platform.cassandra.execute(
      'UPDATE job_feed SET list_row = null, list_row_key = null WHERE org_id = ? AND day = ? AND updated_at = ? AND job_id = ?',
      [org.org_id, feedBucketOf(job.updated_at), job.updated_at, job.job_id],
    );
    const start = { updated_at: new Date(0), job_id: null };
    const listed = () => platform.jobServices.feed.scanListRows(org.org_id, start, 5);
    expect((await listed())[0]!.listRow).toBeNull();
    await renderListRows(platform.cassandra, () => {}, platform.config);
    const [row] = await listed();
    expect(row!.listRow!.key).toBe(listRowRendering(platform.config).key);
    await settle();
    expect(JSON.parse(row!.listRow!.json)).toEqual((await list(org.auth)).json().jobs[0]);
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['limit not a number', { limit: 'ten' }],
    ['unknown status', { status: 'queued' }],
    ['updated_since not a time', { updated_since: 'yesterday' }],
    ['batch_id not a UUID', { batch_id: 'abc' }],
    ['forged cursor', { cursor: 'eyJ0IjowfQ.forged' }],
    ['unknown parameter', { colour: 'red' }],
  ])('%s → 400 VAL_001', async (_n, query) => {
    const org = await testOrg(platform);
    const res = await list(org.auth, query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VAL_001');
  });

  it('a cursor reused with different filters → 400', async () => {
    const org = await testOrg(platform);
    for (let i = 0; i < 3; i++) await createTestJob(platform, org.org_id);
    await settle();
    const page = (await list(org.auth, { limit: 1 })).json();
    expect(page.next_cursor).toEqual(expect.any(String));
    expect((await list(org.auth, { limit: 1, cursor: page.next_cursor, status: 'failed' })).statusCode).toBe(400);
  });

  it('a client following the sync loop while jobs keep changing sees every change at least once', async () => {
    // It polls every 100 ms, far above the spec's 10 to 15 s: a read meter to match.
    const org = await testOrg(platform, { limits: { 'read.minute': 10_000, 'read.hour': 100_000 } });
    const jobs = [];
    for (let i = 0; i < 10; i++) jobs.push(await createTestJob(platform, org.org_id));
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        const job = jobs[n % jobs.length]!;
        await touch(job.job_id, `v${n++}`);
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    // The sync loop of the spec: updated_since = high-water mark, store the highest updated_at seen.
    const seen = new Map<string, string[]>();
    let mark: string | undefined;
    const deadline = Date.now() + 6000;
    while (Date.now() < deadline) {
      // Paging keeps the first page's query; the mark only says where the next walk starts.
      const since = mark;
      let cursor: string | null = null;
      do {
        const page: Page = (
          await list(org.auth, { limit: 4, updated_since: since, cursor: cursor ?? undefined })
        ).json();
        for (const row of page.jobs) {
          seen.set(row.job_id, [...(seen.get(row.job_id) ?? []), row.updated_at]);
          if (!mark || row.updated_at > mark) mark = row.updated_at;
        }
        cursor = page.next_cursor;
      } while (cursor);
      await new Promise((r) => setTimeout(r, 100));
    }
    writing = false;
    await writer;
    // After the writes stop, one more sync must deliver the final state of every job.
    await settle();
    let cursor: string | null = null;
    do {
      const page: Page = (await list(org.auth, { limit: 4, updated_since: mark, cursor: cursor ?? undefined })).json();
      for (const row of page.jobs) seen.set(row.job_id, [...(seen.get(row.job_id) ?? []), row.updated_at]);
      cursor = page.next_cursor;
    } while (cursor);
    for (const job of jobs) {
      const final = (await platform.jobServices.jobs.get(job.job_id))!.updated_at.toISOString();
      expect(seen.get(job.job_id), job.job_id).toContain(final);
    }
  });
});
