import { describe, expect, it } from 'vitest';
import { bucketsSince, FEED_SETTLE_MS, feedBucketOf } from '../../../../core/jobs/feed-days.ts';

describe('the feed buckets a page must read', () => {
  it('a bucket is a UTC hour', () => {
    expect(feedBucketOf(new Date('2026-11-24T10:59:59.999Z'))).toBe('2026-11-24T10');
  });

  it('a list read this hour is complete for this hour: nothing is added', () => {
    const readAt = new Date('2026-11-24T10:00:05Z');
    expect(bucketsSince(['2026-11-20T03', '2026-11-24T10'], readAt, new Date('2026-11-24T10:00:09Z'))).toEqual([
      '2026-11-20T03',
      '2026-11-24T10',
    ]);
  });

  it('every hour since the list was read is added, sorted, even hours that may be empty', () => {
    const readAt = new Date('2026-11-23T22:30:00Z');
    expect(bucketsSince(['2026-11-01T00'], readAt, new Date('2026-11-24T00:00:01Z'))).toEqual([
      '2026-11-01T00',
      '2026-11-23T22',
      '2026-11-23T23',
      '2026-11-24T00',
    ]);
  });

  it('a list read just after the hour also covers the hour before, whose late rows may still be landing', () => {
    const readAt = new Date(Date.parse('2026-11-24T00:00:00Z') + FEED_SETTLE_MS / 2);
    expect(bucketsSince([], readAt, readAt)).toEqual(['2026-11-23T23', '2026-11-24T00']);
  });
});
