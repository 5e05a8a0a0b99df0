/**
 * The webhook processor SIGKILLed mid-delivery: the receiver holds the first POST open, the process
 * dies, and a fresh process delivers the same event again (same webhook-id, same bytes) because
 * the offset was never committed. At least once, never lost.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import { startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, publishJobEvent } from '../support/pipeline.ts';
import { createTestJob, testOrg } from '../support/platform.ts';

const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');

let platform: Platform;
let receiver: TestHttpsServer;
let env: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];

function startWebhookProcessor(): ChildProcess {
  const child = spawn(VERSE, ['processor', 'webhook'], { env, stdio: 'ignore' });
  children.push(child);
  return child;
}

beforeAll(async () => {
  env = {
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: 'verse_webhook_crash',
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
    VERSE_LOG_LEVEL: 'warn',
  };
  await promisify(execFile)(VERSE, ['migrate'], { env });
  platform = await connectPlatform(loadConfig(env), createLogger('silent', 'webhook-crash-test'), 'webhook-crash');
  receiver = await startHttpsServer();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await platform?.close();
  await receiver?.close();
});

describe('a webhook processor killed mid-delivery', () => {
  it('loses nothing: a new process sends the same event again', async () => {
    let answered = 0;
    receiver.route('/hook', (_req, res) => {
      // The first POST is left hanging: the process is killed while it waits for the answer.
      if (receiver.requests.filter((r) => r.url === '/hook').length === 1) return;
      answered++;
      res.writeHead(200).end();
    });
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id, { webhook_url: `${receiver.url}/hook` });
    const first = startWebhookProcessor();
    const eventId = await publishJobEvent(platform, job, 'job.failed', { version: 2, retry: true });
    const hits = () => receiver.requests.filter((r) => r.url === '/hook');
    await eventually(async () => hits().length === 1, 60_000, 'the first attempt to arrive');
    await new Promise<void>((resolve) => {
      first.once('exit', () => resolve());
      first.kill('SIGKILL');
    });

    startWebhookProcessor();
    await eventually(async () => answered === 1, 90_000, 'the event delivered by the new process');
    const [held, delivered] = hits();
    expect(delivered!.headers['webhook-id']).toBe(held!.headers['webhook-id']);
    expect(delivered!.body.toString()).toBe(held!.body.toString());
    expect(
      new Webhook(org.webhook_secret).verify(delivered!.body.toString(), delivered!.headers as Record<string, string>),
    ).toMatchObject({ event: 'job.failed', job_id: job.job_id });
    const attempt = await eventually(
      () => platform.jobServices.webhooks.events.attempt(eventId, 1),
      30_000,
      'attempt 1 recorded',
    );
    expect(attempt).toMatchObject({ success: true, status_code: 200 });
    // Delivered: nothing further is scheduled and nothing is sent again.
    await new Promise((r) => setTimeout(r, 2000));
    expect(answered).toBe(1);
  });
});
