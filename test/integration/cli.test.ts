import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { connectTestPlatform, testConfig, testGateway } from '../support/platform.ts';

const run = promisify(execFile);
const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

async function verse(...args: string[]): Promise<Record<string, unknown>> {
  const config = testConfig();
  const { stdout } = await run(VERSE, args, { env: { ...process.env, VERSE_NAMESPACE: config.namespace } });
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

describe('bin/verse', () => {
  it('answers --help and help COMMAND for every command with its options, defaults and an example', async () => {
    const help = async (...args: string[]) => (await run(VERSE, args)).stdout;
    const [top, org, create, createByHelp, push] = await Promise.all([
      help('--help'),
      help('help', 'org'),
      help('org', 'create', '--help'),
      help('org', 'help', 'create'),
      help('catalogue', 'push', '--help'),
    ]);
    for (const command of ['migrate', 'org', 'key', 'user', 'serve', 'gateway', 'processor', 'models', 'catalogue'])
      expect(top).toContain(command);
    expect(org).toContain('limits');
    expect(create).toMatch(/--credits <n>.*\(default: "100"\)/s);
    expect(create).toContain('Example:');
    expect(createByHelp).toBe(create);
    expect(push).toMatch(/--batch-size <n>.*\(default: "10"\)/s);
    expect(push).toContain('Example:');
    const others = [
      ['catalogue', 'pull'],
      ['org', 'limits'],
      ['key', 'create'],
      ['user', 'create'],
      ['models', 'pull'],
      ['transcribe'],
    ];
    const answers = await Promise.all(others.map((command) => help(...command, '--help')));
    for (const [i, answer] of answers.entries()) expect(answer, others[i]!.join(' ')).toMatch(/Usage: verse/);
  });

  it('suggests the nearest command for a mistyped one, and exits 2 for usage errors', async () => {
    const failed = await run(VERSE, ['orgg', 'create']).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('Did you mean org?');
    const missing = await run(VERSE, ['org', 'create']).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 2 });
    expect((missing as { stderr: string }).stderr).toContain("'--name <name>'");
  });

  it('provisions an organisation, keys, credits and limits, each printing one JSON object', async () => {
    const org = await verse('org', 'create', '--name', 'CLI Records', '--plan', 'transcript', '--credits', '3');
    expect(org).toMatchObject({ name: 'CLI Records', plan: 'transcript', credits: 3, scope: 'all' });
    expect(org.api_key).toMatch(/^svc_sk_live_/);
    expect(org.webhook_secret).toMatch(/^whsec_/);
    const orgId = org.org_id as string;

    const key = await verse('key', 'create', '--org', orgId, '--scope', 'transcript-only');
    expect(key).toMatchObject({ org_id: orgId, scope: 'transcript-only' });

    expect(await verse('org', 'credits', orgId, '--add', '5')).toEqual({ org_id: orgId, credits: 8 });
    expect(await verse('org', 'limits', orgId, '--read-minute', '500', '--submit-day', '50')).toEqual({
      org_id: orgId,
      limits: { 'read.minute': 500, 'submit.day': 50 },
    });

    const app = await testGateway(platform);
    const res = await app.inject({ url: '/api/v1/usage', headers: { authorization: `Bearer ${key.api_key}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit-minute']).toBe('500');
    expect(await verse('key', 'revoke', key.api_key as string)).toEqual({ revoked: true });
    expect(
      (await app.inject({ url: '/api/v1/usage', headers: { authorization: `Bearer ${key.api_key}` } })).statusCode,
    ).toBe(401);
    await app.close();
  });

  it('creates studio users: a generated password shown once, stored only as a bcrypt hash', async () => {
    const org = await verse('org', 'create', '--name', 'Studio Records');
    const email = `Staff+${Date.now()}@Example.com`;
    const user = await verse('user', 'create', '--org', org.org_id as string, '--email', email);
    expect(user).toMatchObject({ org_id: org.org_id, email: email.toLowerCase() });
    expect(user.password).toEqual(expect.any(String));
    const stored = await platform.studioUsers.findUser(email.toLowerCase());
    expect(stored!.password_hash).toMatch(/^\$2[aby]\$12\$/);
    expect(stored!.password_hash).not.toContain(user.password as string);
    await expect(
      run(VERSE, ['user', 'create', '--org', org.org_id as string, '--email', email], {
        env: { ...process.env, VERSE_NAMESPACE: testConfig().namespace },
      }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('exists') });
    await expect(
      run(VERSE, ['user', 'create', '--org', org.org_id as string, '--email', 'x@y.z', '--password', 'short']),
    ).rejects.toMatchObject({ code: 2 });
  });

  it('refuses bad usage with exit code 2 and a message', async () => {
    await expect(run(VERSE, ['org', 'create', '--name', 'x', '--plan', 'gold'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--plan'),
    });
    await expect(run(VERSE, ['frobnicate'])).rejects.toMatchObject({ code: 2 });
  });
});
