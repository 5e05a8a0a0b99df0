/**
 * The topic layout. Keys are job ids (batch ids for batch events) so one job's messages stay in
 * order on one partition; partitions bound how many consumers a group can use.
 */
import type { Config } from '../../core/config.ts';
import { TOPIC_KEYS, type TopicKey } from '../../core/ports/publisher.ts';
import { isRetryTopic, RETRIES, type RetryTopic } from '../../core/webhooks/schedule.ts';

export interface TopicSpec {
  key: TopicKey;
  name: string;
  /** $id of the JSON Schema in schemas/topics that every value on the topic must match. */
  schema: string;
  config: Record<string, string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const retention = (days: number) => ({ 'cleanup.policy': 'delete', 'retention.ms': String(days * DAY_MS) });

type Layout = { suffix: string; schema: string; config: Record<string, string> };

const LAYOUT: Record<Exclude<TopicKey, RetryTopic>, Layout> = {
  submissions: { suffix: 'submissions', schema: 'submission.json', config: retention(7) },
  stageResults: { suffix: 'stage-results', schema: 'stage-result.json', config: retention(7) },
  jobEvents: { suffix: 'job-events', schema: 'job-event.json', config: retention(7) },
  deadLetters: { suffix: 'dead-letters', schema: 'dead-letter.json', config: retention(30) },
  // Compacted: the latest change per job id is kept forever, so a new data-team consumer can rebuild state.
  jobChanges: {
    suffix: 'jobs.changes',
    schema: 'job-change.json',
    config: {
      'cleanup.policy': 'compact',
      'min.compaction.lag.ms': String(60 * 60 * 1000),
      'segment.ms': String(DAY_MS),
    },
  },
};

/** A retry's topic is named after its delay (webhook-retry-5m): core/webhooks/schedule.ts. */
function retryLayout(topic: RetryTopic): Layout {
  const { delayMinutes } = RETRIES.find((r) => r.topic === topic)!;
  return { suffix: `webhook-retry-${delayMinutes}m`, schema: 'webhook-attempt.json', config: retention(2) };
}

export function topicsFor(config: Config): Record<TopicKey, TopicSpec> {
  const out = {} as Record<TopicKey, TopicSpec>;
  for (const key of TOPIC_KEYS) {
    const { suffix, schema, config: topicConfig } = isRetryTopic(key) ? retryLayout(key) : LAYOUT[key];
    out[key] = { key, name: `${config.namespace}.${suffix}`, schema, config: topicConfig };
  }
  return out;
}

export const subjectOf = (topic: string) => `${topic}-value`;
