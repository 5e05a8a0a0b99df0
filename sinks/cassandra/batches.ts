/** Batches: the list of their jobs and whether batch.complete has been published. */
import type { BatchRecord, BatchStore } from '../../core/ports/batches.ts';
import type { CassandraClient } from './client.ts';

export class CassandraBatchStore implements BatchStore {
  constructor(private readonly db: CassandraClient) {}

  async insert(batch: BatchRecord): Promise<void> {
    await this.db.execute(
      'INSERT INTO batches (batch_id, org_id, job_ids, webhook_url, key_id, created_at) VALUES (?, ?, ?, ?, ?, ?) IF NOT EXISTS',
      [batch.batch_id, batch.org_id, batch.job_ids, batch.webhook_url, batch.key_id, batch.created_at],
    );
  }

  async get(batchId: string): Promise<BatchRecord | null> {
    const row = (await this.db.execute('SELECT * FROM batches WHERE batch_id = ?', [batchId])).first();
    if (!row) return null;
    return {
      batch_id: row.batch_id as string,
      org_id: row.org_id as string,
      job_ids: ((row.job_ids as unknown[] | null) ?? []).map(String),
      webhook_url: (row.webhook_url as string | null) ?? null,
      key_id: (row.key_id as string | null) ?? null,
      created_at: row.created_at as Date,
      completed_at: (row.completed_at as Date | null) ?? null,
      complete_event_sent: Boolean(row.complete_event_sent),
    };
  }

  async markCompleted(batchId: string, completedAt: Date): Promise<void> {
    await this.db.execute('UPDATE batches SET completed_at = ?, complete_event_sent = true WHERE batch_id = ?', [
      completedAt,
      batchId,
    ]);
  }
}
