/**
 * Fires due timers: the pipeline allowances (10 minutes of transcription, 5 of alignment) and the
 * 8-day transcript-gate review wait. A timer records a failure only if the job is still in the
 * stage it guards and that stage has really run past its allowance, so a late or repeated firing
 * never fails a job that moved on.
 */

import type { ChangeRequest, JobWriter } from '../../core/app/job-writer.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import {
  ALIGNMENT_ALLOWANCE_MS,
  minuteLong,
  TRANSCRIPT_REVIEW_WAIT_MS,
  TRANSCRIPTION_ALLOWANCE_MS,
} from '../../core/policy.ts';
import { minuteOf, type Timer, type Timers } from '../../core/ports/timers.ts';

const CHECKPOINT = 'review-timer';
const FIRST_RUN_LOOKBACK_MS = 24 * 3600 * 1000;

const past = (start: Date | null, allowance: number, now: Date) =>
  start !== null && start.getTime() + allowance <= now.getTime();

export function decideTimer(timer: Timer, now: Date): (job: JobRecord) => ChangeRequest | null {
  return (job) => {
    const l = job.lifecycle;
    switch (timer.kind) {
      case 'transcription_allowance':
        return l.status === 'processing' &&
          l.stage === 'transcribing' &&
          past(job.transcription_started_at, TRANSCRIPTION_ALLOWANCE_MS, now)
          ? {
              event: {
                type: 'failure_recorded',
                stage: 'transcription',
                message: `Transcription exceeded its ${minuteLong(TRANSCRIPTION_ALLOWANCE_MS)} allowance.`,
                at: now,
              },
            }
          : null;
      case 'alignment_allowance':
        return l.status === 'processing' &&
          l.stage === 'aligning' &&
          past(job.alignment_started_at, ALIGNMENT_ALLOWANCE_MS, now)
          ? {
              patch: { alignment_started_at: null },
              event: {
                type: 'failure_recorded',
                stage: 'alignment',
                message: `Alignment exceeded its ${minuteLong(ALIGNMENT_ALLOWANCE_MS)} allowance.`,
                at: now,
              },
            }
          : null;
      case 'review_expiry':
        return l.stage === 'awaiting_review' &&
          l.review_gate === 'transcript' &&
          past(l.review_gate_at, TRANSCRIPT_REVIEW_WAIT_MS, now)
          ? { event: { type: 'review_expired', at: now } }
          : null;
    }
  };
}

export async function fireDueTimers(timers: Timers, writer: JobWriter, now = new Date()): Promise<number> {
  const nowMinute = minuteOf(now);
  let minute = (await timers.checkpoint(CHECKPOINT)) ?? minuteOf(new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS));
  let fired = 0;
  for (;;) {
    for (const timer of await timers.inMinute(minute)) {
      if (timer.due_at.getTime() > now.getTime()) continue;
      await writer.changeIfAllowed(timer.job_id, decideTimer(timer, now));
      await timers.remove(timer);
      fired++;
    }
    if (minute >= nowMinute) break;
    await timers.advance(CHECKPOINT, minute);
    minute = minuteOf(new Date(new Date(`${minute}:00Z`).getTime() + 60_000));
  }
  return fired;
}
