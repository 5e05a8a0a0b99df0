/**
 * GET /jobs: the organisation's jobs in updated_at order (oldest change first), strictly after
 * updated_since, with the spec's filters. Built so a client's sync loop sees every change at least
 * once while jobs keep changing:
 *  - rows newer than a short settle window are held back, so a change being written right now is
 *    never skipped by a page that has already moved past its timestamp;
 *  - a row carries the job's summary as of that row's updated_at, and the list row rendered from it
 *    (core/jobs/list-rows.ts), so the walk reads the feed index alone and serves rows as stored; a
 *    job that moved on has a newer row, and its older one is listed until the newer one has settled,
 *    so a job is listed exactly once at every moment;
 *  - each page reads a bounded number of rows (scanBudget), so its cost does not grow with the
 *    catalogue;
 *  - a filtered page walks the feed of one filter value (core/jobs/feed-filters.ts), the most
 *    selective one given, so however few jobs match, a page reads rows that mostly do.
 */

import { FEED_SETTLE_MS, isSupersededBy } from '../jobs/feed-days.ts';
import type { FeedFilter } from '../jobs/feed-filters.ts';
import type { JobStatus } from '../jobs/lifecycle.ts';
import type { ListRowRendering } from '../jobs/list-rows.ts';
import { type JobSummary, summaryOf } from '../jobs/summary.ts';
import type { FeedPosition, FeedRow, ListedFeedRow } from '../ports/feed.ts';
import { decodeCursor, encodeCursor, filterFingerprint } from './cursors.ts';
import type { JobServices } from './job-services.ts';

/** The most feed rows or jobs one page reads. */
export const scanBudget = (limit: number) => limit * 5 + 50;

export interface FeedQuery {
  updated_since?: string;
  status?: JobStatus;
  external_id?: string;
  isrc?: string;
  end_user_id?: string;
  batch_id?: string;
  /** Only jobs whose language check heard another language (true) or did not (false). */
  language_mismatch?: boolean;
  limit: number;
  cursor?: string;
}

