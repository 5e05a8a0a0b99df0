/**
 * Keys and organisations kept between requests while their organisation's version stands still;
 * every change moves the version, so it takes effect at the next request on every gateway.
 */
import { describe, expect, it } from 'vitest';
import { VersionedOrganisationStore } from '../../../../core/app/versioned-organisations.ts';
import type { ApiKeyRecord, Organisation } from '../../../../core/tenancy.ts';
import { MemoryOrganisationStore } from '../../../doubles/organisations.ts';
import { MemoryVersions } from '../../../doubles/tenancy-versions.ts';

class CountingStore extends MemoryOrganisationStore {
  reads = 0;
  override async findKeyByHash(keyHash: string) {
    this.reads++;
    return super.findKeyByHash(keyHash);
  }
  override async getOrganisation(orgId: string) {
    this.reads++;
    return super.getOrganisation(orgId);
  }
}

const org: Organisation = {
  org_id: 'org_1',
  name: 'Label',
  plan: 'full',
  credits: 10,
  limits: {},
  romanisation: 'standard',
  created_at: new Date(0),
};
const key: ApiKeyRecord = {
  key_id: 'key_1',
  key_hash: 'hash_1',
  org_id: 'org_1',
  scope: 'all',
  webhook_secret: 'whsec',
  status: 'active',
  created_at: new Date(0),
  expires_at: null,
  revoked_at: null,
};

async function setUp(now = () => 0) {
  const inner = new CountingStore();
  await inner.createOrganisation(org);
  await inner.createKey(key);
  const versions = new MemoryVersions();
  return { inner, versions, store: new VersionedOrganisationStore(inner, versions, now) };
}

/** What authentication does on each request. */
const authenticate = async (store: VersionedOrganisationStore) => {
  const found = await store.findKeyWithOrganisation('hash_1');
  return { key: found?.key ?? null, org: found?.org ?? null };
};

describe('keys and organisations kept while unchanged', () => {
  it('serves repeated requests from memory once the key’s organisation is known', async () => {
    const { inner, store } = await setUp();
    await authenticate(store); // first use: read through, the key's organisation learnt
    await authenticate(store); // read again under the version, and kept
    const before = inner.reads;
    for (let i = 0; i < 5; i++) expect((await authenticate(store)).key?.status).toBe('active');
    expect(inner.reads).toBe(before);
  });

  it('a key revoked through any gateway is refused at the next request on every gateway', async () => {
    const { inner, versions, store } = await setUp();
    const other = new VersionedOrganisationStore(inner, versions);
    for (let i = 0; i < 3; i++) await authenticate(store);
    expect(await other.revokeKey('hash_1', new Date(5))).toBe(true);
    expect((await authenticate(store)).key?.status).toBe('revoked');
  });

  it('credits, limits and plan changes are seen at the next request', async () => {
    const { store } = await setUp();
    for (let i = 0; i < 3; i++) await authenticate(store);
    await store.addCredits('org_1', 5);
    expect((await authenticate(store)).org?.credits).toBe(15);
    expect(
      await store.chargeJobs(
        'org_1',
        Array.from({ length: 15 }, (_, i) => `job_${i}`),
      ),
    ).toHaveLength(15);
    expect((await authenticate(store)).org?.credits).toBe(0);
    await store.setLimits('org_1', { 'read.minute': 7 });
    expect((await authenticate(store)).org?.limits).toEqual({ 'read.minute': 7 });
    await store.setPlan('org_1', 'transcript');
    expect((await authenticate(store)).org?.plan).toBe('transcript');
  });

  it('a change that lands between the version read and the record read is not kept past it', async () => {
    const { inner, versions, store } = await setUp();
    await authenticate(store);
    // The revocation is stored after this gateway read the version but before it read the key.
    const read = inner.findKeyByHash.bind(inner);
    inner.findKeyByHash = async (hash) => {
      const found = await read(hash);
      await inner.revokeKey(hash, new Date(5));
      await versions.bump('org_1');
      return found;
    };
    expect((await authenticate(store)).key?.status).toBe('active'); // the read raced the change
    inner.findKeyByHash = read;
    expect((await authenticate(store)).key?.status).toBe('revoked'); // and the next request sees it
  });

  it('reads straight through when the versions cannot be read, and keeps nothing', async () => {
    const { inner, versions, store } = await setUp();
    for (let i = 0; i < 3; i++) await authenticate(store);
    versions.broken = true;
    const before = inner.reads;
    await authenticate(store);
    expect(inner.reads).toBe(before + 2);
  });

  it('credits taken while the versions cannot be moved stay taken, and the charge still succeeds', async () => {
    const { inner, versions, store } = await setUp();
    versions.bump = async () => {
      throw new Error('redis is down');
    };
    expect(await store.chargeJobs('org_1', ['job_1', 'job_2', 'job_3', 'job_4'])).toHaveLength(4);
    expect((await inner.getOrganisation('org_1'))?.credits).toBe(6);
    await expect(store.revokeKey('hash_1', new Date(5))).rejects.toThrow('redis is down'); // said, not hidden
  });

  it('keeps a record no longer than a minute even while the version stands still', async () => {
    let now = 0;
    const { inner, store } = await setUp(() => now);
    for (let i = 0; i < 3; i++) await authenticate(store);
    const before = inner.reads;
    now = 61_000;
    await authenticate(store);
    expect(inner.reads).toBe(before + 2);
  });
});

describe('kept credentials, handed out without a read', () => {
  it('are the records and the version of the last read-through, once kept', async () => {
    const { inner, versions, store } = await setUp();
    expect(store.kept('hash_1')).toBeNull(); // never seen
    await authenticate(store); // the key's organisation learnt, nothing kept yet
    expect(store.kept('hash_1')).toBeNull();
    await versions.bump('org_1');
    await authenticate(store); // kept under version 1
    const [reads, versionReads] = [inner.reads, versions.reads];
    expect(store.kept('hash_1')).toEqual({ found: { key, org }, version: 1 });
    expect([inner.reads, versions.reads]).toEqual([reads, versionReads]);
  });

  it('are not handed out once a minute old, nor for an organisation that is gone', async () => {
    let now = 0;
    const { inner, store } = await setUp(() => now);
    for (let i = 0; i < 2; i++) await authenticate(store);
    now = 61_000;
    expect(store.kept('hash_1')).toBeNull();
    inner.orgs.delete('org_1');
    for (let i = 0; i < 2; i++) await authenticate(store);
    expect(store.kept('hash_1')).toBeNull();
  });
});
