/**
 * Batches: the list of their jobs and whether batch.complete has been published.
 * Adapter: sinks/cassandra/batches.ts. In-memory double: test/doubles/batches.ts.
 */

export interface BatchRecord {
  batch_id: string;
  org_id: string;
  job_ids: string[];
  webhook_url: string | null;
  /** The API key that submitted the batch: its webhook_secret signs batch.complete. */
  key_id: string | null;
  created_at: Date;
  completed_at: Date | null;
  complete_event_sent: boolean;
}

export interface BatchStore {
  /** Inserts the batch unless one with its id exists (a retried creation keeps the first). */
  insert(batch: BatchRecord): Promise<void>;
  get(batchId: string): Promise<BatchRecord | null>;
  markCompleted(batchId: string, completedAt: Date): Promise<void>;
}
