/**
 * The topic layout. Keys are job ids (batch ids for batch events) so one job's messages stay in
 * order on one partition; partitions bound how many consumers a group can use.
 */
import type { Config } from '../../core/config.ts';
import { TOPIC_KEYS, type TopicKey } from '../../core/ports/publisher.ts';

export interface TopicSpec {
  key: TopicKey;
  name: string;
  /** $id of the JSON Schema in schemas/topics that every value on the topic must match. */
  schema: string;
  config: Record<string, string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const retention = (days: number) => ({ 'cleanup.policy': 'delete', 'retention.ms': String(days * DAY_MS) });

const LAYOUT: Record<TopicKey, { suffix: string; schema: string; config: Record<string, string> }> = {
  submissions: { suffix: 'submissions', schema: 'submission.json', config: retention(7) },
  stageResults: { suffix: 'stage-results', schema: 'stage-result.json', config: retention(7) },
  jobEvents: { suffix: 'job-events', schema: 'job-event.json', config: retention(7) },
  webhookRetry1m: { suffix: 'webhook-retry-1m', schema: 'webhook-attempt.json', config: retention(2) },
  webhookRetry5m: { suffix: 'webhook-retry-5m', schema: 'webhook-attempt.json', config: retention(2) },
  webhookRetry30m: { suffix: 'webhook-retry-30m', schema: 'webhook-attempt.json', config: retention(2) },
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

export function topicsFor(config: Config): Record<TopicKey, TopicSpec> {
  const out = {} as Record<TopicKey, TopicSpec>;
  for (const key of TOPIC_KEYS) {
    const { suffix, schema, config: topicConfig } = LAYOUT[key];
    out[key] = { key, name: `${config.namespace}.${suffix}`, schema, config: topicConfig };
  }
  return out;
}

export const subjectOf = (topic: string) => `${topic}-value`;
