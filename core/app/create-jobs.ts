/**
 * Creating jobs: one credit bound per job, end users reused by external_id, and ids derived from
 * the Idempotency-Key when there is one, so a retried creation finds the rows its first attempt
 * wrote instead of making new ones.
 */

import type { AudioFormat } from '../audio/formats.ts';
import { apiError } from '../errors.ts';
import { derivedUuid, newUuid } from '../ids.ts';
import type { JobRecord } from '../jobs/job.ts';
import { initialLifecycle } from '../jobs/lifecycle.ts';
import type { SubmissionInput } from '../jobs/submission.ts';
import { CREDIT_RECORD_RETENTION_MS } from '../policy.ts';
import type { EndUser } from '../ports/end-users.ts';
import type { OrganisationStore, Principal } from '../tenancy.ts';
import type { JobServices } from './job-services.ts';

/** An uploaded file, stored under `key` (gateway/jobs/upload.ts reads and checks it). */
export interface Upload {
  key: string;
  format: AudioFormat;
  filename: string;
  sha256: string;
  size: number;
}

export type AudioInput = { source: 'upload'; upload: Upload } | { source: 'url'; url: string };

export interface NewJob {
  input: SubmissionInput;
  audio: AudioInput;
}

/** Refuses features the key or plan does not include: scope first (403), then plan (402). */
export function authoriseFeatures(principal: Principal, inputs: SubmissionInput[]): void {
  if (!inputs.some((i) => i.align)) return;
  if (principal.key.scope === 'transcript-only') {
    throw apiError('AUTH_002', 'transcript_only_submission');
  }
  if (principal.org.plan !== 'full') {
    throw apiError('PAY_002', 'submission');
  }
}

/** A path segment percent-decoded, or as written when its escapes are not valid UTF-8 (`%ff`). */
function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function filenameOf(audio: AudioInput): string {
  if (audio.source === 'upload') return audio.upload.filename;
  const last = new URL(audio.url).pathname.split('/').filter(Boolean).pop() ?? 'audio';
  return (
    decodedOrRaw(last)
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{M}\p{N}._ -]/gu, '_')
      .slice(0, 120) || 'audio'
  );
}

/** Who submitted a job: the organisation and the API key (whose webhook_secret signs its webhooks). */
export interface JobOwner {
  org_id: string;
  key_id: string | null;
}

export function newJobRecord(
  jobId: string,
  owner: JobOwner,
  job: NewJob,
  endUser: EndUser | null,
  batchId: string | null,
  now: Date,
): JobRecord {
  const { input, audio } = job;
  return {
    job_id: jobId,
    org_id: owner.org_id,
    key_id: owner.key_id,
    review_nonce: null,
    review_token_sha256: null,
    version: 1,
    lifecycle: initialLifecycle({ align: input.align, review: input.review, review_stage: input.review_stage }),
    language: input.language.name,
    word_align_requested: input.word_align,
    romanisation: input.romanisation ?? 'standard',
    review_delivery: input.review_delivery,
    external_id: input.external_id,
    isrc: input.isrc,
    batch_id: batchId,
    end_user_id: endUser?.id ?? null,
    end_user_external_id: endUser?.external_id ?? null,
    webhook_url: input.webhook_url,
    audio_source: audio.source,
    audio_url: audio.source === 'url' ? audio.url : null,
    audio_key: audio.source === 'upload' ? audio.upload.key : null,
    audio_format: audio.source === 'upload' ? audio.upload.format : null,
    original_filename: filenameOf(audio),
    created_at: now,
    updated_at: now,
    duration_seconds: null,
    transcription_attempt: 0,
    transcription_started_at: null,
    alignment_attempt: 0,
    alignment_started_at: null,
    results: null,
    lines: null,
    second_opinion: null,
    alignment: null,
    degraded: [],
  };
}

const insufficientCredits = (jobs: number) => apiError('PAY_001', jobs);

