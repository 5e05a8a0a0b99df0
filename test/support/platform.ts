/** Real adapters for integration tests, in the verse_test namespace, plus helpers to provision callers. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { newJobRecord } from '../../core/app/create-jobs.ts';
import { type Config, loadConfig } from '../../core/config.ts';
import { newUuid } from '../../core/ids.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { parseSubmission } from '../../core/jobs/submission.ts';
import { createLogger } from '../../core/logger.ts';
import type { Engine } from '../../core/ports/engine.ts';
import { createOrganisation } from '../../core/provisioning.ts';
import type { Plan, Scope } from '../../core/tenancy.ts';
import { buildGateway } from '../../gateway/app.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import { wavTone } from './audio.ts';

export const TEST_NAMESPACE = 'verse_test';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    VERSE_MODE: 'development',
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: TEST_NAMESPACE,
    VERSE_LOG_LEVEL: process.env.VERSE_TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  });
}

export async function connectTestPlatform(overrides: Record<string, string> = {}): Promise<Platform> {
  const config = testConfig(overrides);
  return connectPlatform(config, createLogger(config.logLevel, 'test'), `verse-test-${process.pid}`);
}

/** The gateway on the platform; `engine` replaces the speech engine (e.g. the pipeline's double). */
export async function testGateway(platform: Platform, overrides: { engine?: Engine } = {}) {
  const jobServices = { ...platform.jobServices, ...overrides };
  const app = await buildGateway({ ...platform, jobServices });
  await app.ready();
  return app;
}

/**
 * A live platform and a gateway over it for the file's tests, closed after them: `use` receives
 * both once they are up (and may set up more with them).
 */
export function withTestGateway(
  use: (platform: Platform, app: FastifyInstance) => void | Promise<void>,
  overrides: Record<string, string> = {},
): void {
  let platform: Platform | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    platform = await connectTestPlatform(overrides);
    app = await testGateway(platform);
    await use(platform, app);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.close();
  });
}

export async function testOrg(
  platform: Platform,
  options: { plan?: Plan; credits?: number; scope?: Scope; limits?: Record<string, number> } = {},
) {
  const org = await createOrganisation(platform.orgs, {
    name: `test-${Date.now()}`,
    plan: options.plan ?? 'full',
    credits: options.credits ?? 100,
    scope: options.scope ?? 'all',
  });
  if (options.limits) await platform.orgs.setLimits(org.org_id, options.limits);
  return { ...org, auth: { authorization: `Bearer ${org.api_key}` } };
}

/** A job whose 1 s of audio is already in storage, as after an upload; the record is not stored. */
export async function uploadedJobRecord(platform: Platform, orgId: string): Promise<JobRecord> {
  const key = `audio/${orgId}/${newUuid()}`;
  await platform.jobServices.storage.put(key, wavTone(1));
  const input = parseSubmission({ language: 'English' }, 'json');
  return newJobRecord(
    newUuid(),
    { org_id: orgId, key_id: null },
    { input, audio: { source: 'upload', upload: { key, format: 'wav', filename: 'a', sha256: '', size: 0 } } },
    null,
    null,
    new Date(),
  );
}

/** A job row created through the real writer (outbox, feed, topics), without going through HTTP. */
export async function createTestJob(
  platform: Platform,
  orgId: string,
  fields: Record<string, unknown> = {},
): Promise<JobRecord> {
  const input = parseSubmission(
    { language: 'English', audio_url: 'https://audio.example.com/song.mp3', ...fields },
    'json',
  );
  const record = newJobRecord(
    newUuid(),
    { org_id: orgId, key_id: null },
    { input, audio: { source: 'url', url: input.audio_url! } },
    null,
    null,
    new Date(),
  );
  await platform.jobServices.writer.create(record);
  return record;
}
