/**
 * The webhook events being delivered and the outcome of each attempt. An event row is written once,
 * before its first attempt, so every later attempt (and a dead-letter replay) sends the same bytes
 * under the same webhook-id; an attempt's outcome is written once, so a redelivered retry message
 * finds it and does not send again.
 */

import { WEBHOOK_EVENT_RETENTION_MS } from '../../core/policy.ts';
import type { AttemptOutcome, WebhookEvent, WebhookEvents } from '../../core/ports/webhooks.ts';
import type { CassandraClient } from './client.ts';
import { ttlSeconds } from './retention.ts';

type Row = Record<string, unknown>;

function toEvent(row: Row): WebhookEvent {
  return {
    event_id: row.event_id as string,
    org_id: row.org_id as string,
    event: row.event as string,
    job_id: (row.job_id as string | null) ?? null,
    batch_id: (row.batch_id as string | null) ?? null,
    key_id: (row.key_id as string | null) ?? null,
    webhook_url: row.webhook_url as string,
    payload: row.payload as string,
    retry: Boolean(row.retry),
    created_at: row.created_at as Date,
    delivered_at: (row.delivered_at as Date | null) ?? null,
  };
}

export class CassandraWebhookEvents implements WebhookEvents {
  constructor(private readonly db: CassandraClient) {}

  /** Stores the event unless it exists; returns the stored one either way (the first writer's bytes win). */
  async putIfAbsent(event: WebhookEvent): Promise<WebhookEvent> {
    const result = await this.db.execute(
      `INSERT INTO webhook_events (event_id, org_id, event, job_id, batch_id, key_id, webhook_url, payload, retry, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS USING TTL ?`,
      [
        event.event_id,
        event.org_id,
        event.event,
        event.job_id,
        event.batch_id,
        event.key_id,
        event.webhook_url,
        event.payload,
        event.retry,
        event.created_at,
        ttlSeconds(WEBHOOK_EVENT_RETENTION_MS, event.created_at),
      ],
    );
    if (result.wasApplied()) return event;
    const stored = await this.get(event.event_id);
    if (!stored) throw new Error(`webhook event ${event.event_id} vanished`);
    return stored;
  }

  async get(eventId: string): Promise<WebhookEvent | null> {
    const row = (await this.db.execute('SELECT * FROM webhook_events WHERE event_id = ?', [eventId])).first();
    return row ? toEvent(row) : null;
  }

  async markDelivered(eventId: string, at: Date): Promise<void> {
    // Delivered within the retry schedule of the event's creation: the cell outlives the row by that at most.
    await this.db.execute('UPDATE webhook_events USING TTL ? SET delivered_at = ? WHERE event_id = ?', [
      ttlSeconds(WEBHOOK_EVENT_RETENTION_MS, at),
      at,
      eventId,
    ]);
  }

  async attempt(eventId: string, attempt: number): Promise<AttemptOutcome | null> {
    const row = (
      await this.db.execute('SELECT * FROM webhook_event_attempts WHERE event_id = ? AND attempt = ?', [
        eventId,
        attempt,
      ])
    ).first();
    if (!row) return null;
    return {
      delivery_id: row.delivery_id as string,
      success: Boolean(row.success),
      status_code: (row.status_code as number | null) ?? null,
      error: (row.error as string | null) ?? null,
      delivered_at: row.delivered_at as Date,
    };
  }

  /** Records attempt N's outcome unless one is recorded; returns the recorded one. */
  async recordAttempt(eventId: string, attempt: number, outcome: AttemptOutcome): Promise<AttemptOutcome> {
    const result = await this.db.execute(
      `INSERT INTO webhook_event_attempts (event_id, attempt, delivery_id, success, status_code, error, delivered_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS USING TTL ?`,
      [
        eventId,
        attempt,
        outcome.delivery_id,
        outcome.success,
        outcome.status_code,
        outcome.error,
        outcome.delivered_at,
        ttlSeconds(WEBHOOK_EVENT_RETENTION_MS, outcome.delivered_at),
      ],
    );
    if (result.wasApplied()) return outcome;
    return (await this.attempt(eventId, attempt)) ?? outcome;
  }

  /** How many attempts an event has had (replays included). */
  async attemptCount(eventId: string): Promise<number> {
    const row = (
      await this.db.execute('SELECT COUNT(*) AS n FROM webhook_event_attempts WHERE event_id = ?', [eventId])
    ).first();
    return Number(row?.n ?? 0);
  }
}
