/**
 * The loop of a processor that works on a timer rather than a topic (the review-timer, the outbox
 * sweeper): one tick at a time, a pause between ticks, a failed tick logged and tried again on the
 * next one, and a stop that waits for the tick in flight.
 */
import type { Logger } from '../core/logger.ts';
import type { RunningProcessor } from './runtime.ts';

export interface TickerSpec {
  name: string;
  intervalMs: number;
  /** One round of work; what it returns is logged when it did something. */
  tick(): Promise<Record<string, number>>;
}

export function startTicker(spec: TickerSpec, logger: Logger): RunningProcessor {
  const log = logger.child({ processor: spec.name });
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const once = async () => {
    try {
      const done = await spec.tick();
      if (Object.values(done).some((n) => n > 0)) log.info(done, `${spec.name} tick`);
    } catch (error) {
      log.error({ err: error }, `${spec.name} tick failed; retrying next tick`);
    }
  };
  const loop = async () => {
    while (!stopped) {
      running = once();
      await running;
      await new Promise((r) => setTimeout(r, spec.intervalMs));
    }
  };
  void loop();
  log.info(`${spec.name} started`);
  return {
    group: spec.name,
    async stop() {
      stopped = true;
      await running;
    },
    // A failed tick is tried again on the next one: nothing here stops the loop for good.
    failure: new Promise<Error>(() => {}),
  };
}
