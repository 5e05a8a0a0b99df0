import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../core/provisioning.ts';
import { hashApiKey } from '../../core/secrets.ts';
import type { Platform } from '../../ops/platform.ts';
import { CassandraOrganisationStore } from '../../sinks/cassandra/organisations.ts';
import { CassandraUsageStore } from '../../sinks/cassandra/usage.ts';
import { sentTwice } from '../support/cassandra-faults.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('organisations and keys in Cassandra', () => {
  it('stores keys hashed only, with a whsec_ webhook secret per key', async () => {
    const org = await testOrg(platform, { plan: 'transcript', credits: 7 });
    const row = (
      await platform.cassandra.execute('SELECT * FROM api_keys WHERE key_hash = ?', [hashApiKey(org.api_key)])
    ).first();
    expect(row.org_id).toBe(org.org_id);
    expect(JSON.stringify(row)).not.toContain(org.api_key);
    expect(row.webhook_secret).toMatch(/^whsec_/);
    const second = await issueKey(platform.orgs, org.org_id, 'transcript-only');
    expect(second.webhook_secret).not.toBe(org.webhook_secret);
    const stored = await platform.orgs.getOrganisation(org.org_id);
    expect(stored).toMatchObject({ plan: 'transcript', credits: 7, limits: {} });
  });

  it('changes credits exactly under concurrency (compare-and-set)', async () => {
    const org = await testOrg(platform, { credits: 50 });
    await Promise.all(Array.from({ length: 20 }, () => platform.orgs.addCredits(org.org_id, -1)));
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(30);
  });

  it('charges each job once however often its charge is sent, and gives back only what it took', async () => {
    const org = await testOrg(platform, { credits: 3 });
    const orgs = platform.orgs;
    expect(await orgs.chargeJobs(org.org_id, ['job-a', 'job-b'])).toEqual(['job-a', 'job-b']);
    expect(await orgs.chargeJobs(org.org_id, ['job-a', 'job-b'])).toEqual([]);
    expect((await orgs.getOrganisation(org.org_id))?.credits).toBe(1);
    // Only what the balance covers: two new jobs need two credits.
    expect(await orgs.chargeJobs(org.org_id, ['job-c', 'job-d'])).toBeNull();
    expect(await orgs.chargeJobs(org.org_id, ['job-a', 'job-c'])).toEqual(['job-c']);
    expect((await orgs.getOrganisation(org.org_id))?.credits).toBe(0);
    await orgs.refundJobs(org.org_id, ['job-a', 'job-never-charged']);
    await orgs.refundJobs(org.org_id, ['job-a']);
    expect((await orgs.getOrganisation(org.org_id))?.credits).toBe(1);
    expect(await orgs.chargeJobs(org.org_id, ['job-a'])).toEqual(['job-a']);
  });

  it('charges a job once when two gateways race on it, and never below zero', async () => {
    const org = await testOrg(platform, { credits: 5 });
    const other = new CassandraOrganisationStore(platform.cassandra);
    const charges = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other : platform.orgs).chargeJobs(org.org_id, ['job-raced'])),
    );
    expect(charges.filter((c) => c?.length === 1)).toHaveLength(1);
    const many = await Promise.all(Array.from({ length: 8 }, (_, i) => other.chargeJobs(org.org_id, [`job-${i}`])));
    expect(many.filter((c) => c?.length === 1)).toHaveLength(4);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(0);
  });

  it('takes a credit once when the answer to its move is lost and the move is sent again', async () => {
    const org = await testOrg(platform, { credits: 5 });
    const db = platform.cassandra;
    let lose = 1;
    // The batch is applied, then its answer is lost, as when the coordinator dies after the Paxos commit.
    const losing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'batch') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof db.batch>) => {
          const result = await target.batch(...args);
          if (lose-- > 0) throw new Error('Server timeout during write query at consistency SERIAL');
          return result;
        };
      },
    });
    const store = new CassandraOrganisationStore(losing);
    // The credit the lost answer took is this call's: a submission that then fails gives it back.
    expect(await store.chargeJobs(org.org_id, ['job-lost-answer'])).toEqual(['job-lost-answer']);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(4);
    await store.addCredits(org.org_id, 10);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(14);
  });

  it("knows the credits it took when the driver sends its move twice, and not another call's", async () => {
    const org = await testOrg(platform, { credits: 5 });
    const twice = new CassandraOrganisationStore(sentTwice(platform.cassandra));
    expect(await twice.chargeJobs(org.org_id, ['job-sent-twice', 'job-b'])).toEqual(['job-sent-twice', 'job-b']);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(3);
    // Another call (a client's retry with the same key) finds them taken, by someone else.
    expect(await twice.chargeJobs(org.org_id, ['job-sent-twice', 'job-c'])).toEqual(['job-c']);
    expect(await platform.orgs.chargeJobs(org.org_id, ['job-sent-twice'])).toEqual([]);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(2);
  });

  it("keeps a credit recorded before records named their call, as another call's", async () => {
    const org = await testOrg(platform, { credits: 5 });
    await platform.cassandra.execute('INSERT INTO credit_ledger (org_id, entry, amount) VALUES (?, ?, ?)', [
      org.org_id,
      'job/job-before-016',
      -1,
    ]);
    expect(await platform.orgs.chargeJobs(org.org_id, ['job-before-016'])).toEqual([]);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(5);
  });

  it('takes a credit again when the read that found it taken was stale', async () => {
    const org = await testOrg(platform, { credits: 5 });
    const db = platform.cassandra;
    let stale = 1;
    // The first read of the ledger reports the job's record, as a read can while a refund of it is
    // still unsettled (its coordinator died mid-round); in truth nothing is recorded.
    const staleReads = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof db.execute>) => {
          const result = await target.execute(...args);
          const ledgerRead = String(args[0]).startsWith('SELECT entry, balance, amount FROM credit_ledger');
          if (!ledgerRead || stale-- <= 0) return result;
          return { ...result, rows: [...result.rows, { entry: 'job/job-stale-read', balance: null, amount: -1 }] };
        };
      },
    });
    const store = new CassandraOrganisationStore(staleReads as typeof db);
    expect(await store.chargeJobs(org.org_id, ['job-stale-read'])).toEqual(['job-stale-read']);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(4);
    // Sent again, the record is there and kept: nothing more is taken.
    expect(await store.chargeJobs(org.org_id, ['job-stale-read'])).toEqual([]);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(4);
  });

  it('a revoked key stops working at once', async () => {
    const app = await testGateway(platform);
    const org = await testOrg(platform);
    expect((await app.inject({ url: '/api/v1/usage', headers: org.auth })).statusCode).toBe(200);
    expect(await platform.orgs.revokeKey(hashApiKey(org.api_key), new Date())).toBe(true);
    expect((await app.inject({ url: '/api/v1/usage', headers: org.auth })).json().code).toBe('AUTH_001');
    await app.close();
  });

  it('a revoked key stops working at once when its credentials were served as kept, and draws nothing', async () => {
    const app = await testGateway(platform);
    const org = await testOrg(platform, { limits: { 'read.minute': 100 } });
    // The first use learns the key's organisation; the second keeps the records; from the third
    // they are served as kept and confirmed by the meter.
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: '/api/v1/usage', headers: org.auth })).statusCode).toBe(200);
    const kept = await app.inject({ url: '/api/v1/usage', headers: org.auth });
    expect(kept.headers['x-ratelimit-remaining-minute']).toBe('96');
    expect(await platform.orgs.revokeKey(hashApiKey(org.api_key), new Date())).toBe(true);
    // Malformed as well as revoked: the key's refusal comes first, as when it was read on every request.
    const malformed = await app.inject({ url: '/api/v1/jobs?limit=many', headers: org.auth });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().code).toBe('AUTH_001');
    expect((await app.inject({ url: '/api/v1/usage', headers: org.auth })).json().code).toBe('AUTH_001');
    // Neither refusal drew from the organisation's meter: another of its keys finds 4 drawn, then its own.
    const other = await issueKey(platform.orgs, org.org_id, 'all');
    const after = await app.inject({ url: '/api/v1/usage', headers: { authorization: `Bearer ${other.api_key}` } });
    expect(after.headers['x-ratelimit-remaining-minute']).toBe('95');
    await app.close();
  });

  it('GET /usage counts every API call of the organisation', async () => {
    const app = await testGateway(platform);
    const org = await testOrg(platform);
    for (let i = 0; i < 3; i++) await app.inject({ url: '/api/v1/usage', headers: org.auth });
    const usage = (await app.inject({ url: '/api/v1/usage', headers: org.auth })).json();
    expect(usage).toEqual({
      org_id: org.org_id,
      period: 'all_time',
      total_jobs: 0,
      completed_jobs: 0,
      total_duration_seconds: 0,
      jobs_by_language: {},
      api_calls: 3,
    });
    await app.close();
  });

  it('API calls are tallied, written once per flush, and written on close', async () => {
    const org = await testOrg(platform);
    const writes: string[] = [];
    const db = platform.cassandra;
    const counting = {
      execute: (query: string, ...rest: unknown[]) => {
        if (query.includes("'api_calls'")) writes.push(query);
        return (db.execute as (...a: unknown[]) => unknown)(query, ...rest);
      },
    } as typeof db;
    const gateway = new CassandraUsageStore(counting, 60_000);
    const other = new CassandraUsageStore(platform.cassandra);
    for (let i = 0; i < 25; i++) await gateway.countApiCall(org.org_id);
    // This gateway counts its own calls at once; another sees them once they are written.
    expect((await gateway.get(org.org_id)).api_calls).toBe(25);
    expect((await other.get(org.org_id)).api_calls).toBe(0);
    await gateway.flushApiCalls();
    expect(writes).toHaveLength(1);
    expect((await other.get(org.org_id)).api_calls).toBe(25);
    expect((await gateway.get(org.org_id)).api_calls).toBe(25);
    await gateway.countApiCall(org.org_id);
    await gateway.close();
    expect(writes).toHaveLength(2);
    expect((await other.get(org.org_id)).api_calls).toBe(26);
  });

  it('a tally whose write fails is kept and written by the next flush', async () => {
    const org = await testOrg(platform);
    let failNext = true;
    const flaky = {
      execute: (...args: unknown[]) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('Cassandra timed out'));
        }
        return (platform.cassandra.execute as (...a: unknown[]) => unknown)(...args);
      },
    } as typeof platform.cassandra;
    const gateway = new CassandraUsageStore(flaky, 60_000);
    for (let i = 0; i < 3; i++) await gateway.countApiCall(org.org_id);
    await gateway.flushApiCalls();
    expect((await new CassandraUsageStore(platform.cassandra).get(org.org_id)).api_calls).toBe(0);
    await gateway.flushApiCalls();
    expect((await new CassandraUsageStore(platform.cassandra).get(org.org_id)).api_calls).toBe(3);
    await gateway.close();
  });
});
