/** Everything the job use cases and routes need, built once by the composition root. */

import type { BatchStore } from '../ports/batches.ts';
import type { EndUserStore } from '../ports/end-users.ts';
import type { Engine } from '../ports/engine.ts';
import type { JobFeed } from '../ports/feed.ts';
import type { IdempotencyStore } from '../ports/idempotency.ts';
import type { JobStore } from '../ports/jobs.ts';
import type { ExplicitLexicons } from '../ports/lexicons.ts';
import type { Locks } from '../ports/locks.ts';
import type { ObjectStore } from '../ports/object-store.ts';
import type { Outbound } from '../ports/outbound.ts';
import type { DeadLetters, DeliveryLog, WebhookEvents } from '../ports/webhooks.ts';
import type { JobWriter } from './job-writer.ts';
import type { OutputFiles } from './outputs.ts';
import type { WebhookSender } from './webhook-sender.ts';

export interface JobServices {
  jobs: JobStore;
  feed: JobFeed;
  writer: JobWriter;
  endUsers: EndUserStore;
  batches: BatchStore;
  idempotency: IdempotencyStore;
  storage: ObjectStore;
  outbound: Outbound;
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
