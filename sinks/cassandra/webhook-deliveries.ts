/**
 * Every delivery attempt of an organisation, newest first (GET /webhooks/deliveries). Rows live in
 * day partitions; a page walks days backwards and reads bounded slices, so its cost does not grow
 * with the organisation's history.
 */

import { dayOf } from '../../core/jobs/feed-days.ts';
import { DELIVERY_RETENTION_MS } from '../../core/policy.ts';
import type { DeliveryLog, DeliveryRecord, DeliveryScan, ListPosition, ScanResult } from '../../core/ports/webhooks.ts';
import type { CassandraClient } from './client.ts';
import { ttlSeconds } from './retention.ts';

const SLICE = 200;

function toRecord(orgId: string, row: Record<string, unknown>): DeliveryRecord {
  return {
    id: row.id as string,
    org_id: orgId,
    job_id: (row.job_id as string | null) ?? null,
    event: row.event as string,
    webhook_url: row.webhook_url as string,
    attempt: row.attempt as number,
    status_code: (row.status_code as number | null) ?? null,
    success: Boolean(row.success),
    error: (row.error as string | null) ?? null,
    delivered_at: row.delivered_at as Date,
  };
}

export class CassandraDeliveryLog implements DeliveryLog {
  constructor(private readonly db: CassandraClient) {}

  async record(d: DeliveryRecord): Promise<void> {
    const day = dayOf(d.delivered_at);
    const ttl = ttlSeconds(DELIVERY_RETENTION_MS, d.delivered_at);
    await Promise.all([
      this.db.execute('INSERT INTO webhook_delivery_days (org_id, day) VALUES (?, ?) USING TTL ?', [
        d.org_id,
        day,
        ttl,
      ]),
      this.db.execute(
        `INSERT INTO webhook_deliveries (org_id, day, delivered_at, id, job_id, event, webhook_url, attempt, status_code, success, error)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?`,
        [
          d.org_id,
          day,
          d.delivered_at,
          d.id,
          d.job_id,
          d.event,
          d.webhook_url,
          d.attempt,
          d.status_code,
          d.success,
          d.error,
          ttl,
        ],
      ),
    ]);
  }

  /**
   * Up to `limit` matching attempts older than `from` (newest first) and newer than `since`,
   * reading at most `scanCap` rows; `next` resumes where the scan stopped.
   */
  async scan(orgId: string, options: DeliveryScan): Promise<ScanResult<DeliveryRecord>> {
    const { since, limit, scanCap, matches } = options;
    let from = options.from;
    const days = (
      await this.db.execute('SELECT day FROM webhook_delivery_days WHERE org_id = ? AND day <= ? AND day >= ?', [
        orgId,
        from ? dayOf(from.at) : '9999-12-31',
        since ? dayOf(since) : '0000-01-01',
      ])
    ).rows.map((r) => r.day as string);
    const rows: DeliveryRecord[] = [];
    let scanned = 0;
    for (const day of days) {
      for (;;) {
        const params: unknown[] = [orgId, day];
        let cql = 'SELECT * FROM webhook_deliveries WHERE org_id = ? AND day = ?';
        if (from && dayOf(from.at) === day) {
          cql += ' AND (delivered_at, id) < (?, ?)';
          params.push(from.at, from.id);
        }
        if (since) {
          cql += ' AND delivered_at > ?';
          params.push(since);
        }
        const page = (await this.db.execute(`${cql} LIMIT ?`, [...params, SLICE])).rows;
        for (const row of page) {
          const d = toRecord(orgId, row);
          scanned++;
          from = { at: d.delivered_at, id: d.id };
          if (matches(d)) rows.push(d);
          if (rows.length > limit) return { rows: rows.slice(0, limit), next: positionOf(rows[limit - 1]!) };
          if (scanned >= scanCap) return { rows, next: from };
        }
        if (page.length < SLICE) break;
      }
    }
    return { rows, next: null };
  }
}

const positionOf = (d: DeliveryRecord): ListPosition => ({ at: d.delivered_at, id: d.id });
