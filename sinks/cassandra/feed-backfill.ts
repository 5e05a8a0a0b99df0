/**
 * Data step of migration 006: indexes every stored job in the filter feeds, which jobs stored before
 * that migration lack. Each job is recorded at its current place through the feed's own write, so
 * its organisation feed row is rewritten unchanged and its filter rows appear. Safe to run again.
 */
import type { CassandraClient } from './client.ts';
import { CassandraJobFeed } from './feed.ts';
import { toJobRecord } from './jobs.ts';

const PAGE = 256;

export async function backfillFilterFeeds(db: CassandraClient, log: (msg: string) => void): Promise<number> {
  const feed = new CassandraJobFeed(db, null);
  let done = 0;
  let pageState: string | undefined;
  do {
    const page = await db.execute('SELECT * FROM jobs', [], { prepare: true, fetchSize: PAGE, pageState });
    await Promise.all(page.rows.map((row) => feed.record(toJobRecord(row), null)));
    done += page.rows.length;
    if (page.rows.length > 0 && done % (PAGE * 40) < page.rows.length)
      log(`cassandra: ${done} jobs in the filter feeds`);
    pageState = page.pageState ?? undefined;
  } while (pageState);
  return done;
}
