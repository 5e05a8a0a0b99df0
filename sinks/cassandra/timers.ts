/** Durable timers in minute buckets, with a checkpoint so a restarted poller resumes where it stopped. */
import { minuteOf, type Timer, type TimerKind, type Timers } from '../../core/ports/timers.ts';
import type { CassandraClient } from './client.ts';

export class CassandraTimers implements Timers {
  constructor(private readonly db: CassandraClient) {}

  async schedule(timer: Timer): Promise<void> {
    await this.db.execute('INSERT INTO timers (minute, due_at, job_id, kind) VALUES (?, ?, ?, ?)', [
      minuteOf(timer.due_at),
      timer.due_at,
      timer.job_id,
      timer.kind,
    ]);
  }

  async inMinute(minute: string): Promise<Timer[]> {
    const rows = await this.db.execute('SELECT due_at, job_id, kind FROM timers WHERE minute = ?', [minute]);
    return rows.rows.map((r) => ({ due_at: r.due_at as Date, job_id: String(r.job_id), kind: r.kind as TimerKind }));
  }

  async remove(timer: Timer): Promise<void> {
    await this.db.execute('DELETE FROM timers WHERE minute = ? AND due_at = ? AND job_id = ? AND kind = ?', [
      minuteOf(timer.due_at),
      timer.due_at,
      timer.job_id,
      timer.kind,
    ]);
  }

  async checkpoint(name: string): Promise<string | null> {
    return (
      ((await this.db.execute('SELECT minute FROM timer_checkpoints WHERE name = ?', [name])).first()
        ?.minute as string) ?? null
    );
  }

  async advance(name: string, minute: string): Promise<void> {
    await this.db.execute('INSERT INTO timer_checkpoints (name, minute) VALUES (?, ?)', [name, minute]);
  }
}
