/**
 * The job state machine of the spec ("States and transitions"), pure: a lifecycle and an event in,
 * the next lifecycle and the effects to carry out. No I/O, no clock: callers pass `at`.
 *
 * Rules it enforces: complete and failed are terminal (the only exit from complete is an align
 * request on a transcript-only job); failed is entered only through a recorded failure or the
 * review wait expiring; awaiting_review appears only at the transcript gate; a job held at the
 * aligned gate reads complete/done; approval is applied once.
 */

import { TRANSCRIPT_REVIEW_WAIT_MS } from '../policy.ts';
import { VerseError } from '../verse-error.ts';

export const JOB_STATUSES = ['processing', 'complete', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobStage = 'transcribing' | 'aligning' | 'awaiting_review' | 'done' | 'failed';
export type ReviewStage = 'aligned' | 'transcript';
export type ReviewDelivery = 'both' | 'api' | 'link';
export type FailureStage = 'transcription' | 'alignment' | 'review';

export interface JobFailure {
  stage: FailureStage;
  message: string;
  failed_at: Date;
}

export interface Lifecycle {
  status: JobStatus;
  stage: JobStage;
  align_requested: boolean;
  review_required: boolean;
  review_stage: ReviewStage | null;
  /** The review gate currently holding the job, null when none is open. */
  review_gate: ReviewStage | null;
  review_gate_at: Date | null;
  review_approved_at: Date | null;
  transcript_completed_at: Date | null;
  completed_at: Date | null;
  error: JobFailure | null;
  /** True while a transcript-only job is being aligned through POST /jobs/{id}/align. */
  aligning_existing: boolean;
}

export type LifecycleEvent =
  | { type: 'transcript_ready'; at: Date }
  | { type: 'alignment_finished'; at: Date }
  | { type: 'failure_recorded'; stage: 'transcription' | 'alignment'; message: string; at: Date }
  | { type: 'review_approved'; at: Date }
  | { type: 'review_expired'; at: Date }
  | { type: 'align_requested'; at: Date };

export type Effect =
  /** Publish work for the alignment processor. */
  | 'queue_alignment'
  /** A review gate fired: mint the review link (unless review_delivery=api) and start its timers. */
  | 'open_review_gate'
  | 'emit_awaiting_review'
  /** job.complete on the ordinary retry schedule. */
  | 'emit_complete'
  /** The job.complete that follows an approval: sent once, no retry (Events rule 3). */
  | 'emit_complete_once'
  | 'emit_failed';

export interface Transition {
  lifecycle: Lifecycle;
  effects: Effect[];
}

/** A change the job's state does not allow: retrying the same change cannot help. */
export class TransitionError extends VerseError {}

export function initialLifecycle(options: {
  align: boolean;
  review: boolean;
  review_stage: ReviewStage | null;
}): Lifecycle {
  return {
    status: 'processing',
    stage: 'transcribing',
    align_requested: options.align,
    review_required: options.review,
    review_stage: options.review ? (options.review_stage ?? 'aligned') : null,
    review_gate: null,
    review_gate_at: null,
    review_approved_at: null,
    transcript_completed_at: null,
    completed_at: null,
    error: null,
    aligning_existing: false,
  };
}

const done = (l: Lifecycle, at: Date): Lifecycle => ({ ...l, status: 'complete', stage: 'done', completed_at: at });

/** The job finished its machine work: open the aligned gate, or announce completion. */
function finish(l: Lifecycle, at: Date): Transition {
  const afterApproval = l.review_approved_at !== null;
  if (l.review_required && l.review_stage === 'aligned' && !afterApproval) {
    return {
      lifecycle: { ...done(l, at), review_gate: 'aligned', review_gate_at: at },
      effects: ['open_review_gate', 'emit_awaiting_review'],
    };
  }
  return { lifecycle: done(l, at), effects: [afterApproval ? 'emit_complete_once' : 'emit_complete'] };
}

function refuse(l: Lifecycle, event: LifecycleEvent): never {
  throw new TransitionError(`${event.type} is not allowed in ${l.status}/${l.stage}`);
}

export function transition(l: Lifecycle, event: LifecycleEvent): Transition {
  if (l.status === 'failed') refuse(l, event);
  switch (event.type) {
    case 'transcript_ready': {
      if (l.stage !== 'transcribing') refuse(l, event);
      const ready = { ...l, transcript_completed_at: event.at };
      if (l.review_required && l.review_stage === 'transcript') {
        return {
          lifecycle: { ...ready, stage: 'awaiting_review', review_gate: 'transcript', review_gate_at: event.at },
          effects: ['open_review_gate', 'emit_awaiting_review'],
        };
      }
      if (l.align_requested) return { lifecycle: { ...ready, stage: 'aligning' }, effects: ['queue_alignment'] };
      return finish(ready, event.at);
    }
    case 'alignment_finished': {
      if (l.stage !== 'aligning') refuse(l, event);
      // Aligning an existing job sends no new job.complete (Events rule 5).
      if (l.aligning_existing) return { lifecycle: { ...done(l, event.at), aligning_existing: false }, effects: [] };
      return finish(l, event.at);
    }
    case 'failure_recorded': {
      if (l.status !== 'processing' || (l.stage !== 'transcribing' && l.stage !== 'aligning')) refuse(l, event);
      // A failed alignment of an existing job writes nothing: the job stays complete as it was.
      if (l.aligning_existing) {
        return { lifecycle: { ...done(l, event.at), align_requested: false, aligning_existing: false }, effects: [] };
      }
      return {
        lifecycle: {
          ...l,
          status: 'failed',
          stage: 'failed',
          completed_at: null,
          error: { stage: event.stage, message: event.message, failed_at: event.at },
        },
        effects: ['emit_failed'],
      };
    }
    case 'review_approved': {
      if (l.review_gate === null) refuse(l, event);
      const approved = { ...l, review_gate: null, review_approved_at: event.at };
      if (l.review_gate === 'aligned') return { lifecycle: approved, effects: ['emit_complete_once'] };
      if (l.align_requested) return { lifecycle: { ...approved, stage: 'aligning' }, effects: ['queue_alignment'] };
      return finish(approved, event.at);
    }
    case 'review_expired': {
      if (l.review_gate !== 'transcript' || l.stage !== 'awaiting_review') refuse(l, event);
      return {
        lifecycle: {
          ...l,
          status: 'failed',
          stage: 'failed',
          review_gate: null,
          error: {
            stage: 'review',
            message: `The review was not approved within ${TRANSCRIPT_REVIEW_WAIT_MS / 86_400_000} days.`,
            failed_at: event.at,
          },
        },
        effects: ['emit_failed'],
      };
    }
    case 'align_requested': {
      if (l.status !== 'complete' || l.align_requested || l.review_gate !== null) refuse(l, event);
      return {
        lifecycle: {
          ...l,
          status: 'processing',
          stage: 'aligning',
          align_requested: true,
          aligning_existing: true,
          completed_at: null,
        },
        effects: ['queue_alignment'],
      };
    }
  }
}
