/**
 * A studio user's creation on the real Cassandra when the driver sends it twice (after a timeout
 * whose first try was applied): the second try finds the first one's row, which is this user's own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { CassandraStudioUsers } from '../../sinks/cassandra/studio-users.ts';
import { sentTwice } from '../support/cassandra-faults.ts';
import { connectTestPlatform, testOrg } from '../support/platform.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('a studio user created twice by the driver', () => {
  it('is created, and another user with the same email still is not', async () => {
    const org = await testOrg(platform);
    const twice = new CassandraStudioUsers(sentTwice(platform.cassandra));
    const email = `staff-${randomUUID()}@label.example`;
    const user = { org_id: org.org_id, email, password_hash: 'hash', created_at: new Date() };
    expect(await twice.createUser({ ...user, user_id: `usr_${randomUUID()}` })).toBe(true);
    expect(await twice.createUser({ ...user, user_id: `usr_${randomUUID()}` })).toBe(false);
    expect(await platform.studioUsers.createUser({ ...user, user_id: `usr_${randomUUID()}` })).toBe(false);
  });
});
