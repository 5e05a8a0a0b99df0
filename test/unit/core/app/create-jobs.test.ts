/**
 * Creating jobs on in-memory ports: one credit per job, the Idempotency-Key's ids so a submission sent
 * again is charged and created once (also when two attempts race, or when a store is answered "not
 * applied" for its own write), a whole batch refused when it cannot be paid, and the credits of
 * jobs never stored given back when creation stops.
 */
import { describe, expect, it } from 'vitest';
import { createJobs, type NewJob } from '../../../../core/app/create-jobs.ts';
import { ApiError } from '../../../../core/errors.ts';
import { parseSubmission } from '../../../../core/jobs/submission.ts';
import { CREDIT_RECORD_RETENTION_MS } from '../../../../core/policy.ts';
import type { EndUserStore } from '../../../../core/ports/end-users.ts';
import type { Principal } from '../../../../core/tenancy.ts';
import { MemoryJobStore, memoryJobWriter } from '../../../doubles/job-ports.ts';
import { MemoryOrganisationStore } from '../../../doubles/organisations.ts';

const noEndUsers: EndUserStore = {
  upsert: () => Promise.reject(new Error('no end users in these tests')),
  byId: async () => null,
  byExternalId: async () => null,
};

async function setUp(credits: number) {
  const jobs = new MemoryJobStore();
  const { writer, publisher } = memoryJobWriter(jobs);
  const orgs = new MemoryOrganisationStore();
  const org = {
    org_id: 'org_unit',
    name: 'Unit',
    plan: 'full' as const,
    credits,
    limits: {},
    romanisation: 'readable' as const,
    created_at: new Date(0),
  };
  await orgs.createOrganisation(org);
  const key = {
    key_id: 'key_unit',
    key_hash: 'h',
    org_id: org.org_id,
    scope: 'all' as const,
    webhook_secret: 'whsec_unit',
    status: 'active' as const,
    created_at: new Date(0),
    expires_at: null,
    revoked_at: null,
  };
  const principal: Principal = { org, key };
  return { services: { jobs, writer, endUsers: noEndUsers }, orgs, principal, publisher, jobs };
}

const song = (n: number): NewJob => ({
  input: parseSubmission({ language: 'Hindi', audio_url: `https://cdn.example/${n}.mp3` }, 'json'),
  audio: { source: 'url', url: `https://cdn.example/${n}.mp3` },
});

const credits = async (orgs: MemoryOrganisationStore) => (await orgs.getOrganisation('org_unit'))!.credits;

describe('creating jobs', () => {
  it('charges one credit per job and stores each in the organisation’s default romanisation', async () => {
    const s = await setUp(5);
    const created = await createJobs(s.services, s.orgs, s.principal, [song(1), song(2)], {
      idempotencyKey: null,
      batchId: null,
    });
    expect(created).toHaveLength(2);
    expect(await credits(s.orgs)).toBe(3);
    for (const { record } of created) {
      expect((await s.jobs.get(record.job_id))?.romanisation).toBe('readable');
    }
    expect(s.publisher.sent.filter((m) => m.topic === 'submissions')).toHaveLength(2);
  });

  it('charges and creates once however often a submission with the same key is sent', async () => {
    const s = await setUp(5);
    const options = { idempotencyKey: 'catalogue-42', batchId: null };
    const first = await createJobs(s.services, s.orgs, s.principal, [song(1)], options);
    const again = await createJobs(s.services, s.orgs, s.principal, [song(1)], options);
    expect(again.map((j) => j.record.job_id)).toEqual(first.map((j) => j.record.job_id));
    expect(await credits(s.orgs)).toBe(4);
    expect(s.jobs.rows.size).toBe(1);
  });

  it('charges once when a second attempt with the key stores the job while the first is between charge and store', async () => {
    const s = await setUp(5);
    const options = { idempotencyKey: 'catalogue-43', batchId: null };
    // The first attempt takes the credit and stalls (a gateway starved past its claim's lease); the
    // second takes the claim over, finds the credit taken, and stores the job; then the first resumes.
    let raced = false;
    const racing = Object.assign(Object.create(s.orgs) as MemoryOrganisationStore, {
      chargeJobs: async (orgId: string, jobIds: string[]) => {
        const charged = await s.orgs.chargeJobs(orgId, jobIds);
        if (!raced) {
          raced = true;
          await createJobs(s.services, s.orgs, s.principal, [song(1)], options);
        }
        return charged;
      },
    });
    const first = await createJobs(s.services, racing, s.principal, [song(1)], options);
    expect(first).toHaveLength(1);
    expect(s.jobs.rows.size).toBe(1);
    expect(await credits(s.orgs)).toBe(4);
  });

  it('keeps the credit when its own store of the job is answered "not applied"', async () => {
    const s = await setUp(5);
    // A lightweight transaction can answer "not applied" for its own write (its coordinator retried
    // the round after a node was lost, and met the value it had proposed): the job is stored.
    const insert = s.jobs.insert.bind(s.jobs);
    s.jobs.insert = async (job) => (await insert(job)) && false;
    const created = await createJobs(s.services, s.orgs, s.principal, [song(1)], {
      idempotencyKey: 'catalogue-45',
      batchId: null,
    });
    expect(created).toHaveLength(1);
    expect(s.jobs.rows.size).toBe(1);
    expect(await credits(s.orgs)).toBe(4);
  });

  it('gives back a second charge for a job stored before its first credit record expired', async () => {
    const s = await setUp(5);
    const options = { idempotencyKey: 'catalogue-44', batchId: null };
    const [stored] = await createJobs(s.services, s.orgs, s.principal, [song(1)], options);
    const jobId = stored!.record.job_id;
    // Three days on: the credit's record has expired (the ledger keeps it two days) and the key with it.
    s.jobs.rows.get(jobId)!.created_at = new Date(Date.now() - CREDIT_RECORD_RETENTION_MS - 86_400_000);
    s.orgs.charged.delete(jobId);
    const again = await createJobs(s.services, s.orgs, s.principal, [song(1)], options);
    expect(again.map((j) => j.record.job_id)).toEqual([jobId]);
    expect(await credits(s.orgs)).toBe(4);
  });

  it('refuses a batch it cannot pay for whole, creating nothing (PAY_001)', async () => {
    const s = await setUp(1);
    const attempt = createJobs(s.services, s.orgs, s.principal, [song(1), song(2)], {
      idempotencyKey: null,
      batchId: 'batch-1',
    });
    await expect(attempt).rejects.toSatisfy((error: unknown) => error instanceof ApiError && error.code === 'PAY_001');
    expect(s.jobs.rows.size).toBe(0);
    expect(await credits(s.orgs)).toBe(1);
  });

  it('gives back the credits of jobs it never stored when creation stops', async () => {
    const s = await setUp(5);
    const withEndUser = {
      ...song(2),
      input: parseSubmission(
        { language: 'Hindi', audio_url: 'https://cdn.example/2.mp3', end_user: { external_id: 'listener-1' } },
        'json',
      ),
    };
    // The end-user store fails while the jobs are being built: none was stored.
    const attempt = createJobs(s.services, s.orgs, s.principal, [song(1), withEndUser], {
      idempotencyKey: null,
      batchId: null,
    });
    await expect(attempt).rejects.toThrow('no end users');
    expect(s.jobs.rows.size).toBe(0);
    expect(await credits(s.orgs)).toBe(5);
  });
});