/**
 * The cheap credit check a submission passes before any outbound request (the audio_url probes):
 * the balance read at authentication. createJobs takes the credits atomically later.
 */
export function checkCredits(principal: Principal, jobCount: number): void {
  if (principal.org.credits <= 0 || principal.org.credits < jobCount) throw insufficientCredits(jobCount);
}

/**
 * Creates the jobs (all of a batch, or one) after taking their credits. With an idempotency key the
 * ids are derived from it, so an attempt sent again (after a 5xx, a lost answer, a gateway that
 * died) finds the credits its first attempt took and the jobs it stored, and nothing is charged or
 * created twice.
 */
/** What creating jobs reads and writes. */
export type CreateJobsDeps = Pick<JobServices, 'writer' | 'jobs' | 'endUsers'>;

export async function createJobs(
  services: CreateJobsDeps,
  orgs: OrganisationStore,
  principal: Principal,
  jobs: NewJob[],
  options: { idempotencyKey: string | null; batchId: string | null; jobIds?: string[] },
): Promise<{ record: JobRecord; endUser: EndUser | null }[]> {
  const orgId = principal.org.org_id;
  const jobIds = jobs.map(
    (_, index) =>
      options.jobIds?.[index] ??
      (options.idempotencyKey ? derivedUuid(orgId, 'job', options.idempotencyKey, String(index)) : newUuid()),
  );
  const charged = await orgs.chargeJobs(orgId, jobIds);
  if (!charged) throw insufficientCredits(jobs.length);
  // The jobs this attempt charged and has not tried to store: known not stored, so given back if
  // it stops. A job whose store was tried keeps its credit: it is stored, or its outcome is
  // unknown and the client's retry (same key, same id) stores it without a second charge.
  const untried = new Set(charged);
  try {
    const now = new Date();
    // Every record is built (and every input's derivations run) before the first is stored, so an
    // input that cannot become a job stops the whole batch before anything is created.
    const records: { record: JobRecord; endUser: EndUser | null }[] = [];
    for (const [index, job] of jobs.entries()) {
      const endUser = job.input.end_user ? await services.endUsers.upsert(orgId, job.input.end_user) : null;
      const owner = { org_id: orgId, key_id: principal.key.key_id };
      const input = { ...job.input, romanisation: job.input.romanisation ?? principal.org.romanisation };
      records.push({
        record: newJobRecord(jobIds[index] as string, owner, { ...job, input }, endUser, options.batchId, now),
        endUser,
      });
    }
    const created: { record: JobRecord; endUser: EndUser | null }[] = [];
    // Once one job's side effects failed (Kafka unreachable), the next job's would wait out the same
    // retries: the rest of a batch leaves theirs to the sweeper straight away.
    let deferEffects = false;
    for (const { record, endUser } of records) {
      untried.delete(record.job_id);
      const creation = await services.writer.create(record, { deferEffects });
      if (creation === 'owed') deferEffects = true;
      if (creation !== 'existing') {
        created.push({ record, endUser });
        continue;
      }
      const existing = await services.jobs.get(record.job_id);
      if (!existing || existing.org_id !== orgId)
        throw new Error(`job ${record.job_id} exists for another organisation`);
      // Stored before its first credit's record could expire, and that record since gone: this
      // attempt's charge is a second one. A job stored since was stored by another attempt with the
      // same key, racing this one after its claim's lease ran out, which found this charge and
      // paid with it: giving it back would leave the job free.
      const storedLongAgo = now.getTime() - existing.created_at.getTime() > CREDIT_RECORD_RETENTION_MS;
      if (storedLongAgo && charged.includes(record.job_id)) await orgs.refundJobs(orgId, [record.job_id]);
      created.push({ record: existing, endUser });
    }
    return created;
  } finally {
    // A refund that fails leaves the credit on a job id that was never stored: the client's retry
    // with its key stores that job on it. The error that stopped the creation is the one to answer.
    if (untried.size > 0) await orgs.refundJobs(orgId, [...untried]).catch(() => {});
  }
}
