import type { TopicKey } from '../core/ports/publisher.ts';
/** Which topics each consumer group reads: the processors subscribe from here, and /metrics reports lag from here. */

export const CONSUMER_GROUPS = {
  transcription: ['submissions'],
  alignment: ['stageResults'],
  webhook: ['jobEvents', 'webhookRetry1m', 'webhookRetry5m', 'webhookRetry30m'],
} as const satisfies Record<string, readonly TopicKey[]>;
