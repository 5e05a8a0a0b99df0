/**
 * Sends one attempt of a stored webhook event and records it: signs the stored bytes with the
 * submitting key's webhook_secret, POSTs them under the event's webhook-id, appends the attempt
 * to the delivery log, and on success marks the event delivered and clears its dead letters
 * (spec: a dead letter clears on a successful replay and on any later successful delivery).
 * Shared by the webhook processor and the gateway's replay endpoints.
 */
import type { Clock } from '../clock.ts';
import { newUuid } from '../ids.ts';
import type { SharedCounters } from '../ports/metrics.ts';
import type { Outbound } from '../ports/outbound.ts';
import type { AttemptOutcome, DeadLetters, DeliveryLog, WebhookEvent, WebhookEvents } from '../ports/webhooks.ts';
import type { OrganisationStore } from '../tenancy.ts';
import { type DeliveryOutcome, deliverSigned } from '../webhooks/deliver.ts';

export interface WebhookSenderDeps {
  events: WebhookEvents;
  deliveries: DeliveryLog;
  deadLetters: DeadLetters;
  orgs: OrganisationStore;
  outbound: Outbound;
  clock: Clock;
  sharedMetrics?: SharedCounters;
  /** The signed POST itself; deliverSigned (HTTPS under the outbound policy) unless a test stands in. */
  post?: typeof deliverSigned;
}

export class WebhookSender {
  constructor(readonly deps: WebhookSenderDeps) {}

  /** POSTs the event now, records the attempt in the delivery log, and settles the event on success. */
  async send(event: WebhookEvent, attempt: number): Promise<AttemptOutcome & { refused: boolean }> {
    const { deps } = this;
    const now = deps.clock.now();
    const secret = await deps.orgs.webhookSecretFor(event.org_id, event.key_id);
    const outcome: DeliveryOutcome = secret
      ? await (deps.post ?? deliverSigned)(
          { url: event.webhook_url, body: event.payload, webhookId: event.event_id, secret, now },
          deps.outbound,
        )
      : { success: false, status_code: null, error: 'the organisation has no API key to sign with', refused: false };
    const recorded = {
      delivery_id: `dlv_${newUuid()}`,
      success: outcome.success,
      status_code: outcome.status_code,
      error: outcome.error,
      delivered_at: now,
    };
    await deps.deliveries.record({
      id: recorded.delivery_id,
      org_id: event.org_id,
      job_id: event.job_id ?? event.batch_id,
      event: event.event,
      webhook_url: event.webhook_url,
      attempt,
      status_code: recorded.status_code,
      success: recorded.success,
      error: recorded.error,
      delivered_at: now,
    });
    const result = outcome.success
      ? 'delivered'
      : outcome.refused
        ? 'refused'
        : outcome.status_code
          ? 'failed'
          : 'no_answer';
    await deps.sharedMetrics
      ?.count('verse_webhook_attempts_total', { event: event.event, outcome: result })
      .catch(() => undefined);
    if (outcome.success) await this.settle(event, now);
    return { ...recorded, refused: outcome.refused };
  }

  /**
   * Attempt N of the schedule, at most once: when its outcome is already recorded (a redelivered
   * message after a crash) that outcome is returned and nothing is sent again.
   */
  async scheduledAttempt(event: WebhookEvent, attempt: number): Promise<AttemptOutcome> {
    const done = await this.deps.events.attempt(event.event_id, attempt);
    if (done) return done;
    const { refused: _refused, ...outcome } = await this.send(event, attempt);
    return this.deps.events.recordAttempt(event.event_id, attempt, outcome);
  }

  private async settle(event: WebhookEvent, at: Date): Promise<void> {
    await this.deps.events.markDelivered(event.event_id, at);
    const subject = event.job_id ?? event.batch_id;
    if (subject) await this.deps.deadLetters.resolveFor(event.org_id, subject, event.event, at);
  }
}
