/** Everything the job routes need, built once by the composition root. */

import type { JobWriter } from '../../core/app/job-writer.ts';
import type { OutputFiles } from '../../core/app/outputs.ts';
import type { WebhookSender } from '../../core/app/webhook-sender.ts';
import type { OutboundPolicy } from '../../core/net/safe-http.ts';
import type { BatchStore } from '../../core/ports/batches.ts';
import type { EndUserStore } from '../../core/ports/end-users.ts';
import type { Engine } from '../../core/ports/engine.ts';
import type { JobFeed } from '../../core/ports/feed.ts';
import type { IdempotencyStore } from '../../core/ports/idempotency.ts';
import type { JobStore } from '../../core/ports/jobs.ts';
import type { ExplicitLexicons } from '../../core/ports/lexicons.ts';
import type { Locks } from '../../core/ports/locks.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';
import type { DeadLetters, DeliveryLog, WebhookEvents } from '../../core/ports/webhooks.ts';

export interface JobServices {
  jobs: JobStore;
  feed: JobFeed;
  writer: JobWriter;
  endUsers: EndUserStore;
  batches: BatchStore;
  idempotency: IdempotencyStore;
  storage: ObjectStore;
  outbound: OutboundPolicy;
  engine: Engine;
  /** One stage of a job, or one re-alignment, at a time. */
  locks: Locks;
  /** Rendered timed files in object storage. */
  outputs: OutputFiles;
  webhooks: WebhookServices;
  /** Explicit-word lexicons by language (results.explicit). */
  lexicons: ExplicitLexicons;
}

/** Webhook events, the delivery log, dead letters, and the sender that records what it sends. */
export interface WebhookServices {
  events: WebhookEvents;
  deliveries: DeliveryLog;
  deadLetters: DeadLetters;
  sender: WebhookSender;
}
