import type { TopicKey } from '../core/ports/publisher.ts';
import { RETRY_TOPICS } from '../core/webhooks/schedule.ts';
/** Which topics each consumer group reads: the processors subscribe from here, and /metrics reports lag from here. */

export const CONSUMER_GROUPS = {
  transcription: ['submissions'],
  alignment: ['stageResults'],
  webhook: ['jobEvents', ...RETRY_TOPICS],
} as const satisfies Record<string, readonly TopicKey[]>;
