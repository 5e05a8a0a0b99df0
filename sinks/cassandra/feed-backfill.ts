/**
 * Data steps that index every stored job in the feeds again, at its current place, through the
 * feed's own write: its organisation feed row is rewritten and its filter rows appear.
 *  - migration 006: the filter feeds, which jobs stored before it lack (no rendered rows yet: the
 *    columns come with 007);
 *  - migration 007: the list rows rendered under this deployment's presentation, so pages of jobs
 *    stored before it are served as stored too;
 *  - migration 012: every job at its current place in its hour bucket, the day buckets gone.
 * Safe to run again.
 */
import type { Config } from '../../core/config.ts';
import { type ListRowRendering, listRowRendering } from '../../core/jobs/list-rows.ts';
import type { CassandraClient } from './client.ts';
import { CassandraJobFeed } from './feed.ts';
import { toJobRecord } from './jobs.ts';

const PAGE = 256;

export async function reindexFeeds(
  db: CassandraClient,
  log: (msg: string) => void,
  rendering: ListRowRendering | null,
): Promise<number> {
  const feed = new CassandraJobFeed(db, rendering);
  let done = 0;
  let pageState: string | undefined;
  do {
    const page = await db.execute('SELECT * FROM jobs', [], { prepare: true, fetchSize: PAGE, pageState });
    await Promise.all(page.rows.map((row) => feed.record(toJobRecord(row), null)));
    done += page.rows.length;
    if (page.rows.length > 0 && done % (PAGE * 40) < page.rows.length) log(`cassandra: ${done} jobs indexed again`);
    pageState = page.pageState ?? undefined;
  } while (pageState);
  return done;
}

export const backfillFilterFeeds = (db: CassandraClient, log: (msg: string) => void) => reindexFeeds(db, log, null);

export const renderListRows = (db: CassandraClient, log: (msg: string) => void, config: Config) =>
  reindexFeeds(db, log, listRowRendering(config));
