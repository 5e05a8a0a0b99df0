/** What the review page and the studio both do for their editor, whatever authenticates the call. */
import { ApiError } from '../../core/errors.ts';
import { UUID_PATTERN } from '../../core/ids.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { findLanguage } from '../../core/languages.ts';
import { parseApprovalBody } from '../../core/review/edits.ts';
import type { JobServices } from '../jobs/services.ts';

const MAX_ROMANISE_LINES = 20;

/** The job a page URL names; null for an id that is not even a UUID. */
export async function jobOfPath(services: JobServices, jobId: string): Promise<JobRecord | null> {
  return UUID_PATTERN.test(jobId) ? services.jobs.get(jobId) : null;
}

/** A fresh romanisation of the lines the reviewer just edited ({lines: string[]}, 1 to 20). */
export async function romaniseEdited(
  services: JobServices,
  job: JobRecord,
  body: unknown,
): Promise<{ lines: string[] }> {
  const { lines } = parseApprovalBody({ lines: (body as { lines?: unknown } | undefined)?.lines });
  if (!lines || lines.length > MAX_ROMANISE_LINES)
    throw new ApiError('VAL_001', `lines: 1 to ${MAX_ROMANISE_LINES} strings`);
  return { lines: await services.engine.romanise(findLanguage(job.language)!, lines) };
}
