/**
 * Review links. When a gate opens the job gets a random nonce; the token is an HMAC of the job id
 * and that nonce under the server's review secret. The database holds the nonce (useless without
 * the secret, but enough to show review_url on every read) and the token's SHA-256, which is what a
 * presented token is checked against; the token itself is never stored. A token is valid for 7 days
 * from its gate and never after review_expires_at; it may be used any number of times until then.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { JobRecord } from '../jobs/job.ts';
import { REVIEW_TOKEN_VALIDITY_MS, TRANSCRIPT_REVIEW_WAIT_MS } from '../policy.ts';
import { safeEqual } from '../secrets.ts';

export function reviewToken(secret: string, jobId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`review.${jobId}.${nonce}`).digest('base64url');
}

/** When the review window closes: the transcript gate's wait, or the token's life at the aligned gate. */
export function reviewExpiresAt(job: JobRecord): string | null {
  const gateAt = job.lifecycle.review_gate_at;
  if (!gateAt) return null;
  const window = job.lifecycle.review_stage === 'transcript' ? TRANSCRIPT_REVIEW_WAIT_MS : REVIEW_TOKEN_VALIDITY_MS;
  return new Date(gateAt.getTime() + window).toISOString();
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link for a job whose gate just opened: what the job row stores. */
export function mintReviewLink(secret: string, jobId: string): { review_nonce: string; review_token_sha256: string } {
  const nonce = randomBytes(18).toString('base64url');
  return { review_nonce: nonce, review_token_sha256: sha256(reviewToken(secret, jobId, nonce)) };
}

/** The review link of a job whose gate minted one; null otherwise (never for review_delivery=api). */
export function reviewUrlOf(
  job: Pick<JobRecord, 'job_id' | 'review_nonce' | 'review_delivery'>,
  baseUrl: string,
  secret: string,
): string | null {
  if (!job.review_nonce || job.review_delivery === 'api') return null;
  return `${baseUrl}/review/${job.job_id}?token=${reviewToken(secret, job.job_id, job.review_nonce)}`;
}

/** When the job's link stops working: 7 days after its gate, and never after review_expires_at. */
export function reviewTokenExpiry(job: JobRecord): Date | null {
  const gateAt = job.lifecycle.review_gate_at;
  if (!gateAt) return null;
  const sevenDays = gateAt.getTime() + REVIEW_TOKEN_VALIDITY_MS;
  const expires = reviewExpiresAt(job);
  return new Date(expires ? Math.min(sevenDays, Date.parse(expires)) : sevenDays);
}

export type TokenCheck = 'valid' | 'invalid' | 'expired';

export function checkReviewToken(job: JobRecord, token: string, now: Date): TokenCheck {
  if (!job.review_token_sha256 || job.review_delivery === 'api' || !token) return 'invalid';
  if (!safeEqual(sha256(token), job.review_token_sha256)) return 'invalid';
  const expiry = reviewTokenExpiry(job);
  if (expiry && now.getTime() >= expiry.getTime()) return 'expired';
  return 'valid';
}
