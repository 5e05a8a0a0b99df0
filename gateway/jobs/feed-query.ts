/**
 * GET /jobs: the organisation's jobs in updated_at order (oldest change first), strictly after
 * updated_since, with the spec's filters. Built so a client's sync loop sees every change at least
 * once while jobs keep changing:
 *  - rows newer than a short settle window are held back, so a change being written right now is
 *    never skipped by a page that has already moved past its timestamp;
 *  - a row carries the job's summary as of that row's updated_at, so the walk reads the feed index
 *    alone; a job that moved on has a newer row (its older one is deleted by the same change);
 *  - each page reads a bounded number of rows (scanBudget), so its cost does not grow with the
 *    catalogue: a filter that matches few jobs is answered from its index, one that matches more
 *    than a page's budget walks the feed like an unfiltered query, budget by budget.
 */
import { FEED_SETTLE_MS } from '../../core/jobs/feed-days.ts';
import type { JobStatus } from '../../core/jobs/lifecycle.ts';
import { type JobSummary, summaryOf } from '../../core/jobs/summary.ts';
import type { FeedPosition, FeedRow } from '../../core/ports/feed.ts';
import type { JobAttribute } from '../../core/ports/jobs.ts';
import { decodeCursor, encodeCursor, filterFingerprint } from './cursor.ts';
import type { JobServices } from './services.ts';

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
  jobs: JobSummary[];
  has_more: boolean;
  next_cursor: string | null;
}

const START: FeedPosition = { updated_at: new Date(0), job_id: null };

const after = (job: JobSummary, p: FeedPosition) =>
  job.updated_at.getTime() > p.updated_at.getTime() ||
  (p.job_id !== null && job.updated_at.getTime() === p.updated_at.getTime() && job.job_id > p.job_id);

const order = (a: JobSummary, b: JobSummary) =>
  a.updated_at.getTime() - b.updated_at.getTime() || (a.job_id < b.job_id ? -1 : a.job_id > b.job_id ? 1 : 0);

export async function queryFeed(
  services: JobServices,
  orgId: string,
  q: FeedQuery,
  secret: string,
  now = new Date(),
): Promise<FeedPage> {
  const fp = filterFingerprint(orgId, q);
  const from = q.cursor
    ? decodeCursor(secret, q.cursor, fp)
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
  const exact = await exactCandidates(services, orgId, q, budget);
  if (exact) {
    const jobs = (await services.jobs.getMany(exact))
      .map(summaryOf)
      .filter((j) => matches(j) && after(j, from))
      .sort(order);
    const page = jobs.slice(0, q.limit);
    const last = page.at(-1);
    const hasMore = jobs.length > q.limit;
    return {
      jobs: page,
      has_more: hasMore,
      next_cursor:
        hasMore && last ? encodeCursor(secret, { updated_at: last.updated_at, job_id: last.job_id }, fp) : null,
    };
  }

  // Walk the feed in chunks, skipping filtered rows, within a scan budget. Each chunk asks for one
  // row more than it can use: a settled row beyond the page answers has_more without another read.
  const found: JobSummary[] = [];
  let position = from;
  let scanned = 0;
  let exhausted = false;
  let more = false;
  while (!more && !exhausted) {
    const wanted = Math.min(q.limit - found.length, budget - scanned) + 1;
    const rows = await services.feed.scan(orgId, position, wanted);
    const summaries = await summariesOf(services, rows);
    for (const row of rows) {
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
      const job = summaries.get(row.job_id);
      if (job && job.updated_at.getTime() === row.updated_at.getTime() && matches(job)) found.push(job);
    }
    if (!more && rows.length < wanted) exhausted = true;
  }
  const hasMore = more;
  return { jobs: found, has_more: hasMore, next_cursor: hasMore ? encodeCursor(secret, position, fp) : null };
}

/**
 * Each row's job as of that row: its own summary, or, for a row indexed before summaries were
 * kept, the job read from its table (skipped by the caller when it has since moved on).
 */
async function summariesOf(services: JobServices, rows: FeedRow[]): Promise<Map<string, JobSummary>> {
  const out = new Map<string, JobSummary>();
  const bare: string[] = [];
  for (const row of rows) {
    if (row.summary) out.set(row.job_id, row.summary);
    else bare.push(row.job_id);
  }
  if (bare.length > 0) for (const job of await services.jobs.getMany(bare)) out.set(job.job_id, summaryOf(job));
  return out;
}

/**
 * The ids matching the exact filters, when their indexes hold no more than `budget` of them; null
 * when there are no exact filters or too many matches to read in one page (the feed walk serves those).
 */
async function exactCandidates(
  services: JobServices,
  orgId: string,
  q: FeedQuery,
  budget: number,
): Promise<string[] | null> {
  const lookups: [JobAttribute, string][] = [];
  if (q.external_id) lookups.push(['external_id', q.external_id]);
  if (q.isrc) lookups.push(['isrc', q.isrc]);
  if (q.batch_id) lookups.push(['batch', q.batch_id]);
  if (q.end_user_id) {
    const user =
      (await services.endUsers.byId(orgId, q.end_user_id)) ??
      (await services.endUsers.byExternalId(orgId, q.end_user_id));
    if (!user) return [];
    lookups.push(['end_user', user.id]);
  }
  if (lookups.length === 0) return null;
  const sets = await Promise.all(lookups.map(([a, v]) => services.jobs.jobIdsBy(orgId, a, v, budget + 1)));
  // An index holding more than a page's budget is left to matches(); any smaller one bounds the candidates.
  const within = sets.filter((ids) => ids.length <= budget);
  if (within.length === 0) return null;
  return within.reduce((acc, ids) => acc.filter((id) => ids.includes(id)));
}
