/**
 * Consumer lag per group and topic: the newest offset of each partition minus the group's
 * committed one (a partition the group never committed counts from its oldest offset).
 */

import type { Admin } from 'kafkajs';
import type { Config } from '../../core/config.ts';
import type { LagRow } from '../../core/ports/metrics.ts';
import type { TopicKey } from '../../core/ports/publisher.ts';
import { topicsFor } from './topics.ts';

export async function consumerLag(
  admin: Admin,
  config: Config,
  groups: Record<string, readonly TopicKey[]>,
): Promise<LagRow[]> {
  const topics = topicsFor(config);
  const rows: LagRow[] = [];
  for (const [group, keys] of Object.entries(groups)) {
    for (const key of keys) {
      const topic = topics[key].name;
      const [ends, committed] = await Promise.all([
        admin.fetchTopicOffsets(topic),
        admin.fetchOffsets({ groupId: `${config.namespace}.${group}`, topics: [topic] }),
      ]);
      const done = new Map((committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)] as const));
      let lag = 0;
      for (const p of ends) {
        const at = done.get(p.partition) ?? -1;
        lag += Number(p.high) - (at >= 0 ? at : Number(p.low));
      }
      rows.push({ group, topic, lag });
    }
  }
  return rows;
}
