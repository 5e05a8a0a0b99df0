/**
 * GET /jobs filtered by a value that many jobs share (one end user or external_id across a whole
 * catalogue) must stay a bounded read per page, like the unfiltered feed, and still return every
 * matching job exactly once across its pages; a value few jobs share is read from its own feed,
 * without walking past the jobs that do not match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedQuery, type FeedSecrets, queryFeed, scanBudget } from '../../core/app/feed-query.ts';
import type { JobServices } from '../../core/app/job-services.ts';
import { listRowRendering } from '../../core/jobs/list-rows.ts';
import type { Platform } from '../../ops/platform.ts';
import { connectTestPlatform, createTestJob, testOrg } from '../support/platform.ts';

let platform: Platform;
let secrets: FeedSecrets;
const MATCHING = 70;

beforeAll(async () => {
  platform = await connectTestPlatform();
  secrets = { cursorSecret: platform.config.cursorSecret, rendering: listRowRendering(platform.config) };
});
afterAll(async () => {
  await platform?.close();
});

/** The job services, with the feed rows each page reads and every job read counted. */
function countingReads(services: JobServices): { services: JobServices; rowsPerScan: number[]; jobReads: number[] } {
  const rowsPerScan: number[] = [];
  const jobReads: number[] = [];
  const jobs = Object.create(services.jobs) as JobServices['jobs'];
  jobs.getMany = (ids: string[]) => {
    jobReads.push(ids.length);
    return services.jobs.getMany(ids);
  };
  const feed = Object.create(services.feed) as JobServices['feed'];
  feed.scan = async (...args: Parameters<JobServices['feed']['scan']>) => {
    const rows = await services.feed.scan(...args);
    rowsPerScan.push(rows.length);
    return rows;
  };
  feed.scanListRows = async (...args: Parameters<JobServices['feed']['scanListRows']>) => {
    const rows = await services.feed.scanListRows(...args);
    rowsPerScan.push(rows.length);
    return rows;
  };
  return { services: { ...services, jobs, feed }, rowsPerScan, jobReads };
}

describe('a filter that matches more jobs than a page may read', () => {
  it('is paged within the feed budget, and every matching job comes back exactly once', async () => {
    const org = await testOrg(platform);
    for (let i = 0; i < MATCHING; i++) await createTestJob(platform, org.org_id, { external_id: 'same-for-all' });
    for (let i = 0; i < 10; i++) await createTestJob(platform, org.org_id, { external_id: `other-${i}` });
    await new Promise((r) => setTimeout(r, 2_200)); // past the feed's settle window

    const query: FeedQuery = { external_id: 'same-for-all', limit: 1 };
    expect(MATCHING).toBeGreaterThan(scanBudget(query.limit));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 500; page++) {
      const { services, rowsPerScan, jobReads } = countingReads(platform.jobServices);
      const result = await queryFeed(services, org.org_id, { ...query, cursor }, secrets);
      // One row more than the page answers has_more; the jobs table is never read.
      expect(rowsPerScan.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(scanBudget(query.limit) + 1);
      expect(jobReads).toEqual([]);
      seen.push(...result.rows.map((row) => JSON.parse(row).job_id as string));
      if (!result.has_more) break;
      cursor = result.next_cursor!;
    }
    expect(seen).toHaveLength(MATCHING);
    expect(new Set(seen).size).toBe(MATCHING);
  });

  it('a filter that matches few jobs is answered from its own feed: one page, only its rows read', async () => {
    const org = await testOrg(platform);
    for (let i = 0; i < 3; i++) await createTestJob(platform, org.org_id, { external_id: 'rare' });
    for (let i = 0; i < 20; i++) await createTestJob(platform, org.org_id);
    await new Promise((r) => setTimeout(r, 2_200));
    const { services, rowsPerScan, jobReads } = countingReads(platform.jobServices);
    const page = await queryFeed(services, org.org_id, { external_id: 'rare', limit: 50 }, secrets);
    expect(page.rows).toHaveLength(3);
    expect(page.has_more).toBe(false);
    expect(rowsPerScan).toEqual([3]);
    expect(jobReads).toEqual([]);
  });
});
