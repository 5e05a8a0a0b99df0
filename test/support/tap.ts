/**
 * A consumer of topics from now on, as a data team would run one: each message is decoded into the
 * array given for its topic. It has joined its group when this returns, so what a test does next
 * is seen.
 */

import type { TopicKey } from '../../core/ports/publisher.ts';
import type { Platform } from '../../ops/platform.ts';
import { topicsFor } from '../../sinks/kafka/topics.ts';

export async function tapTopics(
  platform: Platform,
  name: string,
  into: Partial<Record<TopicKey, unknown[]>>,
): Promise<() => Promise<void>> {
  const topics = topicsFor(platform.config);
  const byName = new Map(Object.entries(into).map(([key, list]) => [topics[key as TopicKey].name, list]));
  const tap = platform.kafka.consumer({ groupId: `${name}-tap-${Date.now()}` });
  await tap.connect();
  await tap.subscribe({ topics: [...byName.keys()], fromBeginning: false });
  await tap.run({
    eachMessage: async ({ topic, message }) => {
      byName.get(topic)?.push(await platform.registry.decode(message.value!));
    },
  });
  await new Promise((r) => setTimeout(r, 1500));
  return () => tap.disconnect();
}
