/**
 * What the transcription and alignment processors share: a message names a job; the job is read and
 * checked (another organisation's or unknown: poison), skipped unless its row says it is at this
 * stage (after finishing whatever the change that moved it on still owes), claimed (its attempt counted and its start time kept, by compare-and-set), then worked. A
 * permanent engine failure, or one the work records with `fail`, fails the job at this stage; any
 * other error is left to the handler's retry and, past it, to the dead-letter settlement. Each
 * stage runs under its per-job lease (leased.ts).
 */
import { failDeadLetteredJob } from '../core/app/dead-letters.ts';
import type { JobWriter } from '../core/app/job-writer.ts';
import type { JobPatch, JobRecord } from '../core/jobs/job.ts';
import { findLanguage, type LanguageEntry } from '../core/languages.ts';
import { EngineError } from '../core/ports/engine.ts';
import type { JobStore } from '../core/ports/jobs.ts';
import type { Locks } from '../core/ports/locks.ts';
import type { MessageOf } from '../core/ports/publisher.ts';
import { leased } from './leased.ts';
import { type MessageContext, PoisonMessageError, type ProcessorSpec } from './runtime.ts';

export interface StageDeps {
  jobs: JobStore;
  writer: JobWriter;
  locks: Locks;
}

/** Records a permanent failure of the stage on the job (when it is still at the stage). */
export type FailStage = (message: string) => Promise<void>;

export interface Stage<K extends 'submissions' | 'stageResults'> {
  name: 'transcription' | 'alignment';
  /** The job's stage while this processor owns it. */
  jobStage: 'transcribing' | 'aligning';
  /** Its consumer group's topics (processors/consumer-groups.ts). */
  topics: readonly K[];
  /** The claim: the stage's attempt counter and start time. */
  claim(job: JobRecord): JobPatch;
  /** Fields a failure clears besides recording it. */
  clearedOnFailure?: JobPatch;
  /** The stage's own work on the claimed job; `isAtStage` tells whether a fresh row still is. */
  work(
    job: JobRecord,
    language: LanguageEntry,
    tools: { ctx: MessageContext<K>; fail: FailStage; isAtStage: (j: JobRecord) => boolean },
  ): Promise<void>;
}

export function stageProcessor<K extends 'submissions' | 'stageResults'>(
  deps: StageDeps,
  stage: Stage<K>,
): ProcessorSpec<K> {
  const isAtStage = (j: Pick<JobRecord, 'lifecycle'>) =>
    j.lifecycle.status === 'processing' && j.lifecycle.stage === stage.jobStage;
  const failJob = (jobId: string, message: string) =>
    deps.writer.changeIfAllowed(jobId, (j) =>
      isAtStage(j)
        ? {
            ...(stage.clearedOnFailure ? { patch: stage.clearedOnFailure } : {}),
            event: { type: 'failure_recorded', stage: stage.name, message, at: new Date() },
          }
        : null,
    );

  return leased(deps.locks, stage.name, {
    group: stage.name,
    topics: stage.topics,
    onDeadLetter: (key) => failDeadLetteredJob(deps.writer, key, stage.name),
    async handle(message: MessageOf<K>, ctx: MessageContext<K>) {
      const job = await deps.jobs.get(message.job_id);
      if (!job || job.org_id !== message.org_id)
        throw new PoisonMessageError(`no job ${message.job_id} for ${message.org_id}`);
      // Past the stage: a redelivery, perhaps after a member died between moving the job on and
      // publishing the move. What that change still owes is finished here, not left to the sweeper.
      if (!isAtStage(job)) return deps.writer.finishOwed(job);
      const language = findLanguage(job.language);
      if (!language) throw new PoisonMessageError(`job ${job.job_id} has unknown language ${job.language}`);

      // Each change starts from the job as last read or written here: no read before its write.
      const claimed = await deps.writer.change(
        job.job_id,
        (j) => (isAtStage(j) ? { patch: stage.claim(j) } : null),
        job,
      );
      if (!claimed?.changed) return;
      const fail: FailStage = async (reason) => void (await failJob(job.job_id, reason));
      try {
        await stage.work(claimed.job, language, { ctx, fail, isAtStage });
      } catch (error) {
        if (error instanceof EngineError && !error.retriable) {
          ctx.log.warn({ err: error }, `${stage.name} failed for good`);
          return fail(error.publicMessage);
        }
        throw error;
      }
    },
  });
}
