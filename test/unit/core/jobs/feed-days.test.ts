import { describe, expect, it } from 'vitest';
import { daysSince, FEED_SETTLE_MS } from '../../../../core/jobs/feed-days.ts';

describe('the feed days a page must read', () => {
  it('a list read today is complete for today: nothing is added', () => {
    const readAt = new Date('2026-11-24T10:00:00Z');
    expect(daysSince(['2026-11-20', '2026-11-24'], readAt, new Date('2026-11-24T10:00:05Z'))).toEqual([
      '2026-11-20',
      '2026-11-24',
    ]);
  });

  it('every day since the list was read is added, sorted, even days that may be empty', () => {
    const readAt = new Date('2026-11-22T12:00:00Z');
    expect(daysSince(['2026-11-01'], readAt, new Date('2026-11-24T00:00:01Z'))).toEqual([
      '2026-11-01',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
  });

  it('a list read just after midnight also covers the day before, whose late rows may still be landing', () => {
    const readAt = new Date(Date.parse('2026-11-24T00:00:00Z') + FEED_SETTLE_MS / 2);
    expect(daysSince([], readAt, readAt)).toEqual(['2026-11-23', '2026-11-24']);
  });
});
