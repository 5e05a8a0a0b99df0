import kafkajs, { type ITopicMetadata } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { leadersElected, settled } from '../../../sinks/kafka/setup.ts';

const FAST = { initialRetryTimeMs: 1, factor: 1, jitter: 0, maxRetryTimeMs: 1, retries: 5 };
const topic = (leader: number) => ({
  name: 'verse.jobs',
  partitions: [{ partitionId: 0, leader, replicas: [1, 2, 3] }],
});

/** A cluster whose brokers learn of a new topic one step at a time, as they do after CreateTopics. */
function settlingCluster(answers: (() => unknown)[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    async fetchTopicMetadata() {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      return answer() as { topics: ITopicMetadata[] };
    },
  };
}

describe('waiting for a new topic on a cluster', () => {
  it('waits through "unknown topic" and partitions without a leader, then answers', async () => {
    const unknownTopic = () => {
      // What kafkajs throws for the broker's UNKNOWN_TOPIC_OR_PARTITION answer.
      throw new kafkajs.KafkaJSProtocolError(
        Object.assign(new Error('This server does not host this topic-partition'), {
          type: 'UNKNOWN_TOPIC_OR_PARTITION',
          code: 3,
          retriable: true,
        }),
      );
    };
    const cluster = settlingCluster([unknownTopic, () => ({ topics: [topic(-1)] }), () => ({ topics: [topic(2)] })]);
    const metadata = await settled(() => leadersElected(cluster, [{ name: 'verse.jobs' }]), FAST);
    expect(metadata.topics[0]!.partitions[0]!.leader).toBe(2);
    expect(cluster.calls).toBe(3);
  });

  it('gives up once its tries run out, saying which topic has no leader', async () => {
    const cluster = settlingCluster([() => ({ topics: [topic(-1)] })]);
    await expect(settled(() => leadersElected(cluster, [{ name: 'verse.jobs' }]), FAST)).rejects.toThrow(
      /no leader yet for partitions of verse.jobs/,
    );
    expect(cluster.calls).toBe(FAST.retries + 1);
  });

  it('does not retry a failure that is not retriable', async () => {
    const cluster = settlingCluster([
      () => {
        throw new kafkajs.KafkaJSNonRetriableError('authorization failed');
      },
    ]);
    await expect(settled(() => leadersElected(cluster, [{ name: 'verse.jobs' }]), FAST)).rejects.toThrow(
      'authorization failed',
    );
    expect(cluster.calls).toBe(1);
  });
});
