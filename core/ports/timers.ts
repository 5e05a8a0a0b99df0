/**
 * Durable timers (the pipeline allowances, the transcript-gate review wait) in minute buckets, and
 * a checkpoint per poller so that a restarted one resumes where it stopped.
 * Adapter: sinks/cassandra/timers.ts. In-memory double: test/doubles/timers.ts.
 */

export type TimerKind = 'transcription_allowance' | 'alignment_allowance' | 'review_expiry';

export interface Timer {
  due_at: Date;
  job_id: string;
  kind: TimerKind;
}

/** The minute bucket a timer falls in (UTC, to the minute). */
export const minuteOf = (d: Date) => d.toISOString().slice(0, 16);

export interface Timers {
  schedule(timer: Timer): Promise<void>;
  inMinute(minute: string): Promise<Timer[]>;
  remove(timer: Timer): Promise<void>;
  checkpoint(name: string): Promise<string | null>;
  advance(name: string, minute: string): Promise<void>;
}
