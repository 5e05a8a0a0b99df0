/**
 * GET /jobs filtered by a value that many jobs share (one end user or external_id across a whole
 * catalogue) must stay a bounded read per page, like the unfiltered feed, and still return every
 * matching job exactly once across its pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedQuery, queryFeed, scanBudget } from '../../gateway/jobs/feed-query.ts';
import type { JobServices } from '../../gateway/jobs/services.ts';
import type { Platform } from '../../ops/platform.ts';
import { connectTestPlatform, createTestJob, testOrg } from '../support/platform.ts';

let platform: Platform;
const MATCHING = 70;

beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** The job services, with every job read counted per call. */
function countingReads(services: JobServices): { services: JobServices; readSizes: number[] } {
  const readSizes: number[] = [];
  const jobs = Object.create(services.jobs) as JobServices['jobs'];
  jobs.getMany = (ids: string[]) => {
    readSizes.push(ids.length);
    return services.jobs.getMany(ids);
  };
  return { services: { ...services, jobs }, readSizes };
}

describe('a filter that matches more jobs than a page may read', () => {
  it('is paged within the feed budget, and every matching job comes back exactly once', async () => {
    const org = await testOrg(platform);
    for (let i = 0; i < MATCHING; i++) await createTestJob(platform, org.org_id, { external_id: 'same-for-all' });
    for (let i = 0; i < 10; i++) await createTestJob(platform, org.org_id, { external_id: `other-${i}` });
    await new Promise((r) => setTimeout(r, 2_200)); // past the feed's settle window

    const { services, readSizes } = countingReads(platform.jobServices);
    const query: FeedQuery = { external_id: 'same-for-all', limit: 1 };
    expect(MATCHING).toBeGreaterThan(scanBudget(query.limit));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 500; page++) {
      const result = await queryFeed(services, org.org_id, { ...query, cursor }, platform.config.cursorSecret);
      seen.push(...result.jobs.map((j) => j.job_id));
      if (!result.has_more) break;
      cursor = result.next_cursor!;
    }
    expect(seen).toHaveLength(MATCHING);
    expect(new Set(seen).size).toBe(MATCHING);
    expect(Math.max(...readSizes)).toBeLessThanOrEqual(scanBudget(query.limit));
  });

  it('a filter that matches few jobs is still answered from its index in one page', async () => {
    const org = await testOrg(platform);
    for (let i = 0; i < 3; i++) await createTestJob(platform, org.org_id, { external_id: 'rare' });
    for (let i = 0; i < 20; i++) await createTestJob(platform, org.org_id);
    await new Promise((r) => setTimeout(r, 2_200));
    const { services, readSizes } = countingReads(platform.jobServices);
    const page = await queryFeed(
      services,
      org.org_id,
      { external_id: 'rare', limit: 50 },
      platform.config.cursorSecret,
    );
    expect(page.jobs).toHaveLength(3);
    expect(page.has_more).toBe(false);
    expect(readSizes).toEqual([3]);
  });
});
