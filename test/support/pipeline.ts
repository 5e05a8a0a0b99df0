/**
 * Runs the transcription and alignment processors in-process against the real topics, with an
 * engine double, scoped to the organisations a test file creates (other files' jobs are ignored).
 */
import { randomUUID } from 'node:crypto';
import { WebhookSender } from '../../core/app/webhook-sender.ts';
import type { Clock } from '../../core/clock.ts';
import type { Outbound } from '../../core/ports/outbound.ts';
import type { TopicKey } from '../../core/ports/publisher.ts';
import type { Platform } from '../../ops/platform.ts';
import { alignmentProcessor } from '../../processors/alignment/alignment.ts';
import { type ProcessorSpec, type RunningProcessor, startProcessor } from '../../processors/runtime.ts';
import type { FetchBounds } from '../../processors/transcription/fetch-audio.ts';
import { transcriptionProcessor } from '../../processors/transcription/transcription.ts';
import { webhookProcessor } from '../../processors/webhook/webhook.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import { FakeEngine } from '../doubles/engine.ts';

function only<K extends TopicKey>(orgs: Set<string>, spec: ProcessorSpec<K>, suffix: string): ProcessorSpec<K> {
  return {
    ...spec,
    group: `${spec.group}-${suffix}`,
    handle: (message, ctx) =>
      orgs.has((message as { org_id: string }).org_id) ? spec.handle(message, ctx) : Promise.resolve(),
  };
}

export interface TestPipeline {
  engine: FakeEngine;
  orgs: Set<string>;
  stop(): Promise<void>;
}

export async function startTestPipeline(
  platform: Platform,
  options: { fetchBounds?: FetchBounds } = {},
): Promise<TestPipeline> {
  const engine = new FakeEngine(platform.jobServices.storage);
  const orgs = new Set<string>();
  const suffix = randomUUID().slice(0, 8);
  const transcription = transcriptionProcessor({ ...platform.jobServices, engine, fetchBounds: options.fetchBounds });
  const running: RunningProcessor[] = [
    await startProcessor(platform, only(orgs, transcription, suffix)),
    await startProcessor(platform, only(orgs, alignmentProcessor({ ...platform.jobServices, engine }), suffix)),
  ];
  return {
    engine,
    orgs,
    stop: async () => {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}

/**
 * The webhook processor in-process, on a clock the test moves, with its own consumer group and
 * scoped to the given organisations. Retries not yet due re-check the clock every 100 ms.
 */
export async function startTestWebhooks(
  platform: Platform,
  clock: Clock,
  orgs: Set<string>,
  outbound: Outbound = platform.jobServices.outbound,
): Promise<RunningProcessor & { sender: WebhookSender }> {
  const { webhooks } = platform.jobServices;
  const sender = new WebhookSender({ ...webhooks, orgs: platform.orgs, outbound, clock });
  const spec = webhookProcessor({
    ...webhooks,
    sender,
    jobs: platform.jobServices.jobs,
    batches: platform.jobServices.batches,
    publisher: platform.publisher,
    baseUrl: platform.config.baseUrl,
    reviewSecret: platform.config.reviewSecret,
    clock,
    recheckMs: 100,
  });
  const running = await startProcessor(platform, only(orgs, spec, randomUUID().slice(0, 8)));
  return { ...running, sender };
}

/**
 * Publishes a job event as the job writer would (for webhook tests that need one event without
 * running a job through the pipeline). Returns its event id, the webhook-id receivers see.
 */
export async function publishJobEvent(
  platform: Platform,
  job: { job_id: string; org_id: string },
  event: JobEventMessage['event'],
  options: { version: number; retry: boolean },
): Promise<string> {
  const eventId = `evt_${job.job_id}_${event}_${options.version}`;
  await platform.publisher.publish('jobEvents', job.job_id, {
    event_id: eventId,
    event,
    org_id: job.org_id,
    job_id: job.job_id,
    batch_id: null,
    occurred_at: new Date().toISOString(),
    retry: options.retry,
  });
  return eventId;
}

export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
