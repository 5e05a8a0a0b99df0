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
import { RETRY_TOPICS, type RetryTopic } from '../webhooks/schedule.ts';

export const TOPIC_KEYS = [
  'submissions',
  'stageResults',
  'jobEvents',
  ...RETRY_TOPICS,
  'deadLetters',
  'jobChanges',
] as const;
export type TopicKey = (typeof TOPIC_KEYS)[number];

interface NamedTopicMessages {
  submissions: SubmissionMessage;
  stageResults: StageResultMessage;
  jobEvents: JobEventMessage;
  deadLetters: DeadLetterMessage;
  jobChanges: JobChangeMessage;
}

type TopicMessages = NamedTopicMessages & Record<RetryTopic, WebhookAttemptMessage>;

export type MessageOf<K extends TopicKey> = TopicMessages[K];

export interface Publisher {
  publish<K extends TopicKey>(topic: K, key: string, message: MessageOf<K>): Promise<void>;
}
