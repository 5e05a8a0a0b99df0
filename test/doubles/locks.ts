/** Locks in memory: one holder per name, released by its holder (core/ports/locks.ts). */
import type { HeldLock, Locks } from '../../core/ports/locks.ts';

export class MemoryLocks implements Locks {
  readonly held = new Set<string>();

  async acquire(name: string): Promise<HeldLock | null> {
    if (this.held.has(name)) return null;
    this.held.add(name);
    return { release: async () => void this.held.delete(name) };
  }
}
