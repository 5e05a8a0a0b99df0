/**
 * The clients our users run, from PyPI (ops/clients.sh): a webhook receiver verifying deliveries
 * with Python's `standardwebhooks`, and a data team reading `verse.jobs.changes` with Confluent's
 * Python client and the schema registry (docs/examples/read_job_changes.py, as docs/data-teams.md
 * shows it), whose rebuilt state must match GET /jobs/{id}.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { webhookHeaders } from '../../core/webhooks/signing.ts';
import type { Platform } from '../../ops/platform.ts';
import { topicsFor } from '../../sinks/kafka/topics.ts';
import { createTestJob, testOrg, withTestGateway } from '../support/platform.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PYTHON = path.join(ROOT, 'var/clients-venv/bin/python');
const run = promisify(execFile);

let platform: Platform;
let app: FastifyInstance;

withTestGateway((p, a) => {
  platform = p;
  app = a;
});

const VERIFY = `
import json, sys
from standardwebhooks.webhooks import Webhook
secret, body, headers = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
print(json.dumps(Webhook(secret).verify(body, headers)))
`;

describe('standard clients', () => {
  it('a delivery verifies with Python’s standardwebhooks, and a forged one does not', async () => {
    const org = await testOrg(platform);
    const body = JSON.stringify({ event: 'job.complete', job_id: 'a1b2' });
    const headers = webhookHeaders(org.webhook_secret, 'msg_python_check', body);
    const verified = await run(PYTHON, ['-c', VERIFY, org.webhook_secret, body, JSON.stringify(headers)]);
    expect(JSON.parse(verified.stdout)).toEqual({ event: 'job.complete', job_id: 'a1b2' });
    const forged = JSON.stringify({ event: 'job.complete', job_id: 'someone-else' });
    await expect(run(PYTHON, ['-c', VERIFY, org.webhook_secret, forged, JSON.stringify(headers)])).rejects.toThrow();
  });

  it('a data team rebuilds each job’s state from jobs.changes with confluent-kafka, matching GET /jobs/{id}', async () => {
    const org = await testOrg(platform);
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push(await createTestJob(platform, org.org_id, { external_id: `dt-${i}` }));
    await platform.jobServices.writer.change(jobs[0]!.job_id, () => ({
      event: { type: 'failure_recorded', stage: 'transcription', message: 'No audio.', at: new Date() },
    }));
    const { stdout } = await run(
      PYTHON,
      [
        path.join(ROOT, 'docs/examples/read_job_changes.py'),
        '--brokers',
        platform.config.kafka.brokers.join(','),
        '--registry',
        platform.config.registry.urls[0]!,
        '--topic',
        topicsFor(platform.config).jobChanges.name,
        '--org',
        org.org_id,
      ],
      { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const rebuilt = new Map(
      stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { job_id: string })
        .map((change) => [change.job_id, change as Record<string, unknown>]),
    );
    expect([...rebuilt.keys()].sort()).toEqual(jobs.map((j) => j.job_id).sort());
    for (const job of jobs) {
      const current = (await app.inject({ url: `/api/v1/jobs/${job.job_id}`, headers: org.auth })).json();
      expect(rebuilt.get(job.job_id)).toMatchObject({
        status: current.status,
        stage: current.stage,
        language: current.language,
        external_id: current.external_id,
        created_at: current.created_at,
      });
    }
    expect(rebuilt.get(jobs[0]!.job_id)).toMatchObject({ status: 'failed', error_stage: 'transcription' });
  });
});
