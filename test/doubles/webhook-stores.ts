/** In-memory doubles of the webhook ports (core/ports/webhooks.ts): events, delivery log, dead letters. */
import type {
  AttemptOutcome,
  DeadLetter,
  DeadLetters,
  DeliveryLog,
  DeliveryRecord,
  ScanResult,
  WebhookEvent,
  WebhookEvents,
} from '../../core/ports/webhooks.ts';

export class MemoryWebhookEvents implements WebhookEvents {
  readonly events = new Map<string, WebhookEvent>();
  readonly attempts = new Map<string, AttemptOutcome>();

  async putIfAbsent(event: WebhookEvent): Promise<WebhookEvent> {
    if (!this.events.has(event.event_id)) this.events.set(event.event_id, { ...event });
    return { ...this.events.get(event.event_id)! };
  }
  async get(eventId: string): Promise<WebhookEvent | null> {
    return this.events.get(eventId) ?? null;
  }
  async markDelivered(eventId: string, at: Date): Promise<void> {
    const event = this.events.get(eventId);
    if (event) event.delivered_at = at;
  }
  async attempt(eventId: string, attempt: number): Promise<AttemptOutcome | null> {
    return this.attempts.get(`${eventId}#${attempt}`) ?? null;
  }
  async recordAttempt(eventId: string, attempt: number, outcome: AttemptOutcome): Promise<AttemptOutcome> {
    const key = `${eventId}#${attempt}`;
    if (!this.attempts.has(key)) this.attempts.set(key, outcome);
    return this.attempts.get(key)!;
  }
  async attemptCount(eventId: string): Promise<number> {
    return [...this.attempts.keys()].filter((k) => k.startsWith(`${eventId}#`)).length;
  }
}

export class MemoryDeliveryLog implements DeliveryLog {
  readonly rows: DeliveryRecord[] = [];
  async record(delivery: DeliveryRecord): Promise<void> {
    this.rows.push({ ...delivery });
  }
  async scan(
    orgId: string,
    options: { limit: number; matches: (d: DeliveryRecord) => boolean },
  ): Promise<ScanResult<DeliveryRecord>> {
    const rows = this.rows.filter((d) => d.org_id === orgId && options.matches(d)).slice(0, options.limit);
    return { rows, next: null };
  }
}

export class MemoryDeadLetters implements DeadLetters {
  readonly rows = new Map<string, DeadLetter>();
  async create(deadLetter: DeadLetter): Promise<void> {
    if (!this.rows.has(deadLetter.id)) this.rows.set(deadLetter.id, { ...deadLetter });
  }
  async get(id: string): Promise<DeadLetter | null> {
    return this.rows.get(id) ?? null;
  }
  async resolve(id: string, at: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.resolved_at) return false;
    Object.assign(row, { resolved_at: at, resolved_via: 'replay' });
    return true;
  }
  async resolveFor(orgId: string, subjectId: string, event: string, at: Date): Promise<void> {
    for (const row of this.rows.values()) {
      const subject = row.job_id ?? row.batch_id;
      if (row.org_id === orgId && subject === subjectId && row.event === event && !row.resolved_at)
        Object.assign(row, { resolved_at: at, resolved_via: 'replay' });
    }
  }
  async scan(
    orgId: string,
    options: { limit: number; matches: (d: DeadLetter) => boolean },
  ): Promise<ScanResult<DeadLetter>> {
    const rows = [...this.rows.values()]
      .filter((d) => d.org_id === orgId && options.matches(d))
      .slice(0, options.limit);
    return { rows, next: null };
  }
}
