/**
 * The OpenAPI document the gateway serves: it passes Redocly's linter (recommended rules plus
 * redocly.yaml; every example checked against its schema), every operation is described in
 * gateway/openapi/operations.ts with codes whose statuses match, and the webhook events are there.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../core/errors.ts';
import { OPERATIONS } from '../../gateway/openapi/operations.ts';
import { withTestGateway } from '../support/platform.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// The path .redocly.lint-ignore.yaml names.
const DOCUMENT = path.join(ROOT, 'var/openapi/openapi.json');

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { example?: unknown; examples?: object }> }
  >;
  callbacks?: Record<
    string,
    Record<string, { post: { requestBody: { content: Record<string, { examples: object }> } } }>
  >;
}
let app: FastifyInstance;
let doc: { paths: Record<string, Record<string, Operation>> };
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
  );

withTestGateway(async (_platform, a) => {
  app = a;
  doc = JSON.parse((await app.inject({ url: '/api/v1/openapi.json' })).body);
});

describe('the OpenAPI document', () => {
  it('passes redocly lint with no error and no warning', async () => {
    mkdirSync(path.dirname(DOCUMENT), { recursive: true });
    writeFileSync(DOCUMENT, JSON.stringify(doc, null, 2));
    const lint = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', DOCUMENT, '--format=json', '--config', path.join(ROOT, 'redocly.yaml')],
      { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('describes every operation, and describes no operation that does not exist', () => {
    const keys = operations().map((o) => o.key);
    expect(keys.filter((k) => !OPERATIONS[k])).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((k) => !keys.includes(k))).toEqual([]);
    for (const { key, op } of operations()) expect(op.operationId, key).toBe(OPERATIONS[key]!.operationId);
  });

  it('gives each error status its codes, each of that status, each with an example', () => {
    for (const { key, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || key === 'GET /api/v1/health') continue;
        const examples = Object.keys(response.content?.['application/json']?.examples ?? {});
        expect(examples.length, `${key} ${status}`).toBeGreaterThan(0);
        for (const code of examples) {
          expect(ERROR_CODES[code as ErrorCode]?.status, `${key} ${status} ${code}`).toBe(Number(status));
          expect(response.description).toContain(`\`${code}\``);
        }
      }
    }
  });

  it('shows an example answer for every success status', () => {
    for (const { key, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 300) continue;
        const examples = Object.values(response.content ?? {}).filter((m) => m.example !== undefined);
        expect(examples.length, `${key} ${status}`).toBeGreaterThan(0);
      }
    }
  });

  it('documents every webhook event on the submissions that take a webhook_url', () => {
    const events = (key: string) => {
      const op = operations().find((o) => o.key === key)!.op;
      const callback = Object.values(op.callbacks!.webhookEvents!)[0]!;
      return Object.keys(callback.post.requestBody.content['application/json']!.examples).sort();
    };
    expect(events('POST /api/v1/transcribe')).toEqual([
      'job.awaiting_review',
      'job.complete',
      'job.degraded',
      'job.failed',
    ]);
    expect(events('POST /api/v1/batch')).toContain('batch.complete');
  });
});
