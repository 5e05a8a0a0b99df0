/** What the review page and the studio both do for their editor, whatever authenticates the call. */
import { ApiError } from '../../core/errors.ts';
import { UUID_PATTERN } from '../../core/ids.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { findLanguage } from '../../core/languages.ts';
import { limitsFor, type MeterName } from '../../core/meters.ts';
import type { Meter } from '../../core/ports/meter.ts';
import { parseApprovalBody } from '../../core/review/edits.ts';
import type { OrganisationStore } from '../../core/tenancy.ts';
import type { JobServices } from '../jobs/services.ts';

const MAX_ROMANISE_LINES = 20;

/** The job a page URL names; null for an id that is not even a UUID. */
export async function jobOfPath(services: JobServices, jobId: string): Promise<JobRecord | null> {
  return UUID_PATTERN.test(jobId) ? services.jobs.get(jobId) : null;
}

/** What a page's engine call draws on: the job's organisation's read meter. */
export interface PageMetering {
  orgs: OrganisationStore;
  meter: Meter;
}

/**
 * Draws one unit of the organisation's read meter for a page's call to the engine (the review page
 * has no API key; its calls still count against the organisation that owns the job).
 */
export async function drawForPage(
  metering: PageMetering,
  orgId: string,
  meter: MeterName,
): Promise<{ refund: () => Promise<void> }> {
  const org = await metering.orgs.getOrganisation(orgId);
  const result = await metering.meter.consume(orgId, meter, 1, limitsFor(meter, org?.limits ?? {}));
  if (!result.allowed) {
    throw new ApiError('RATE_001', `Rate limit exceeded on the ${meter} meter. Retry in ${result.retryAfter} s.`, {
      extra: { retry_after: result.retryAfter },
      headers: { 'Retry-After': String(result.retryAfter) },
    });
  }
  return { refund: () => metering.meter.refund(orgId, meter, 1, result.at) };
}

/**
 * A fresh romanisation of the lines the reviewer just edited ({lines: string[]}, 1 to 20): only while
 * the job waits for its review (an approved job has nothing left to edit), metered as a read.
 */
export async function romaniseEdited(
  services: JobServices,
  metering: PageMetering,
  job: JobRecord,
  body: unknown,
): Promise<{ lines: string[] }> {
  const { lines } = parseApprovalBody({ lines: (body as { lines?: unknown } | undefined)?.lines });
  if (!lines || lines.length > MAX_ROMANISE_LINES)
    throw new ApiError('VAL_001', `lines: 1 to ${MAX_ROMANISE_LINES} strings`);
  if (job.lifecycle.review_gate === null)
    throw new ApiError('APR_001', 'The job is not waiting for review: there is nothing left to edit.');
  await drawForPage(metering, job.org_id, 'read');
  return { lines: await services.engine.romanise(findLanguage(job.language)!, lines) };
}
