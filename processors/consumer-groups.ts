/** Which topics each consumer group reads: the processors subscribe from here, and /metrics reports lag from here. */
import type { TopicKey } from '../sinks/kafka/topics.ts';

export const CONSUMER_GROUPS = {
  transcription: ['submissions'],
  alignment: ['stageResults'],
  webhook: ['jobEvents', 'webhookRetry1m', 'webhookRetry5m', 'webhookRetry30m'],
} as const satisfies Record<string, readonly TopicKey[]>;
