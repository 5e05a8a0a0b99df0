/**
 * The outbox sweeper (`verse processor sweeper`): every few seconds it redoes the side effects of
 * job changes that a crash or an unavailable Kafka left unfinished (core/app/job-writer.ts). It is
 * the exactly-once guarantee's second half, so it runs on its own rather than inside another
 * processor: scale it like any other (each entry's redo is a compare-and-set, so two sweepers never
 * both redo one), and watch it in /metrics (verse_outbox_sweeps_total, verse_outbox_redone_total,
 * verse_outbox_unswept).
 */

import type { JobWriter } from '../../core/app/job-writer.ts';
import type { Logger } from '../../core/logger.ts';
import type { SharedCounters } from '../../core/ports/metrics.ts';
import type { RunningProcessor } from '../runtime.ts';
import { startTicker } from '../ticker.ts';

export const SWEEP_INTERVAL_MS = 2000;

export function startSweeper(deps: {
  writer: JobWriter;
  logger: Logger;
  sharedMetrics?: SharedCounters;
}): RunningProcessor {
  const count = (name: string, labels: Record<string, string>, by = 1) =>
    deps.sharedMetrics?.count(name, labels, by).catch(() => undefined);
  return startTicker(
    {
      name: 'sweeper',
      intervalMs: SWEEP_INTERVAL_MS,
      tick: async () => {
        try {
          const redone = await deps.writer.sweep();
          await count('verse_outbox_sweeps_total', { outcome: 'ok' });
          if (redone > 0) await count('verse_outbox_redone_total', {}, redone);
          return { redone };
        } catch (error) {
          await count('verse_outbox_sweeps_total', { outcome: 'failed' });
          throw error;
        }
      },
    },
    deps.logger,
  );
}
