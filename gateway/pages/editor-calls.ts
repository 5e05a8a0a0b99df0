/** What the review page and the studio both do for their editor, whatever authenticates the call. */

import type { JobServices } from '../../core/app/job-services.ts';
import { apiError, invalid, rateLimited } from '../../core/errors.ts';
import { UUID_PATTERN } from '../../core/ids.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { findLanguage } from '../../core/languages.ts';
import {
  answerConsumes,
  limitsFor,
  type MeterKind,
  type MeterLimits,
  type MeterName,
  PAGE_LIMITS,
} from '../../core/meters.ts';
import type { Meter } from '../../core/ports/meter.ts';
import { parseApprovalBody } from '../../core/review/edits.ts';
import type { OrganisationStore } from '../../core/tenancy.ts';

const MAX_ROMANISE_LINES = 20;

/** The job a page URL names; null for an id that is not even a UUID. */
export async function jobOfPath(services: JobServices, jobId: string): Promise<JobRecord | null> {
  return UUID_PATTERN.test(jobId) ? services.jobs.get(jobId) : null;
}

/** What a page's calls draw on: the job's own page budget, or (the studio's re-alignment) its organisation's meter. */
export interface PageMetering {
  orgs: OrganisationStore;
  meter: Meter;
}

/**
 * Runs a call that one drawn unit pays for; the unit is given back when the answer is an error,
 * thrown or returned, as the API's meters do (answerConsumes).
 */
export async function paidBy<T>(drawn: DrawnUnit, call: () => Promise<T>, statusOf: (answer: T) => number = () => 200) {
  let status = 500;
  try {
    const answer = await call();
    status = statusOf(answer);
    return answer;
  } finally {
    // A refund the meter store cannot take costs the caller one unit; it must not replace the answer.
    if (!answerConsumes(status)) await drawn.refund().catch(() => undefined);
  }
}

export interface DrawnUnit {
  refund(): Promise<void>;
}

/** Takes one unit of a meter under `key`, or refuses with RATE_001 (see paidBy to give it back). */
async function drawOne(
  meter: Meter,
  key: string,
  kind: MeterKind,
  limits: MeterLimits,
  what: string,
): Promise<DrawnUnit> {
  const result = await meter.consume(key, kind, 1, limits);
  if (!result.allowed) {
    throw rateLimited(what, result.retryAfter);
  }
  return { refund: () => meter.refund(key, kind, 1, result.at) };
}

/** Draws one unit of the organisation's meter for a studio call that is one of its API operations. */
export async function drawForPage(metering: PageMetering, orgId: string, meter: MeterName): Promise<DrawnUnit> {
  const org = await metering.orgs.getOrganisation(orgId);
  return drawOne(metering.meter, orgId, meter, limitsFor(meter, org?.limits ?? {}), `the ${meter} meter`);
}

/**
 * A fresh romanisation of the lines the reviewer just edited ({lines: string[]}, 1 to 20): only while
 * the job waits for its review (an approved job has nothing left to edit), drawn from the job's own
 * page budget (PAGE_LIMITS), never the organisation's API meters.
 */
export async function romaniseEdited(
  services: JobServices,
  metering: PageMetering,
  job: JobRecord,
  body: unknown,
): Promise<{ lines: string[] }> {
  const { lines } = parseApprovalBody({ lines: (body as { lines?: unknown } | undefined)?.lines });
  if (!lines || lines.length > MAX_ROMANISE_LINES) throw invalid(`lines: 1 to ${MAX_ROMANISE_LINES} strings`);
  if (job.lifecycle.review_gate === null) throw apiError('APR_001', job.lifecycle.status, job.lifecycle.stage);
  const drawn = await drawOne(metering.meter, job.job_id, 'page', PAGE_LIMITS, "this job's editor budget");
  return paidBy(drawn, async () => ({
    lines: await services.engine.romanise(findLanguage(job.language)!, lines, job.romanisation),
  }));
}
