/**
 * The transcription processor (group `transcription`, topic `submissions`): claims a job that is
 * still transcribing, fetches its audio_url into storage when needed, asks the engine for the
 * transcript, romanisation and translation, and records the result or the failure. Every step
 * decides from the job's current row, so a redelivered message does nothing twice (processors/stage.ts).
 */

import { explicitOf } from '../../core/jobs/explicit.ts';
import { resultTexts } from '../../core/jobs/results.ts';
import { withTranslationGap } from '../../core/jobs/translation.ts';
import type { Engine } from '../../core/ports/engine.ts';
import type { ExplicitLexicons } from '../../core/ports/lexicons.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';
import type { Outbound } from '../../core/ports/outbound.ts';
import { CONSUMER_GROUPS } from '../consumer-groups.ts';
import type { ProcessorSpec } from '../runtime.ts';
import { type StageDeps, stageProcessor } from '../stage.ts';
import { AudioFetchFailure, type FetchBounds, fetchAudio, fetchFailureReason } from './fetch-audio.ts';

export interface TranscriptionDeps extends StageDeps {
  storage: ObjectStore;
  engine: Engine;
  outbound: Outbound;
  lexicons: ExplicitLexicons;
  /** The audio_url GET's bounds; the policy's unless a test shortens them. */
  fetchBounds?: FetchBounds;
}

const MAX_FETCH_ATTEMPTS = 3;

export function transcriptionProcessor(deps: TranscriptionDeps): ProcessorSpec<'submissions'> {
  return stageProcessor(deps, {
    name: 'transcription',
    topics: CONSUMER_GROUPS.transcription,
    jobStage: 'transcribing',
    claim: (j) => ({
      transcription_attempt: j.transcription_attempt + 1,
      transcription_started_at: j.transcription_started_at ?? new Date(),
    }),
    async work(claimed, language, { ctx, fail, isAtStage }) {
      let current = claimed;
      ctx.log.info({ attempt: current.transcription_attempt }, 'transcription started');

      if (!current.audio_key) {
        if (!current.audio_url) return fail('The job has no audio');
        try {
          const fetched = await fetchAudio(
            current.audio_url,
            deps.storage,
            deps.outbound,
            current.org_id,
            deps.fetchBounds,
          );
          const stored = await deps.writer.change(
            current.job_id,
            (j) => (isAtStage(j) ? { patch: { audio_key: fetched.key, audio_format: fetched.format } } : null),
            current,
          );
          if (!stored?.changed) return;
          current = stored.job;
        } catch (error) {
          if (error instanceof AudioFetchFailure) return fail(error.message);
          // Network trouble (DNS, refused, reset) is retried a few times, then recorded on the job.
          if (current.transcription_attempt >= MAX_FETCH_ATTEMPTS) {
            ctx.log.warn({ err: error }, 'audio_url fetch failed for good');
            return fail(
              `audio_url could not be fetched after ${MAX_FETCH_ATTEMPTS} attempts: ${fetchFailureReason(error)}`,
            );
          }
          throw error;
        }
      }

      const result = await deps.engine.transcribe({
        audioKey: current.audio_key!,
        language,
        romanisation: current.romanisation,
      });
      await deps.writer.changeIfAllowed(
        current.job_id,
        (j) =>
          isAtStage(j)
            ? {
                patch: {
                  duration_seconds: result.duration_seconds,
                  results: {
                    ...result.results,
                    ...resultTexts(result.lines),
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
    },
  });
}
