import { EventEmitter } from 'node:events';
import type { Kafka } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { createLogger } from '../../../core/logger.ts';
import type { Publisher } from '../../../core/ports/publisher.ts';
import { type RunningProcessor, startProcessor } from '../../../processors/runtime.ts';
import type { SchemaRegistryPool } from '../../../sinks/kafka/registry-pool.ts';

/** A consumer that connects, subscribes and runs without a broker, and whose crash events the test raises. */
function fakeKafka() {
  const events = new EventEmitter();
  const consumer = {
    events: { CRASH: 'consumer.crash' },
    on: (name: string, listener: (event: unknown) => void) => events.on(name, listener),
    connect: async () => undefined,
    subscribe: async () => undefined,
    run: async () => undefined,
    disconnect: async () => undefined,
  };
  const crash = (restart: boolean) =>
    events.emit('consumer.crash', { payload: { error: new Error('broker said no'), restart } });
  return { kafka: { consumer: () => consumer } as unknown as Kafka, crash };
}

async function start(kafka: Kafka): Promise<RunningProcessor> {
  return startProcessor(
    {
      config: loadConfig({ VERSE_MODE: 'development' }),
      kafka,
      registry: {} as SchemaRegistryPool,
      publisher: {} as Publisher,
      logger: createLogger('silent', 'runtime-test'),
    },
    { group: 'alignment', topics: ['stageResults'], handle: async () => undefined },
  );
}

const settled = (p: Promise<unknown>) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

describe('processor runtime: a consumer that stops for good', () => {
  it('reports a crash kafkajs will not restart from, so the process can exit and be restarted', async () => {
    const { kafka, crash } = fakeKafka();
    const running = await start(kafka);
    crash(false);
    expect((await running.failure).message).toBe('broker said no');
  });

  it('does not report a crash kafkajs restarts from by itself', async () => {
    const { kafka, crash } = fakeKafka();
    const running = await start(kafka);
    crash(true);
    expect(await settled(running.failure)).toBe(false);
  });

  it('does not report the crash of a consumer being stopped', async () => {
    const { kafka, crash } = fakeKafka();
    const running = await start(kafka);
    await running.stop();
    crash(false);
    expect(await settled(running.failure)).toBe(false);
  });
});
