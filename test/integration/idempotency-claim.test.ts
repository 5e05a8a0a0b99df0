/**
 * The Idempotency-Key claim on the real Cassandra when the driver sends it twice. The client sends a
 * statement that timed out once more (sinks/cassandra/client.ts); the second try of a claim finds
 * the first one's pending row and answers "not applied". That row is this request's own: taken for
 * another request's, the request was refused with 409 and waited out the 60 s lease.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { CassandraIdempotencyStore, PENDING_LEASE_MS } from '../../sinks/cassandra/idempotency.ts';
import { sentTwice } from '../support/cassandra-faults.ts';
import { connectTestPlatform, testOrg } from '../support/platform.ts';

let platform: Platform;
let orgId: string;
beforeAll(async () => {
  platform = await connectTestPlatform();
  orgId = (await testOrg(platform)).org_id;
});
afterAll(async () => {
  await platform?.close();
});

describe('an Idempotency-Key claim sent twice', () => {
  it('is claimed, and another request with the key still waits for it', async () => {
    const key = randomUUID();
    const twice = new CassandraIdempotencyStore(sentTwice(platform.cassandra));
    const once = new CassandraIdempotencyStore(platform.cassandra);
    expect((await twice.claim(orgId, key, 'hash')).kind).toBe('claimed');
    expect((await once.claim(orgId, key, 'hash')).kind).toBe('in_flight');
    expect((await twice.claim(orgId, key, 'hash')).kind).toBe('in_flight');
    expect((await once.claim(orgId, key, 'other')).kind).toBe('mismatch');
  });

  it('takes over a lapsed claim once', async () => {
    const key = randomUUID();
    const once = new CassandraIdempotencyStore(platform.cassandra);
    const twice = new CassandraIdempotencyStore(sentTwice(platform.cassandra));
    const crashed = new Date(Date.now() - PENDING_LEASE_MS - 1_000);
    expect((await once.claim(orgId, key, 'hash', crashed)).kind).toBe('claimed');
    expect((await twice.claim(orgId, key, 'hash')).kind).toBe('claimed');
    expect((await once.claim(orgId, key, 'hash')).kind).toBe('in_flight');
  });
});
