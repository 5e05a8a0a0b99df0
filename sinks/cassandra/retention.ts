/**
 * Cassandra time-to-live for the retention periods of core/policy.ts: a row written `from` expires
 * when its period from then is over, whenever it is written (an update later in its life expires
 * with the rest of the row, never after it).
 */
export function ttlSeconds(retentionMs: number, from: Date, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((from.getTime() + retentionMs - now.getTime()) / 1000));
}
