/**
 * The review-timer processor: every few seconds it fires due timers (the pipeline allowances and the
 * transcript-gate review wait). Safe to run as several instances: every change it makes is a
 * compare-and-set that only applies while the condition still holds.
 */

import type { JobWriter } from '../../core/app/job-writer.ts';
import type { Logger } from '../../core/logger.ts';
import type { Timers } from '../../core/ports/timers.ts';
import type { RunningProcessor } from '../runtime.ts';
import { startTicker } from '../ticker.ts';
import { fireDueTimers } from './timers.ts';

export const TICK_MS = 2000;

export function startReviewTimer(deps: { timers: Timers; writer: JobWriter; logger: Logger }): RunningProcessor {
  return startTicker(
    {
      name: 'review-timer',
      intervalMs: TICK_MS,
      tick: async () => ({ fired: await fireDueTimers(deps.timers, deps.writer) }),
    },
    deps.logger,
  );
}
