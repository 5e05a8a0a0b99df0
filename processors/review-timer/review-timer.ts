/**
 * The review-timer processor: every few seconds it fires due timers and redoes the side effects of
 * job changes a crash left unfinished (the outbox sweep). Safe to run as several instances: every
 * change it makes is a compare-and-set that only applies while the condition still holds.
 */

import type { JobWriter } from '../../core/app/job-writer.ts';
import type { Logger } from '../../core/logger.ts';
import type { CassandraTimers } from '../../sinks/cassandra/timers.ts';
import type { RunningProcessor } from '../runtime.ts';
import { fireDueTimers } from './timers.ts';

export const TICK_MS = 2000;

export function startReviewTimer(deps: {
  timers: CassandraTimers;
  writer: JobWriter;
  logger: Logger;
}): RunningProcessor {
  const log = deps.logger.child({ processor: 'review-timer' });
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const fired = await fireDueTimers(deps.timers, deps.writer);
      const swept = await deps.writer.sweep();
      if (fired > 0 || swept > 0) log.info({ fired, swept }, 'review-timer tick');
    } catch (error) {
      log.error({ err: error }, 'review-timer tick failed; retrying next tick');
    }
  };
  const loop = async () => {
    while (!stopped) {
      running = tick();
      await running;
      await new Promise((r) => setTimeout(r, TICK_MS));
    }
  };
  void loop();
  log.info('review-timer started');
  return {
    group: 'review-timer',
    async stop() {
      stopped = true;
      await running;
    },
    // A failed tick is logged and tried again on the next one: nothing here stops the loop for good.
    failure: new Promise<Error>(() => {}),
  };
}
