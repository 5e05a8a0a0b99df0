import { describe, expect, it } from 'vitest';
import {
  type Effect,
  initialLifecycle,
  type Lifecycle,
  type LifecycleEvent,
  TransitionError,
  transition,
} from '../../../../core/jobs/lifecycle.ts';

const t0 = new Date('2026-01-01T00:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

type Options = Parameters<typeof initialLifecycle>[0];
const plain: Options = { align: true, review: false, review_stage: null };
const noAlign: Options = { align: false, review: false, review_stage: null };
const alignedGate: Options = { align: true, review: true, review_stage: 'aligned' };
const transcriptGate: Options = { align: true, review: true, review_stage: 'transcript' };

function run(options: Options, events: LifecycleEvent[]): { l: Lifecycle; effects: Effect[][] } {
  let l = initialLifecycle(options);
  const effects: Effect[][] = [];
  for (const e of events) {
    const next = transition(l, e);
    l = next.lifecycle;
    effects.push(next.effects);
  }
  return { l, effects };
}

const ready = (s = 1): LifecycleEvent => ({ type: 'transcript_ready', at: at(s) });
const aligned = (s = 2): LifecycleEvent => ({ type: 'alignment_finished', at: at(s) });
const approved = (s = 3): LifecycleEvent => ({ type: 'review_approved', at: at(s) });
const failed = (stage: 'transcription' | 'alignment', s = 5): LifecycleEvent => ({
  type: 'failure_recorded',
  stage,
  message: 'boom',
  at: at(s),
});

describe('the spec transition table, row by row', () => {
  it.each([
    // [row, options, events, status, stage, effects of the last event]
    ['submission: reads processing/transcribing', plain, [], 'processing', 'transcribing', undefined],
    ['transcript ready, align=true → aligning', plain, [ready()], 'processing', 'aligning', ['queue_alignment']],
    [
      'transcript ready, align=false, no review → complete/done',
      noAlign,
      [ready()],
      'complete',
      'done',
      ['emit_complete'],
    ],
    [
      'alignment finished, no review → complete/done, job.complete',
      plain,
      [ready(), aligned()],
      'complete',
      'done',
      ['emit_complete'],
    ],
    [
      'transcript ready, review_stage=transcript → awaiting_review, no machine work',
      transcriptGate,
      [ready()],
      'processing',
      'awaiting_review',
      ['open_review_gate', 'emit_awaiting_review'],
    ],
    [
      'transcript gate approved → aligning',
      transcriptGate,
      [ready(), approved()],
      'processing',
      'aligning',
      ['queue_alignment'],
    ],
    [
      'transcript gate approved, aligned → complete, job.complete once',
      transcriptGate,
      [ready(), approved(), aligned(4)],
      'complete',
      'done',
      ['emit_complete_once'],
    ],
    [
      'transcript gate, 8 days pass → failed (error.stage review)',
      transcriptGate,
      [ready(), { type: 'review_expired', at: at(8 * 86400) }],
      'failed',
      'failed',
      ['emit_failed'],
    ],
    [
      'alignment finished, review_stage=aligned → complete/done, job.awaiting_review, job.complete held',
      alignedGate,
      [ready(), aligned()],
      'complete',
      'done',
      ['open_review_gate', 'emit_awaiting_review'],
    ],
    [
      'aligned gate approved → job.complete once',
      alignedGate,
      [ready(), aligned(), approved()],
      'complete',
      'done',
      ['emit_complete_once'],
    ],
    ['failure in transcription → failed', plain, [failed('transcription')], 'failed', 'failed', ['emit_failed']],
    ['failure in alignment → failed', plain, [ready(), failed('alignment')], 'failed', 'failed', ['emit_failed']],
    [
      'complete transcript-only job + POST /align → processing/aligning',
      noAlign,
      [ready(), { type: 'align_requested', at: at(9) }],
      'processing',
      'aligning',
      ['queue_alignment'],
    ],
    [
      'its alignment finishing sends no new job.complete',
      noAlign,
      [ready(), { type: 'align_requested', at: at(9) }, aligned(10)],
      'complete',
      'done',
      [],
    ],
  ] as const)('%s', (_row, options, events, status, stage, lastEffects) => {
    const { l, effects } = run(options, [...events]);
    expect(l.status).toBe(status);
    expect(l.stage).toBe(stage);
    if (lastEffects) expect(effects.at(-1)).toEqual(lastEffects);
  });
});

describe('timestamps', () => {
  it('transcript_completed_at is set when the transcript is ready, before alignment finishes', () => {
    const { l } = run(plain, [ready(1)]);
    expect(l.transcript_completed_at).toEqual(at(1));
    expect(l.completed_at).toBeNull();
    expect(run(plain, [ready(1), aligned(2)]).l.completed_at).toEqual(at(2));
  });

  it('completed_at is null while processing and when failed', () => {
    expect(run(plain, []).l.completed_at).toBeNull();
    expect(run(plain, [ready(), failed('alignment')]).l.completed_at).toBeNull();
    expect(run(noAlign, [ready(), { type: 'align_requested', at: at(9) }]).l.completed_at).toBeNull();
  });

  it('a failure records stage, message and time', () => {
    expect(run(plain, [failed('transcription', 7)]).l.error).toEqual({
      stage: 'transcription',
      message: 'boom',
      failed_at: at(7),
    });
    expect(run(transcriptGate, [ready(), { type: 'review_expired', at: at(99) }]).l.error?.stage).toBe('review');
  });

  it('review_approved_at is set only on approval', () => {
    expect(run(alignedGate, [ready(), aligned()]).l.review_approved_at).toBeNull();
    expect(run(alignedGate, [ready(), aligned(), approved(3)]).l.review_approved_at).toEqual(at(3));
  });
});

describe('rules 1-7', () => {
  const failedJob = run(plain, [failed('transcription')]).l;
  const completeJob = run(plain, [ready(), aligned()]).l;

  it.each<LifecycleEvent>([
    ready(),
    aligned(),
    approved(),
    failed('alignment'),
    { type: 'align_requested', at: at(1) },
    { type: 'review_expired', at: at(1) },
  ])('1: failed is terminal (%o refused)', (event) => {
    expect(() => transition(failedJob, event)).toThrow(TransitionError);
  });

  it.each<LifecycleEvent>([ready(), aligned(), approved(), failed('alignment'), { type: 'review_expired', at: at(1) }])(
    '1: complete is terminal except for an align request (%o refused)',
    (event) => expect(() => transition(completeJob, event)).toThrow(TransitionError),
  );

  it('1: an already-aligned complete job is not moved by an align request (re-alignment is synchronous)', () => {
    expect(() => transition(completeJob, { type: 'align_requested', at: at(1) })).toThrow(TransitionError);
  });

  it('2: nothing but a recorded failure or the review expiry leads to failed', () => {
    const events: LifecycleEvent['type'][] = [
      'transcript_ready',
      'alignment_finished',
      'review_approved',
      'align_requested',
    ];
    for (const type of events) {
      for (const options of [plain, noAlign, alignedGate, transcriptGate]) {
        try {
          expect(
            transition(initialLifecycle(options), { type, at: at(1) } as LifecycleEvent).lifecycle.status,
          ).not.toBe('failed');
        } catch (e) {
          expect(e).toBeInstanceOf(TransitionError);
        }
      }
    }
  });

  it('4 and 5: awaiting_review appears only at the transcript gate; the aligned gate reads done', () => {
    const held = run(alignedGate, [ready(), aligned()]).l;
    expect(held.stage).toBe('done');
    expect(held.review_gate).toBe('aligned');
    const stages = [run(alignedGate, [ready()]).l.stage, held.stage];
    expect(stages).not.toContain('awaiting_review');
  });

  it('6: approval applies once (a second approval is refused, the caller reports already_approved)', () => {
    const once = run(alignedGate, [ready(), aligned(), approved()]).l;
    expect(() => transition(once, approved(4))).toThrow(TransitionError);
    const gate = run(transcriptGate, [ready(), approved()]).l;
    expect(() => transition(gate, approved(4))).toThrow(TransitionError);
  });

  it('7: the transcript gate queues no alignment before approval', () => {
    const { effects } = run(transcriptGate, [ready()]);
    expect(effects.flat()).not.toContain('queue_alignment');
    expect(() => transition(run(transcriptGate, [ready()]).l, aligned())).toThrow(TransitionError);
  });

  it('a failed alignment of an existing job writes nothing: it stays complete and transcript-only', () => {
    const { l, effects } = run(noAlign, [ready(), { type: 'align_requested', at: at(9) }, failed('alignment', 10)]);
    expect(l.status).toBe('complete');
    expect(l.align_requested).toBe(false);
    expect(l.error).toBeNull();
    expect(effects.at(-1)).toEqual([]);
  });

  it('align=false with an aligned-stage review: complete/done and held for review', () => {
    const { l, effects } = run({ align: false, review: true, review_stage: 'aligned' }, [ready()]);
    expect([l.status, l.stage, l.review_gate]).toEqual(['complete', 'done', 'aligned']);
    expect(effects.at(-1)).toEqual(['open_review_gate', 'emit_awaiting_review']);
  });

  it('align=false with a transcript-stage review: approval completes it with job.complete once', () => {
    const { l, effects } = run({ align: false, review: true, review_stage: 'transcript' }, [ready(), approved()]);
    expect([l.status, l.stage]).toEqual(['complete', 'done']);
    expect(effects.at(-1)).toEqual(['emit_complete_once']);
  });
});
