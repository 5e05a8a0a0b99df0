import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { type RunningProcessor, startProcessor } from '../../processors/runtime.ts';
import { connectTestPlatform } from '../support/platform.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('a handler that runs longer than the session timeout', () => {
  it('keeps its member in the group: the message is handled once, not redelivered after a rebalance', async () => {
    const group = `long-handler-${randomUUID().slice(0, 8)}`;
    const orgId = `org_${randomUUID()}`;
    const jobId = randomUUID();
    let calls = 0;
    let finished = false;
    let running: RunningProcessor | undefined;
    try {
      running = await startProcessor(platform, {
        group,
        topics: ['submissions'],
        async handle(message) {
          if (message.org_id !== orgId) return;
          calls++;
          await new Promise((r) => setTimeout(r, 16_000)); // the session times out after 10 s
          finished = true;
        },
      });
      await platform.publisher.publish('submissions', jobId, {
        job_id: jobId,
        org_id: orgId,
        reason: 'submitted',
        published_at: new Date().toISOString(),
      });
      for (let i = 0; i < 600 && !finished; i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 8_000)); // a redelivery would start by now
      expect(finished).toBe(true);
      expect(calls).toBe(1);
    } finally {
      await running?.stop();
    }
  }, 120_000);
});
