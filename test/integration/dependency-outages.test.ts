/**
 * A dependency that is down is waited out, never turned into a dead letter; a message that really
 * is poison records the failure of the job it carries as it is dead-lettered; and an operator can
 * list and re-drive what was set aside.
 */
import { randomUUID } from 'node:crypto';
import cassandra from 'cassandra-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_MESSAGE } from '../../core/app/dead-letters.ts';
import type { Platform } from '../../ops/platform.ts';
import { type RunningProcessor, startProcessor } from '../../processors/runtime.ts';
import { transcriptionProcessor } from '../../processors/transcription/transcription.ts';
import type { SubmissionMessage } from '../../schemas/generated/topics/submission.ts';
import { listDeadLetters, replayDeadLetters } from '../../sinks/kafka/dead-letters.ts';
import type { SchemaRegistryPool } from '../../sinks/kafka/registry-pool.ts';
import { topicsFor } from '../../sinks/kafka/topics.ts';
import { FakeEngine } from '../doubles/engine.ts';
import { eventually } from '../support/pipeline.ts';
import { connectTestPlatform, createTestJob, testOrg } from '../support/platform.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const submission = (jobId: string, orgId: string): SubmissionMessage => ({
  job_id: jobId,
  org_id: orgId,
  reason: 'submitted',
  published_at: new Date().toISOString(),
});

/** What the registry client reports when its instance refuses the connection. */
function registryRefused(): Error {
  return Object.assign(
    new Error('Confluent_Schema_Registry - Error, status 400: connect ECONNREFUSED 127.0.0.1:8081'),
    {
      name: 'ResponseError',
      status: 400,
    },
  );
}

async function deadLettersOf(key: string): Promise<number> {
  return (await listDeadLetters(platform.kafka, platform.registry, platform.config)).filter((d) => d.key === key)
    .length;
}

describe('a dependency that is down', () => {
  it('is a backlog, not a poison message: the registry and Cassandra down for longer than the retries allow', async () => {
    const group = `outage-${randomUUID().slice(0, 8)}`;
    const orgId = `org_${randomUUID()}`;
    const jobId = randomUUID();
    let decodeFailures = 0;
    let handlerFailures = 0;
    const handled: string[] = [];
    // The registry refuses the first 4 decodes of this job's message, Cassandra the first 4 handlings:
    // each more than the 2 retries a failing handler gets before its message is dead-lettered.
    const registry: SchemaRegistryPool = {
      ...platform.registry,
      encode: (id, m) => platform.registry.encode(id, m),
      getLatestSchemaId: (s) => platform.registry.getLatestSchemaId(s),
      register: (schema, subject) => platform.registry.register(schema, subject),
      async decode(buffer) {
        const value = (await platform.registry.decode(buffer)) as SubmissionMessage;
        if (value.job_id === jobId && decodeFailures++ < 4) throw registryRefused();
        return value;
      },
    };
    let running: RunningProcessor | undefined;
    try {
      running = await startProcessor(
        { ...platform, registry },
        {
          group,
          topics: ['submissions'],
          retry: { retries: 2, initialRetryTimeMs: 50 },
          async handle(message) {
            if (message.job_id !== jobId) return;
            if (handlerFailures++ < 4) throw new cassandra.errors.NoHostAvailableError({});
            handled.push(message.job_id);
          },
        },
      );
      await platform.publisher.publish('submissions', jobId, submission(jobId, orgId));
      await eventually(async () => (handled.length > 0 ? true : null), 60_000);
      expect(handled).toEqual([jobId]);
      expect(decodeFailures).toBeGreaterThan(4);
      expect(handlerFailures).toBe(5);
      expect(await deadLettersOf(jobId)).toBe(0);
    } finally {
      await running?.stop();
    }
  });
});

describe('a message that really is poison', () => {
  it('fails the job it carries as it is dead-lettered, and can be listed and replayed', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id);
    const group = `poison-${randomUUID().slice(0, 8)}`;
    const engine = new FakeEngine(platform.jobServices.storage);
    const spec = transcriptionProcessor({ ...platform.jobServices, engine });
    let running: RunningProcessor | undefined;
    try {
      running = await startProcessor(platform, {
        ...spec,
        group,
        // The job's own submission is left alone (its audio_url leads nowhere): only the poison moves it.
        handle: async () => undefined,
      });
      const producer = platform.kafka.producer();
      await producer.connect();
      await producer.send({
        topic: topicsFor(platform.config).submissions.name,
        messages: [{ key: job.job_id, value: Buffer.from('not framed by the registry') }],
      });
      const failed = await eventually(async () => {
        const j = await platform.jobServices.jobs.get(job.job_id);
        return j?.lifecycle.status === 'failed' ? j : null;
      });
      expect(failed.lifecycle.error).toMatchObject({ stage: 'transcription', message: DEAD_LETTER_MESSAGE });

      const parked = await eventually(async () => {
        const all = await listDeadLetters(platform.kafka, platform.registry, platform.config);
        return all.find((d) => d.key === job.job_id && d.consumer_group.endsWith(group)) ?? null;
      });
      expect(parked.error).toMatch(/^undecodable/);
      expect(Buffer.from(parked.value_base64, 'base64').toString()).toBe('not framed by the registry');

      // Re-driven, the same bytes reach the group again, which sets them aside again.
      const before = await deadLettersOf(job.job_id);
      const outcome = await replayDeadLetters(platform.kafka, platform.registry, platform.config, parked.at);
      expect(outcome.replayed).toEqual([{ source_topic: parked.source_topic, key: job.job_id, at: parked.at }]);
      await producer.disconnect();
      await eventually(async () => ((await deadLettersOf(job.job_id)) > before ? true : null));
    } finally {
      await running?.stop();
    }
  });
});
