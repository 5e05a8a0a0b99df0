/**
 * The webhook processor. A job event is stored once with the exact body it will carry, then
 * attempt 1 is sent at once. A failed attempt is handed to the retry topic of the next step
 * (+1 min, +5 min, +30 min) with the time it falls due; that topic's consumer pauses its
 * partition until then rather than sleeping. After the fourth failure the event becomes a dead
 * letter. The post-approval job.complete (retry=false) gets one attempt and no dead letter.
 * Every step is idempotent: a redelivered message never sends an attempt whose outcome is recorded.
 */

import type { WebhookSender } from '../../core/app/webhook-sender.ts';
import type { Clock } from '../../core/clock.ts';
import { derivedUuid } from '../../core/ids.ts';
import type { Publisher } from '../../core/ports/publisher.ts';
import type { AttemptOutcome, DeadLetters, WebhookEvent, WebhookEvents } from '../../core/ports/webhooks.ts';
import { MAX_ATTEMPTS, nextAttempt, type RetryTopic } from '../../core/webhooks/schedule.ts';
import type { WebhookAttemptMessage } from '../../schemas/generated/topics/webhook-attempt.ts';
import { CONSUMER_GROUPS } from '../consumer-groups.ts';
import { NotDueError, PoisonMessageError, type ProcessorSpec } from '../runtime.ts';
import { type EventSources, webhookEventOf } from './event-payload.ts';

export interface WebhookProcessorDeps extends EventSources {
  events: WebhookEvents;
  deadLetters: DeadLetters;
  sender: WebhookSender;
  publisher: Publisher;
  clock: Clock;
  /** Longest a not-yet-due retry pauses its partition before checking the clock again. */
  recheckMs?: number;
}

export function webhookProcessor(deps: WebhookProcessorDeps): ProcessorSpec<'jobEvents' | RetryTopic> {
  const recheckMs = deps.recheckMs ?? 5000;

  async function afterFailure(event: WebhookEvent, attempt: number, outcome: AttemptOutcome): Promise<void> {
    const next = nextAttempt(attempt);
    if (next) {
      const message: WebhookAttemptMessage = {
        delivery_id: event.event_id,
        event: event.event,
        org_id: event.org_id,
        job_id: event.job_id,
        batch_id: event.batch_id,
        webhook_url: event.webhook_url,
        payload: event.payload,
        attempt: next.attempt,
        due_at: new Date(outcome.delivered_at.getTime() + next.delayMs).toISOString(),
      };
      await deps.publisher.publish(next.topic, event.job_id ?? event.batch_id ?? event.event_id, message);
      return;
    }
    await deps.deadLetters.create({
      id: `dl_${derivedUuid('dead-letter', event.event_id)}`,
      org_id: event.org_id,
      event_id: event.event_id,
      job_id: event.job_id,
      batch_id: event.batch_id,
      event: event.event,
      webhook_url: event.webhook_url,
      attempts: MAX_ATTEMPTS,
      last_status_code: outcome.status_code,
      last_error: outcome.error,
      created_at: outcome.delivered_at,
      resolved_at: null,
      resolved_via: null,
    });
    await deps.sender.deps.sharedMetrics
      ?.count('verse_webhook_dead_letters_total', { event: event.event })
      .catch(() => undefined);
  }

  async function run(event: WebhookEvent, attempt: number): Promise<void> {
    // Delivered meanwhile (a replay, or an earlier attempt whose follow-up was redone): stop the schedule.
    if (attempt > 1 && event.delivered_at) return;
    const outcome = await deps.sender.scheduledAttempt(event, attempt);
    if (!outcome.success && event.retry) await afterFailure(event, attempt, outcome);
  }

  return {
    group: 'webhook',
    topics: CONSUMER_GROUPS.webhook,
    async handle(message, context) {
      if (context.topic === 'jobEvents') {
        const event = await webhookEventOf(message as Parameters<typeof webhookEventOf>[0], deps, deps.clock.now());
        if (!event) return;
        await run(await deps.events.putIfAbsent(event), 1);
        return;
      }
      const retry = message as WebhookAttemptMessage;
      const waitMs = Date.parse(retry.due_at) - deps.clock.now().getTime();
      if (waitMs > 0) throw new NotDueError(Math.min(waitMs, recheckMs));
      const event = await deps.events.get(retry.delivery_id);
      if (!event) throw new PoisonMessageError(`no webhook event ${retry.delivery_id}`);
      await run(event, retry.attempt);
    },
  };
}
