/**
 * Webhook dead letters: events that used all four attempts. Created once per event (the id is
 * derived from the event id), cleared by a lightweight transaction so a replay and a later
 * successful delivery cannot both claim it.
 */

import { WEBHOOK_EVENT_RETENTION_MS } from '../../core/policy.ts';
import type { DeadLetter, DeadLetterScan, DeadLetters, ListPosition, ScanResult } from '../../core/ports/webhooks.ts';
import type { CassandraClient } from './client.ts';
import { ttlSeconds } from './retention.ts';

type Row = Record<string, unknown>;

function toDeadLetter(row: Row): DeadLetter {
  return {
    id: row.id as string,
    org_id: row.org_id as string,
    event_id: row.event_id as string,
    job_id: (row.job_id as string | null) ?? null,
    batch_id: (row.batch_id as string | null) ?? null,
    event: row.event as string,
    webhook_url: row.webhook_url as string,
    attempts: row.attempts as number,
    last_status_code: (row.last_status_code as number | null) ?? null,
    last_error: (row.last_error as string | null) ?? null,
    created_at: row.created_at as Date,
    resolved_at: (row.resolved_at as Date | null) ?? null,
    resolved_via: (row.resolved_via as 'replay' | null) ?? null,
  };
}

const subjectOf = (d: { job_id: string | null; batch_id: string | null }) => d.job_id ?? d.batch_id ?? '';
const SLICE = 200;

export class CassandraDeadLetters implements DeadLetters {
  constructor(private readonly db: CassandraClient) {}

  /** Creates the dead letter unless it exists (a redelivered final attempt creates nothing new). */
  async create(d: DeadLetter): Promise<void> {
    const result = await this.db.execute(
      `INSERT INTO webhook_dead_letters (id, org_id, event_id, job_id, batch_id, event, webhook_url, attempts,
         last_status_code, last_error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS USING TTL ?`,
      [
        d.id,
        d.org_id,
        d.event_id,
        d.job_id,
        d.batch_id,
        d.event,
        d.webhook_url,
        d.attempts,
        d.last_status_code,
        d.last_error,
        d.created_at,
        ttlSeconds(WEBHOOK_EVENT_RETENTION_MS, d.created_at),
      ],
    );
    const stored = result.wasApplied() ? d : ((await this.get(d.id)) ?? d);
    // Index rows are plain upserts of the stored record's keys, so a retry after a crash completes them.
    const ttl = ttlSeconds(WEBHOOK_EVENT_RETENTION_MS, stored.created_at);
    await Promise.all([
      this.db.execute('INSERT INTO webhook_dead_letters_by_org (org_id, created_at, id) VALUES (?, ?, ?) USING TTL ?', [
        stored.org_id,
        stored.created_at,
        stored.id,
        ttl,
      ]),
      this.db.execute(
        'INSERT INTO webhook_dead_letters_by_subject (org_id, subject_id, event, id) VALUES (?, ?, ?, ?) USING TTL ?',
        [stored.org_id, subjectOf(stored), stored.event, stored.id, ttl],
      ),
    ]);
  }

  async get(id: string): Promise<DeadLetter | null> {
    const row = (await this.db.execute('SELECT * FROM webhook_dead_letters WHERE id = ?', [id])).first();
    return row ? toDeadLetter(row) : null;
  }

  /** Clears an outstanding dead letter; false when it was already cleared. */
  async resolve(id: string, at: Date): Promise<boolean> {
    const letter = await this.get(id);
    if (!letter) return false;
    // Expires with the record it clears, not a retention period after the clearing.
    const result = await this.db.execute(
      "UPDATE webhook_dead_letters USING TTL ? SET resolved_at = ?, resolved_via = 'replay' WHERE id = ? IF resolved_at = null",
      [ttlSeconds(WEBHOOK_EVENT_RETENTION_MS, letter.created_at, at), at, id],
    );
    return result.wasApplied();
  }

  /** Clears every outstanding dead letter of a job's (or batch's) event: a later delivery of it succeeded. */
  async resolveFor(orgId: string, subjectId: string, event: string, at: Date): Promise<void> {
    const ids = (
      await this.db.execute(
        'SELECT id FROM webhook_dead_letters_by_subject WHERE org_id = ? AND subject_id = ? AND event = ?',
        [orgId, subjectId, event],
      )
    ).rows.map((r) => r.id as string);
    await Promise.all(ids.map((id) => this.resolve(id, at)));
  }

  /** Newest first, older than `from`, reading at most `scanCap` records. */
  async scan(orgId: string, options: DeadLetterScan): Promise<ScanResult<DeadLetter>> {
    const { from, limit, matches } = options;
    if (options.jobId) {
      // One job's dead letters are few: read them all and page in memory.
      const ids = (
        await this.db.execute('SELECT id FROM webhook_dead_letters_by_subject WHERE org_id = ? AND subject_id = ?', [
          orgId,
          options.jobId,
        ])
      ).rows.map((r) => r.id as string);
      const all = (await Promise.all(ids.map((id) => this.get(id))))
        .filter((d): d is DeadLetter => d !== null && d.org_id === orgId && matches(d))
        .filter((d) => !from || older(d, from))
        .sort(newestFirst);
      const rows = all.slice(0, limit);
      return { rows, next: all.length > limit ? { at: rows[limit - 1]!.created_at, id: rows[limit - 1]!.id } : null };
    }
    const rows: DeadLetter[] = [];
    let cursor = from;
    let scanned = 0;
    for (;;) {
      const page = cursor
        ? await this.db.execute(
            'SELECT created_at, id FROM webhook_dead_letters_by_org WHERE org_id = ? AND (created_at, id) < (?, ?) LIMIT ?',
            [orgId, cursor.at, cursor.id, SLICE],
          )
        : await this.db.execute('SELECT created_at, id FROM webhook_dead_letters_by_org WHERE org_id = ? LIMIT ?', [
            orgId,
            SLICE,
          ]);
      const records = await Promise.all(page.rows.map((r) => this.get(r.id as string)));
      for (const [i, d] of records.entries()) {
        const row = page.rows[i]!;
        cursor = { at: row.created_at as Date, id: row.id as string };
        scanned++;
        if (d && matches(d)) rows.push(d);
        if (rows.length > limit) {
          const last = rows[limit - 1]!;
          return { rows: rows.slice(0, limit), next: { at: last.created_at, id: last.id } };
        }
        if (scanned >= options.scanCap) return { rows, next: cursor };
      }
      if (page.rows.length < SLICE) return { rows, next: null };
    }
  }
}

const older = (d: DeadLetter, p: ListPosition) =>
  d.created_at.getTime() < p.at.getTime() || (d.created_at.getTime() === p.at.getTime() && d.id < p.id);
const newestFirst = (a: DeadLetter, b: DeadLetter) =>
  b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
