/**
 * Which of `count` partitions a job's rows go to (the outbox's per-bucket shards, the usage shards):
 * a stable hash of its id, so every write and read of one job agrees without storing the choice.
 */
export function shardOf(jobId: string, count: number): number {
  let h = 0;
  for (const c of jobId) h = (h * 31 + c.charCodeAt(0)) | 0;
  return Math.abs(h) % count;
}
