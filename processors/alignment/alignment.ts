/**
 * The alignment processor (group `alignment`, topic `stage-results`): times the job's final lines
 * (machine transcript or approved text) against its stored audio and records the timings, or the
 * failure. Acts only on jobs whose row says they are aligning.
 */

import { failDeadLetteredJob } from '../../core/app/dead-letters.ts';
import type { JobWriter } from '../../core/app/job-writer.ts';
import type { OutputFiles } from '../../core/app/outputs.ts';
import { realign } from '../../core/app/realign.ts';
import { findLanguage } from '../../core/languages.ts';
import { type Engine, EngineError } from '../../core/ports/engine.ts';
import type { JobStore } from '../../core/ports/jobs.ts';
import type { Locks } from '../../core/ports/locks.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';
import type { StageResultMessage } from '../../schemas/generated/topics/stage-result.ts';
import { CONSUMER_GROUPS } from '../consumer-groups.ts';
import { leased } from '../leased.ts';
import { type MessageContext, PoisonMessageError, type ProcessorSpec } from '../runtime.ts';

export interface AlignmentDeps {
  jobs: JobStore;
  writer: JobWriter;
  storage: ObjectStore;
  engine: Engine;
  locks: Locks;
  outputs: OutputFiles;
}

const isAligning = (j: { lifecycle: { status: string; stage: string } }) =>
  j.lifecycle.status === 'processing' && j.lifecycle.stage === 'aligning';

export function alignmentProcessor(deps: AlignmentDeps): ProcessorSpec<'stageResults'> {
  const fail = (jobId: string, message: string) =>
    deps.writer.changeIfAllowed(jobId, (j) =>
      isAligning(j)
        ? {
            patch: { alignment_started_at: null },
            event: { type: 'failure_recorded', stage: 'alignment', message, at: new Date() },
          }
        : null,
    );

  return leased(deps.locks, 'alignment', {
    group: 'alignment',
    topics: CONSUMER_GROUPS.alignment,
    onDeadLetter: (key) => failDeadLetteredJob(deps.writer, key, 'alignment'),
    async handle(message: StageResultMessage, ctx: MessageContext<'stageResults'>) {
      const job = await deps.jobs.get(message.job_id);
      if (!job || job.org_id !== message.org_id)
        throw new PoisonMessageError(`no job ${message.job_id} for ${message.org_id}`);
      if (!isAligning(job)) return;
      const language = findLanguage(job.language);
      if (!language) throw new PoisonMessageError(`job ${job.job_id} has unknown language ${job.language}`);

      const claimed = await deps.writer.change(
        job.job_id,
        (j) =>
          isAligning(j)
            ? {
                patch: {
                  alignment_attempt: j.alignment_attempt + 1,
                  alignment_started_at: j.alignment_started_at ?? new Date(),
                },
              }
            : null,
        // Each change starts from the job as last read or written here: no read before its write.
        job,
      );
      if (!claimed?.changed) return;
      const current = claimed.job;
      ctx.log.info({ attempt: current.alignment_attempt }, 'alignment started');
      if (!current.audio_key) return void (await fail(job.job_id, 'No stored audio to align against'));
      const lines = current.lines ?? [];
      try {
        const timed = await realign(deps.engine, current, lines);
        // The files first: a crash before the job is written leaves only unreferenced files behind.
        await deps.outputs.storeAll({ ...current, ...timed });
        await deps.writer.changeIfAllowed(
          job.job_id,
          (j) =>
            isAligning(j)
              ? {
                  patch: { lines: timed.lines, alignment: timed.alignment, alignment_started_at: null },
                  event: { type: 'alignment_finished', at: new Date() },
                }
              : null,
          current,
        );
      } catch (error) {
        if (error instanceof EngineError && error.permanent) {
          ctx.log.warn({ err: error }, 'alignment failed for good');
          return void (await fail(job.job_id, error.publicMessage));
        }
        throw error;
      }
    },
  });
}
