/**
 * Schemathesis (property-based, from PyPI) against the gateway's own OpenAPI document: generated
 * valid and invalid requests to every documented operation, with both of POST /transcribe's body
 * types (JSON and multipart). No answer may be a 5xx, and every status, content type and body must
 * be the documented one.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../gateway/app.ts';
import type { Platform } from '../../ops/platform.ts';
import { connectTestPlatform, testOrg } from '../support/platform.ts';

const ST = path.resolve(import.meta.dirname, '../../var/schemathesis-venv/bin/st');

let platform: Platform;
let app: FastifyInstance;
let origin: string;
/** The body types schemathesis sent to POST /transcribe. */
const transcribeBodies = new Set<string>();

beforeAll(async () => {
  platform = await connectTestPlatform();
  app = await buildGateway(platform);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && request.url.startsWith('/api/v1/transcribe'))
      transcribeBodies.add(String(request.headers['content-type'] ?? '').split(';')[0]!);
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

describe('schemathesis', () => {
  it('finds no 5xx and no answer that differs from the OpenAPI document', async () => {
    expect(existsSync(ST), 'schemathesis is installed by `make test` (ops/schemathesis.sh install)').toBe(true);
    const windows = ['minute', 'hour', 'day'].flatMap((w) => [`submit.${w}`, `read.${w}`]);
    const org = await testOrg(platform, {
      credits: 100_000,
      limits: Object.fromEntries(windows.map((w) => [w, 1_000_000])),
    });
    const result = await promisify(execFile)(
      ST,
      [
        'run',
        `${origin}/api/v1/openapi.json`,
        '--header',
        `Authorization: Bearer ${org.api_key}`,
        '--checks',
        'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance',
        '--mode',
        'all',
        '--max-examples',
        '25',
        '--workers',
        '2',
        '--seed',
        '20261121',
        '--no-color',
      ],
      // Its caches (.schemathesis, .hypothesis) go to a scratch folder, not the checkout.
      { timeout: 300_000, maxBuffer: 32 * 1024 * 1024, cwd: mkdtempSync(path.join(tmpdir(), 'verse-st-')) },
    ).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: `${e.stdout}\n${e.stderr}` }),
    );
    expect(result.code, result.out.slice(-6000)).toBe(0);
    expect(result.out).toMatch(/(\d+) generated, \1 passed/);
    expect(transcribeBodies).toContain('application/json');
    expect(transcribeBodies).toContain('multipart/form-data');
  });
});
