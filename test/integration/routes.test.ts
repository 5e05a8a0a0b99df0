/**
 * Walks every route the gateway registers, so it grows with each new endpoint: each authenticated
 * route answers 401 without a key, and each route that takes an id answers 404 when the id belongs
 * to another organisation. A new path parameter needs a factory below, or this test fails.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newUuid } from '../../core/ids.ts';
import type { Platform } from '../../ops/platform.ts';
import { createTestJob, testOrg, withTestGateway } from '../support/platform.ts';

type Org = Awaited<ReturnType<typeof testOrg>>;

/** Creates, for the given organisation, a resource whose id fills the named path parameter. */
const ID_FACTORIES: Record<string, (platform: Platform, owner: Org) => Promise<string>> = {
  // Not ids, but path segments of the download route: any valid value.
  type: async () => 'lrc',
  variant: async () => 'original',
  name: async () => 'editor.js',
  job_id: async (platform, owner) => (await createTestJob(platform, owner.org_id)).job_id,
  batch_id: async (platform, owner) => {
    const job = await createTestJob(platform, owner.org_id);
    const batchId = newUuid();
    await platform.jobServices.batches.insert({
      batch_id: batchId,
      org_id: owner.org_id,
      job_ids: [job.job_id],
      webhook_url: null,
      created_at: new Date(),
      completed_at: null,
      complete_event_sent: false,
      key_id: null,
    });
    return batchId;
  },
  // A webhook dead letter.
  id: async (platform, owner) => {
    const job = await createTestJob(platform, owner.org_id);
    const id = `dl_${newUuid()}`;
    await platform.jobServices.webhooks.deadLetters.create({
      id,
      org_id: owner.org_id,
      event_id: `evt_${job.job_id}_job.failed_1`,
      job_id: job.job_id,
      batch_id: null,
      event: 'job.failed',
      webhook_url: 'https://hooks.example.com/verse',
      attempts: 4,
      last_status_code: 500,
      last_error: null,
      created_at: new Date(),
      resolved_at: null,
      resolved_via: null,
    });
    return id;
  },
};

let platform: Platform;
let app: FastifyInstance;

withTestGateway((p, a) => {
  platform = p;
  app = a;
});

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

describe('every gateway route', () => {
  it('is known to this test (path parameters have factories)', () => {
    const params = new Set(app.routeTable.flatMap((r) => paramsOf(r.url)));
    for (const p of params) expect(Object.keys(ID_FACTORIES), `no id factory for :${p}`).toContain(p);
    expect(app.routeTable.length).toBeGreaterThan(0);
  });

  it('answers 401 AUTH_001 without a key when authenticated', async () => {
    const authenticated = app.routeTable.filter((r) => r.auth);
    expect(authenticated.length).toBeGreaterThan(0);
    for (const route of authenticated) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await app.inject({ method: route.method as 'GET', url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('AUTH_001');
    }
  });

  it("answers 404 to another organisation's ids", async () => {
    const owner = await testOrg(platform);
    const stranger = await testOrg(platform);
    for (const route of app.routeTable.filter((r) => r.auth && paramsOf(r.url).length > 0)) {
      let url = route.url;
      for (const p of paramsOf(route.url)) url = url.replace(`:${p}`, await ID_FACTORIES[p]!(platform, owner));
      const res = await app.inject({ method: route.method as 'GET', url, headers: stranger.auth, payload: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it("lists and totals never show another organisation's records", async () => {
    const owner = await testOrg(platform);
    const stranger = await testOrg(platform);
    const jobId = await ID_FACTORIES.job_id!(platform, owner);
    await ID_FACTORIES.id!(platform, owner);
    await new Promise((r) => setTimeout(r, 2500)); // past the feed's settle window
    const body = async (url: string, who: Org) => (await app.inject({ url, headers: who.auth })).body;
    for (const url of [
      '/api/v1/jobs?limit=100',
      '/api/v1/webhooks/dead-letters?resolved=true',
      '/api/v1/webhooks/deliveries',
      `/api/v1/jobs?external_id=${jobId}`,
    ]) {
      expect(await body(url, stranger), url).not.toContain(owner.org_id);
      expect(await body(url, stranger), url).not.toContain(jobId);
    }
    expect(await body('/api/v1/jobs?limit=100', owner)).toContain(jobId);
    expect(JSON.parse(await body('/api/v1/usage', stranger))).toMatchObject({ org_id: stranger.org_id, total_jobs: 0 });
  });

  it('routes without an API key are exactly these: public, or carrying their own credential', () => {
    const open = [...new Set(app.routeTable.filter((r) => !r.auth).map((r) => r.url))].sort();
    expect(open).toEqual([
      '/api/v1/align',
      '/api/v1/health',
      '/api/v1/health/live',
      '/api/v1/languages',
      '/api/v1/openapi.json',
      '/assets/:name',
      '/metrics', // operators' scrape endpoint (VERSE_METRICS_TOKEN guards it when set)
      // The review page and its calls: the review token is the credential.
      '/review/:job_id',
      '/review/:job_id/approve',
      '/review/:job_id/audio',
      '/review/:job_id/romanise',
      // The studio: a signed-in user's session (and its CSRF token) is the credential.
      '/studio',
      '/studio/:job_id',
      '/studio/:job_id/align',
      '/studio/:job_id/approve',
      '/studio/:job_id/audio',
      '/studio/:job_id/romanise',
      '/studio/login',
      '/studio/logout',
      '/studio/open',
    ]);
  });

  it('studio routes give nothing without a session', async () => {
    const owner = await testOrg(platform);
    const jobId = await ID_FACTORIES.job_id!(platform, owner);
    for (const route of app.routeTable.filter((r) => r.url.startsWith('/studio/:job_id'))) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':job_id', jobId),
        payload: {},
      });
      expect([303, 401], `${route.method} ${route.url}`).toContain(res.statusCode);
      expect(res.body).not.toContain(jobId);
    }
  });

  it('review routes refuse a job without the right token', async () => {
    const owner = await testOrg(platform);
    const jobId = await ID_FACTORIES.job_id!(platform, owner);
    for (const route of app.routeTable.filter((r) => r.url.startsWith('/review/'))) {
      const url = `${route.url.replace(':job_id', jobId)}?token=guess`;
      const res = await app.inject({ method: route.method as 'GET', url, payload: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });
});
