/**
 * One kind of lock for every "only one at a time" in the service: a stage of a job in the
 * processors, a synchronous re-alignment in the gateway. A lock is held by a random token and
 * renewed while its holder works, so a holder that dies frees it within LOCK_LEASE_MS instead of
 * blocking its job for a whole allowance, and only the holder can release it.
 * Adapter: sinks/redis/locks.ts. In-memory double: test/doubles/locks.ts.
 */

export interface HeldLock {
  release(): Promise<void>;
}

export interface Locks {
  /** The lock of that name, or null while another holder has it. */
  acquire(name: string): Promise<HeldLock | null>;
}

/** Lock names, so that a stage lease and an alignment never share one by accident. */
export const lockName = {
  stage: (stage: string, jobId: string) => `lease:${stage}:${jobId}`,
  realignment: (jobId: string) => `align-lock:${jobId}`,
};
