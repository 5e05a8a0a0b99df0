/**
 * Publishing to the pipeline's topics, by their logical names; each carries one generated message
 * type. Adapter: sinks/kafka/publisher.ts (schema-registry encoded). In-memory double:
 * test/doubles/publisher.ts.
 */
import type { DeadLetterMessage } from '../../schemas/generated/topics/dead-letter.ts';
import type { JobChangeMessage } from '../../schemas/generated/topics/job-change.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import type { StageResultMessage } from '../../schemas/generated/topics/stage-result.ts';
import type { SubmissionMessage } from '../../schemas/generated/topics/submission.ts';
import type { WebhookAttemptMessage } from '../../schemas/generated/topics/webhook-attempt.ts';

export const TOPIC_KEYS = [
  'submissions',
  'stageResults',
  'jobEvents',
  'webhookRetry1m',
  'webhookRetry5m',
  'webhookRetry30m',
  'deadLetters',
  'jobChanges',
] as const;
export type TopicKey = (typeof TOPIC_KEYS)[number];

export interface TopicMessages {
  submissions: SubmissionMessage;
  stageResults: StageResultMessage;
  jobEvents: JobEventMessage;
  webhookRetry1m: WebhookAttemptMessage;
  webhookRetry5m: WebhookAttemptMessage;
  webhookRetry30m: WebhookAttemptMessage;
  deadLetters: DeadLetterMessage;
  jobChanges: JobChangeMessage;
}

export type MessageOf<K extends TopicKey> = TopicMessages[K];

export interface Publisher {
  publish<K extends TopicKey>(topic: K, key: string, message: MessageOf<K>): Promise<void>;
}
