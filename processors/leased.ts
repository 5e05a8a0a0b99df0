/**
 * Wraps a stage's handler in its per-job lock (core/ports/locks.ts): while another member holds
 * this stage of this job, the message waits (its partition pauses) instead of running the stage a
 * second time at once.
 */

import { type Locks, lockName } from '../core/ports/locks.ts';
import type { TopicKey } from '../core/ports/publisher.ts';
import { NotDueError, type ProcessorSpec } from './runtime.ts';

const LOOK_AGAIN_MS = 5000;

export function leased<K extends TopicKey>(locks: Locks, stage: string, spec: ProcessorSpec<K>): ProcessorSpec<K> {
  return {
    ...spec,
    async handle(message, context) {
      const jobId = (message as { job_id: string }).job_id;
      const lease = await locks.acquire(lockName.stage(stage, jobId));
      if (!lease) {
        context.log.info({ stage }, 'another member holds this stage of the job; waiting');
        throw new NotDueError(LOOK_AGAIN_MS);
      }
      try {
        await spec.handle(message, context);
      } finally {
        await lease.release();
      }
    },
  };
}
