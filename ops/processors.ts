/** Every processor the platform runs, by name. `verse serve` starts one process per entry. */

import { systemClock } from '../core/clock.ts';
import { alignmentProcessor } from '../processors/alignment/alignment.ts';
import { startReviewTimer } from '../processors/review-timer/review-timer.ts';
import { type RunningProcessor, startProcessor } from '../processors/runtime.ts';
import { startSweeper } from '../processors/sweeper/sweeper.ts';
import { transcriptionProcessor } from '../processors/transcription/transcription.ts';
import { webhookProcessor } from '../processors/webhook/webhook.ts';
import type { Platform } from './platform.ts';

export type ProcessorStarter = (platform: Platform) => Promise<RunningProcessor>;

export const PROCESSORS: Record<string, ProcessorStarter> = {
  transcription: (p) => startProcessor(p, transcriptionProcessor(p.jobServices)),
  alignment: (p) => startProcessor(p, alignmentProcessor(p.jobServices)),
  webhook: (p) =>
    startProcessor(
      p,
      webhookProcessor({
        ...p.jobServices.webhooks,
        jobs: p.jobServices.jobs,
        batches: p.jobServices.batches,
        publisher: p.publisher,
        baseUrl: p.config.baseUrl,
        reviewSecret: p.config.reviewSecret,
        clock: systemClock,
      }),
    ),
  'review-timer': async (p) => startReviewTimer({ timers: p.timers, writer: p.jobServices.writer, logger: p.logger }),
  sweeper: async (p) =>
    startSweeper({ writer: p.jobServices.writer, logger: p.logger, sharedMetrics: p.sharedMetrics }),
};