export interface FeedPage {
  /** Each row's JSON as GET /jobs shows it: as stored, or rendered from the row's summary. */
  rows: string[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface FeedSecrets {
  cursorSecret: string;
  /** Renders rows that were not stored rendered under this presentation. */
  rendering: ListRowRendering;
}

const START: FeedPosition = { updated_at: new Date(0), job_id: null };

/** What a page of the feed reads. */
export type FeedQueryDeps = Pick<JobServices, 'feed' | 'jobs' | 'endUsers'>;

export async function queryFeed(
  services: FeedQueryDeps,
  orgId: string,
  q: FeedQuery,
  { cursorSecret, rendering }: FeedSecrets,
  now = new Date(),
): Promise<FeedPage> {
  const fp = filterFingerprint(orgId, q);
  const from = q.cursor
    ? decodeCursor(cursorSecret, q.cursor, fp)
    : q.updated_since
      ? { updated_at: new Date(q.updated_since), job_id: null }
      : START;
  const horizon = now.getTime() - FEED_SETTLE_MS;
  const matches = (job: JobSummary) =>
    job.org_id === orgId &&
    job.updated_at.getTime() <= horizon &&
    (!q.status || job.lifecycle.status === q.status) &&
    (!q.external_id || job.external_id === q.external_id) &&
    (!q.isrc || job.isrc === q.isrc) &&
    (!q.batch_id || job.batch_id === q.batch_id) &&
    (q.language_mismatch === undefined || (job.language_mismatch ?? false) === q.language_mismatch) &&
    (!q.end_user_id || job.end_user_id === q.end_user_id || job.end_user_external_id === q.end_user_id);

  const budget = scanBudget(q.limit);
  const driving = await drivingFilter(services, orgId, q);
  if (driving === 'none') return { rows: [], has_more: false, next_cursor: null };
  // A row of the walked feed matches the filter that chose the feed; its summary is checked only
  // when other filters are given too. Otherwise a row stored rendered is served as it is.
  const given = [q.status, q.external_id, q.isrc, q.batch_id, q.end_user_id, q.language_mismatch];
  const checksSummaries = given.filter((v) => v !== undefined).length > (driving ? 1 : 0);

  // Each row with its stored rendering as served under this presentation (null: none), found once.
  const withServed = (rows: (FeedRow | ListedFeedRow)[]) =>
    rows.map((row) => ({ row, stored: row.listRow ? rendering.serve(row.listRow, row.job_id) : null }));
  // A chunk is first read without summaries when none is checked; if a row in it was not stored
  // rendered under this presentation, the chunk is read again with them.
  const readChunk = async (position: FeedPosition, wanted: number) => {
    const feed = driving ?? undefined;
    if (!checksSummaries) {
      const listed = withServed(await services.feed.scanListRows(orgId, position, wanted, feed));
      if (listed.every(({ stored }) => stored !== null)) return listed;
    }
    return withServed(await services.feed.scan(orgId, position, wanted, feed));
  };

  // Walk the feed in chunks, skipping filtered rows, within a scan budget. Each chunk asks for one
  // row more than it can use: a settled row beyond the page answers has_more without another read.
  const found: string[] = [];
  let position = from;
  let scanned = 0;
  let exhausted = false;
  let more = false;
  while (!more && !exhausted) {
    const wanted = Math.min(q.limit - found.length, budget - scanned) + 1;
    const rows = await readChunk(position, wanted);
    const unsummarised = await jobsOfRowsWithoutSummary(
      services,
      rows.flatMap(({ row, stored }) =>
        'summary' in row && (checksSummaries || stored === null) && !isSupersededBy(row, horizon) ? [row] : [],
      ),
    );
    for (const { row, stored } of rows) {
      if (row.updated_at.getTime() > horizon) {
        exhausted = true;
        break;
      }
      if (found.length === q.limit || scanned === budget) {
        more = true;
        break;
      }
      scanned++;
      position = row;
      if (isSupersededBy(row, horizon)) continue;
      if (stored !== null && !checksSummaries) {
        found.push(stored);
        continue;
      }
      const job = ('summary' in row ? row.summary() : null) ?? unsummarised.get(row.job_id);
      if (job && job.updated_at.getTime() === row.updated_at.getTime() && matches(job)) {
        found.push(stored ?? JSON.stringify(rendering.present(job)));
      }
    }
    if (!more && rows.length < wanted) exhausted = true;
  }
  const hasMore = more;
  return { rows: found, has_more: hasMore, next_cursor: hasMore ? encodeCursor(cursorSecret, position, fp) : null };
}

/**
 * The jobs of rows indexed before summaries were kept, read from their table (skipped by the
 * caller when they have since moved on).
 */
async function jobsOfRowsWithoutSummary(services: FeedQueryDeps, rows: FeedRow[]): Promise<Map<string, JobSummary>> {
  const bare = rows.filter((row) => row.summary() === null).map((row) => row.job_id);
  const out = new Map<string, JobSummary>();
  if (bare.length > 0) for (const job of await services.jobs.getMany(bare)) out.set(job.job_id, summaryOf(job));
  return out;
}

/**
 * The filter whose feed a page walks: the most selective one given (an id names one job or a few,
 * a status many), or null for the organisation's whole feed; 'none' when no job can match (an end
 * user this organisation does not have). The other filters are checked on each row's summary.
 */
async function drivingFilter(
  services: FeedQueryDeps,
  orgId: string,
  q: FeedQuery,
): Promise<FeedFilter | null | 'none'> {
  if (q.external_id) return { name: 'external_id', value: q.external_id };
  if (q.isrc) return { name: 'isrc', value: q.isrc };
  if (q.batch_id) return { name: 'batch', value: q.batch_id };
  if (q.end_user_id) {
    const user =
      (await services.endUsers.byId(orgId, q.end_user_id)) ??
      (await services.endUsers.byExternalId(orgId, q.end_user_id));
    return user ? { name: 'end_user', value: user.id } : 'none';
  }
  if (q.status) return { name: 'status', value: q.status };
  return null;
}
