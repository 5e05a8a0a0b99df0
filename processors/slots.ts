/**
 * A counting semaphore: at most `size` holders at once, the rest wait in arrival order. One per
 * processor member bounds how many messages it handles at once across all its partitions (the
 * member's `concurrency`, as bullmq's worker option names it).
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`slots must be a positive integer, got ${size}`);
    this.free = size;
  }

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the longest waiter, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
