/**
 * GET /jobs's use case on an in-memory feed (test/doubles/job-ports.ts): a client's sync loop sees
 * every job once, oldest change first; a row newer than the settle window waits; a job that moved
 * on is listed at its new place only; filters and their cursors stay together.
 */
import { describe, expect, it } from 'vitest';
import { type FeedQuery, queryFeed } from '../../../../core/app/feed-query.ts';
import { ApiError } from '../../../../core/errors.ts';
import { FEED_SETTLE_MS } from '../../../../core/jobs/feed-days.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { listRowRendering } from '../../../../core/jobs/list-rows.ts';
import { MemoryJobFeed, MemoryJobStore } from '../../../doubles/job-ports.ts';
import { unitJobRecord } from '../../../support/jobs.ts';

const T0 = Date.UTC(2026, 10, 1, 12);
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const secrets = {
  cursorSecret: 'unit-cursor-secret',
  rendering: listRowRendering({ baseUrl: 'https://v', reviewSecret: 's' }),
};

function ports() {
  const feed = new MemoryJobFeed();
  const jobs = new MemoryJobStore();
  const endUsers = {
    upsert: async () => Promise.reject(new Error('unused')),
    byId: async () => null,
    byExternalId: async () => null,
  };
  return { feed, jobs, endUsers };
}

function jobAt(seconds: number): JobRecord {
  const job = unitJobRecord();
  return { ...job, org_id: 'org_unit', updated_at: at(seconds) };
}

async function indexed(p: ReturnType<typeof ports>, job: JobRecord, previous: JobRecord | null = null) {
  await p.jobs.insert(job);
  await p.feed.record(job, previous && { updated_at: previous.updated_at, status: previous.lifecycle.status });
  return job;
}

/** Every page of a sync loop that follows next_cursor, as the ids it was shown. */
async function walk(p: ReturnType<typeof ports>, query: Omit<FeedQuery, 'cursor'>, now: Date): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await queryFeed(p, 'org_unit', { ...query, cursor }, secrets, now);
    pages.push(page.rows.map((row) => (JSON.parse(row) as { job_id: string }).job_id));
    cursor = page.next_cursor ?? undefined;
    expect(page.has_more).toBe(cursor !== undefined);
  } while (cursor);
  return pages;
}

describe('the change feed (GET /jobs)', () => {
  it('lists every job once, oldest change first, page by page', async () => {
    const p = ports();
    const jobs = [];
    for (const s of [5, 1, 3, 2, 4]) jobs.push(await indexed(p, jobAt(s)));
    const pages = await walk(p, { limit: 2 }, at(60));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const expected = [...jobs].sort((a, b) => +a.updated_at - +b.updated_at).map((j) => j.job_id);
    expect(pages.flat()).toEqual(expected);
  });

  it('holds back a row until the settle window has passed', async () => {
    const p = ports();
    const job = await indexed(p, jobAt(10));
    const justWritten = await queryFeed(p, 'org_unit', { limit: 10 }, secrets, at(10));
    expect(justWritten).toEqual({ rows: [], has_more: false, next_cursor: null });
    const settled = await queryFeed(p, 'org_unit', { limit: 10 }, secrets, new Date(T0 + 10_000 + FEED_SETTLE_MS));
    expect(settled.rows).toHaveLength(1);
    expect(JSON.parse(settled.rows[0]!).job_id).toBe(job.job_id);
  });

  it('lists a job that changed again at its new place only, once the change has settled', async () => {
    const p = ports();
    const first = await indexed(p, jobAt(1));
    const other = await indexed(p, jobAt(2));
    const moved = { ...first, version: first.version + 1, updated_at: at(3) };
    await p.jobs.replace(moved, first.version);
    await p.feed.record(moved, { updated_at: first.updated_at, status: first.lifecycle.status });
    expect((await walk(p, { limit: 10 }, at(60))).flat()).toEqual([other.job_id, first.job_id]);
  });

  it('keeps to a filter, and refuses a cursor made for other filters', async () => {
    const p = ports();
    const done = jobAt(1);
    await indexed(p, { ...done, lifecycle: { ...done.lifecycle, status: 'complete', stage: 'done' } });
    for (const s of [2, 3, 4]) await indexed(p, jobAt(s));
    const processing = await walk(p, { limit: 2, status: 'processing' }, at(60));
    expect(processing.flat()).toHaveLength(3);
    const complete = await walk(p, { limit: 2, status: 'complete' }, at(60));
    expect(complete.flat()).toEqual([done.job_id]);

    const first = await queryFeed(p, 'org_unit', { limit: 1, status: 'processing' }, secrets, at(60));
    const mixed = queryFeed(p, 'org_unit', { limit: 1, cursor: first.next_cursor! }, secrets, at(60));
    await expect(mixed).rejects.toSatisfy((error: unknown) => error instanceof ApiError && error.code === 'VAL_001');
  });

  it('answers a page of its limit and says there is more', async () => {
    const p = ports();
    for (let s = 1; s <= 30; s++) await indexed(p, jobAt(s));
    const page = await queryFeed(p, 'org_unit', { limit: 10 }, secrets, at(60));
    expect(page.rows).toHaveLength(10);
    expect(page.has_more).toBe(true);
  });
});
