import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '../../schemas/generated/api/health.ts';
import { type RunningService, startService } from '../support/service.ts';

let service: RunningService;
beforeAll(async () => {
  service = await startService('verse_e2e', 18000);
});
afterAll(async () => {
  await service?.stop();
});

describe('verse serve (what make up ends with)', () => {
  it('answers /api/v1/health 200 with every component up', async () => {
    const res = await fetch(`${service.baseUrl}/api/v1/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Health;
    expect(body.status).toBe('ok');
    for (const name of ['kafka', 'cassandra', 'redis', 'schema_registry', 'engine'] as const) {
      expect(body.components[name].status, name).toBe('up');
    }
  });

  it('serves an organisation created with the CLI while running', async () => {
    const org = await service.verse('org', 'create', '--name', 'E2E Music');
    const res = await fetch(`${service.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${org.api_key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { org_id: string }).org_id).toBe(org.org_id);
  });

  it('logs one JSON line per request with request id, org, route, status and latency', async () => {
    const org = await service.verse('org', 'create', '--name', 'Log Check');
    await fetch(`${service.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${org.api_key}` } });
    await new Promise((r) => setTimeout(r, 300));
    const line = service
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request' && l.org_id === org.org_id);
    expect(line).toMatchObject({ route: '/api/v1/usage', status: 200, method: 'GET' });
    expect(line.req_id).toEqual(expect.any(String));
    expect(line.latency_ms).toEqual(expect.any(Number));
  });

  it('stops the whole process tree on SIGTERM', async () => {
    const pid = service.process.pid!;
    const children = execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean);
    expect(children.length).toBeGreaterThanOrEqual(1);
    expect(await service.stop()).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    for (const c of children) expect(() => process.kill(Number(c), 0)).toThrow();
  });
});
