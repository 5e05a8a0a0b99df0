/**
 * The alignment processor (group `alignment`, topic `stage-results`): times the job's final lines
 * (machine transcript or approved text) against its stored audio and records the timings, or the
 * failure. Acts only on jobs whose row says they are aligning (processors/stage.ts).
 */

import type { OutputFiles } from '../../core/app/outputs.ts';
import { realign } from '../../core/app/realign.ts';
import type { Engine } from '../../core/ports/engine.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';
import { CONSUMER_GROUPS } from '../consumer-groups.ts';
import type { ProcessorSpec } from '../runtime.ts';
import { type StageDeps, stageProcessor } from '../stage.ts';

export interface AlignmentDeps extends StageDeps {
  storage: ObjectStore;
  engine: Engine;
  outputs: OutputFiles;
}

export function alignmentProcessor(deps: AlignmentDeps): ProcessorSpec<'stageResults'> {
  return stageProcessor(deps, {
    name: 'alignment',
    topics: CONSUMER_GROUPS.alignment,
    jobStage: 'aligning',
    claim: (j) => ({
      alignment_attempt: j.alignment_attempt + 1,
      alignment_started_at: j.alignment_started_at ?? new Date(),
    }),
    clearedOnFailure: { alignment_started_at: null },
    async work(current, _language, { ctx, fail, isAtStage }) {
      ctx.log.info({ attempt: current.alignment_attempt }, 'alignment started');
      if (!current.audio_key) return fail('No stored audio to align against');
      const timed = await realign(deps.engine, current, current.lines ?? []);
      // The files first: a crash before the job is written leaves only unreferenced files behind.
      await deps.outputs.storeAll({ ...current, ...timed });
      await deps.writer.changeIfAllowed(
        current.job_id,
        (j) =>
          isAtStage(j)
            ? {
                patch: { lines: timed.lines, alignment: timed.alignment, alignment_started_at: null },
                event: { type: 'alignment_finished', at: new Date() },
              }
            : null,
        current,
      );
    },
  });
}
