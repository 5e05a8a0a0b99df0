/**
 * What webhook delivery keeps: each event with its exact bytes (written once, so every attempt and
 * replay sends the same body under the same webhook-id), each attempt's outcome (written once, so a
 * redelivered retry message never sends again), the organisation's delivery log and its dead
 * letters. Adapters: sinks/cassandra/webhook-*.ts.
 */

export interface WebhookEvent {
  event_id: string;
  org_id: string;
  event: string;
  job_id: string | null;
  batch_id: string | null;
  key_id: string | null;
  webhook_url: string;
  payload: string;
  /** False for the post-approval job.complete, which is sent once. */
  retry: boolean;
  created_at: Date;
  delivered_at: Date | null;
}

export interface AttemptOutcome {
  delivery_id: string;
  success: boolean;
  status_code: number | null;
  error: string | null;
  delivered_at: Date;
}

export interface WebhookEvents {
  /** Stores the event unless it exists; returns the stored one either way. */
  putIfAbsent(event: WebhookEvent): Promise<WebhookEvent>;
  get(eventId: string): Promise<WebhookEvent | null>;
  markDelivered(eventId: string, at: Date): Promise<void>;
  /** The recorded outcome of attempt N, or null when it has not been recorded. */
  attempt(eventId: string, attempt: number): Promise<AttemptOutcome | null>;
  /** Records attempt N's outcome once; returns the one recorded first. */
  recordAttempt(eventId: string, attempt: number, outcome: AttemptOutcome): Promise<AttemptOutcome>;
  attemptCount(eventId: string): Promise<number>;
}

export interface DeliveryRecord {
  id: string;
  org_id: string;
  job_id: string | null;
  event: string;
  webhook_url: string;
  attempt: number;
  status_code: number | null;
  success: boolean;
  error: string | null;
  delivered_at: Date;
}

/** A position in a newest-first listing: rows strictly older than (at, id). */
export interface ListPosition {
  at: Date;
  id: string;
}

export interface ScanResult<T> {
  rows: T[];
  /** Where the next page starts; null when the listing is exhausted. */
  next: ListPosition | null;
}

export interface DeliveryScan {
  from: ListPosition | null;
  since: Date | null;
  limit: number;
  scanCap: number;
  matches: (d: DeliveryRecord) => boolean;
}

export interface DeliveryLog {
  record(delivery: DeliveryRecord): Promise<void>;
  /** Newest first, older than `from`, reading at most `scanCap` rows. */
  scan(orgId: string, options: DeliveryScan): Promise<ScanResult<DeliveryRecord>>;
}

export interface DeadLetter {
  id: string;
  org_id: string;
  event_id: string;
  job_id: string | null;
  batch_id: string | null;
  event: string;
  webhook_url: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  resolved_at: Date | null;
  resolved_via: 'replay' | null;
}

export interface DeadLetters {
  create(deadLetter: DeadLetter): Promise<void>;
  get(id: string): Promise<DeadLetter | null>;
  /** Clears one; false when it was already cleared. */
  resolve(id: string, at: Date): Promise<boolean>;
  /** Clears every outstanding dead letter of a job's (or batch's) event. */
  resolveFor(orgId: string, subjectId: string, event: string, at: Date): Promise<void>;
  scan(orgId: string, options: DeadLetterScan): Promise<ScanResult<DeadLetter>>;
}

export interface DeadLetterScan {
  from: ListPosition | null;
  jobId: string | null;
  limit: number;
  scanCap: number;
  matches: (d: DeadLetter) => boolean;
}
