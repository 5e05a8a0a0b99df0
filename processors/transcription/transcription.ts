/**
 * The transcription processor (group `transcription`, topic `submissions`): claims a job that is
 * still transcribing, fetches its audio_url into storage when needed, asks the engine for the
 * transcript, romanisation and translation, and records the result or the failure. Every step
 * decides from the job's current row, so a redelivered message does nothing twice.
 */

import { failDeadLetteredJob } from '../../core/app/dead-letters.ts';
import type { JobWriter } from '../../core/app/job-writer.ts';
import { explicitOf } from '../../core/jobs/explicit.ts';
import { translationText, withTranslationGap } from '../../core/jobs/translation.ts';
import { findLanguage } from '../../core/languages.ts';
import type { OutboundPolicy } from '../../core/net/safe-http.ts';
import { type Engine, EngineError } from '../../core/ports/engine.ts';
import type { JobStore } from '../../core/ports/jobs.ts';
import type { ExplicitLexicons } from '../../core/ports/lexicons.ts';
import type { Locks } from '../../core/ports/locks.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';
import type { SubmissionMessage } from '../../schemas/generated/topics/submission.ts';
import { CONSUMER_GROUPS } from '../consumer-groups.ts';
import { leased } from '../leased.ts';
import { type MessageContext, PoisonMessageError, type ProcessorSpec } from '../runtime.ts';
import { AudioFetchFailure, type FetchBounds, fetchAudio, fetchFailureReason } from './fetch-audio.ts';

export interface TranscriptionDeps {
  jobs: JobStore;
  writer: JobWriter;
  storage: ObjectStore;
  engine: Engine;
  outbound: OutboundPolicy;
  locks: Locks;
  lexicons: ExplicitLexicons;
  /** The audio_url GET's bounds; the policy's unless a test shortens them. */
  fetchBounds?: FetchBounds;
}

const MAX_FETCH_ATTEMPTS = 3;

const isTranscribing = (j: { lifecycle: { status: string; stage: string } }) =>
  j.lifecycle.status === 'processing' && j.lifecycle.stage === 'transcribing';

export function transcriptionProcessor(deps: TranscriptionDeps): ProcessorSpec<'submissions'> {
  const fail = (jobId: string, message: string) =>
    deps.writer.changeIfAllowed(jobId, (j) =>
      isTranscribing(j)
        ? { event: { type: 'failure_recorded', stage: 'transcription', message, at: new Date() } }
        : null,
    );

  return leased(deps.locks, 'transcription', {
    group: 'transcription',
    topics: CONSUMER_GROUPS.transcription,
    onDeadLetter: (key) => failDeadLetteredJob(deps.writer, key, 'transcription'),
    async handle(message: SubmissionMessage, ctx: MessageContext<'submissions'>) {
      const job = await deps.jobs.get(message.job_id);
      if (!job || job.org_id !== message.org_id)
        throw new PoisonMessageError(`no job ${message.job_id} for ${message.org_id}`);
      if (!isTranscribing(job)) return;
      const language = findLanguage(job.language);
      if (!language) throw new PoisonMessageError(`job ${job.job_id} has unknown language ${job.language}`);

      const claimed = await deps.writer.change(
        job.job_id,
        (j) =>
          isTranscribing(j)
            ? {
                patch: {
                  transcription_attempt: j.transcription_attempt + 1,
                  transcription_started_at: j.transcription_started_at ?? new Date(),
                },
              }
            : null,
        // Each change starts from the job as last read or written here: no read before its write.
        job,
      );
      if (!claimed?.changed) return;
      let current = claimed.job;
      ctx.log.info({ attempt: current.transcription_attempt }, 'transcription started');

      if (!current.audio_key) {
        if (!current.audio_url) return void (await fail(job.job_id, 'The job has no audio'));
        try {
          const fetched = await fetchAudio(
            current.audio_url,
            deps.storage,
            deps.outbound,
            current.org_id,
            deps.fetchBounds,
          );
          const stored = await deps.writer.change(
            job.job_id,
            (j) => (isTranscribing(j) ? { patch: { audio_key: fetched.key, audio_format: fetched.format } } : null),
            current,
          );
          if (!stored?.changed) return;
          current = stored.job;
        } catch (error) {
          if (error instanceof AudioFetchFailure) return void (await fail(job.job_id, error.message));
          // Network trouble (DNS, refused, reset) is retried a few times, then recorded on the job.
          if (current.transcription_attempt >= MAX_FETCH_ATTEMPTS) {
            ctx.log.warn({ err: error }, 'audio_url fetch failed for good');
            return void (await fail(
              job.job_id,
              `audio_url could not be fetched after ${MAX_FETCH_ATTEMPTS} attempts: ${fetchFailureReason(error)}`,
            ));
          }
          throw error;
        }
      }

      try {
        const result = await deps.engine.transcribe({
          audioKey: current.audio_key!,
          language,
          romanisation: current.romanisation,
        });
        await deps.writer.changeIfAllowed(
          job.job_id,
          (j) =>
            isTranscribing(j)
              ? {
                  patch: {
                    duration_seconds: result.duration_seconds,
                    results: {
                      ...result.results,
                      translation: translationText(result.lines),
                      explicit: explicitOf(deps.lexicons.forLanguage(language.code), result.lines),
                    },
                    lines: result.lines,
                    second_opinion: result.second_opinion,
                    degraded: withTranslationGap(result.degraded, j.language, result.lines),
                  },
                  event: { type: 'transcript_ready', at: new Date() },
                }
              : null,
          current,
        );
      } catch (error) {
        if (error instanceof EngineError && error.permanent) {
          ctx.log.warn({ err: error }, 'transcription failed for good');
          return void (await fail(job.job_id, error.publicMessage));
        }
        throw error;
      }
    },
  });
}
