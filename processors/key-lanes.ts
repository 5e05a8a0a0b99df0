/**
 * Handles one fetched batch of a partition with several messages in flight while keeping the order
 * Kafka promises per key: messages with the same key (one job) run one after another in offset
 * order, messages with different keys side by side, each holding one of the member's slots.
 *
 * An offset is resolved only when it and every offset before it in the batch are done, so a commit
 * never passes a message still in flight and a crash redelivers whatever was unfinished (handlers
 * are idempotent). A message that is not due yet halts the batch: nothing new starts, what is
 * running finishes, and the offsets from the first unfinished one on stay unresolved, to be fetched
 * again after the partition's pause. Messages past it that did finish are then handled again, which
 * at-least-once delivery allows.
 */
import type { Slots } from './slots.ts';

export interface LaneMessage {
  key: string | null;
  offset: string;
}

export interface LaneOptions<M extends LaneMessage> {
  slots: Slots;
  /** Handles one message; returns how long to wait when it is not due yet, else null (done with it). */
  handle(message: M): Promise<number | null>;
  /** Marks an offset done; called in offset order, each offset once. */
  resolve(offset: string): void;
  /** After each offset is resolved: commit and heartbeat, as the consumer sees fit. */
  settle(): Promise<void>;
  /** False once the consumer stops or the batch went stale (a rebalance): nothing new starts. */
  keepGoing(): boolean;
}

/** Runs the batch; returns how long its partition should pause when a message was not due, else null. */
export async function handleInLanes<M extends LaneMessage>(
  messages: M[],
  options: LaneOptions<M>,
): Promise<number | null> {
  const lanes = new Map<string, number[]>();
  messages.forEach((message, index) => {
    // A message without a key has no order to keep with any other.
    const lane = message.key === null ? `\u0000${index}` : `k:${message.key}`;
    const indexes = lanes.get(lane);
    if (indexes) indexes.push(index);
    else lanes.set(lane, [index]);
  });

  const done = new Array<boolean>(messages.length).fill(false);
  let resolvedUpTo = 0;
  let notDueMs: number | null = null;
  let settling = Promise.resolve();
  const halted = () => notDueMs !== null || !options.keepGoing();

  const finish = (index: number) => {
    done[index] = true;
    const before = resolvedUpTo;
    while (resolvedUpTo < messages.length && done[resolvedUpTo]) options.resolve(messages[resolvedUpTo++]!.offset);
    // One commit at a time: each sees every offset resolved before it.
    if (resolvedUpTo > before) {
      settling = settling.then(() => options.settle());
      // Handled here so a failed commit is not reported as unhandled while lanes still run; it is
      // thrown from the final await below.
      settling.catch(() => undefined);
    }
  };

  const runLane = async (indexes: number[]) => {
    for (const index of indexes) {
      if (halted()) return;
      const waitMs = await options.slots.run(async () => (halted() ? undefined : options.handle(messages[index]!)));
      if (waitMs === undefined) return;
      if (waitMs !== null) {
        notDueMs = Math.min(notDueMs ?? waitMs, waitMs);
        return;
      }
      finish(index);
    }
  };

  const outcomes = await Promise.allSettled([...lanes.values()].map(runLane));
  await settling;
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) throw failed.reason;
  return notDueMs;
}
