/** Which generated message type travels on which topic. */
import type { DeadLetterMessage } from '../../schemas/generated/topics/dead-letter.ts';
import type { JobChangeMessage } from '../../schemas/generated/topics/job-change.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import type { StageResultMessage } from '../../schemas/generated/topics/stage-result.ts';
import type { SubmissionMessage } from '../../schemas/generated/topics/submission.ts';
import type { WebhookAttemptMessage } from '../../schemas/generated/topics/webhook-attempt.ts';
import type { TopicKey } from './topics.ts';

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
