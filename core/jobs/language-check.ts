/**
 * The language check (results.language_check, from the engine): whether the song is sung in its
 * labelled language. A mismatch is a `language_check` degradation (the engine adds it), a notice on
 * the review page and a GET /jobs filter; null means the check could not run, never a match.
 */
import type { JobRecord } from './job.ts';

/** The degradation component the engine writes for a mismatch. */
export const LANGUAGE_CHECK_COMPONENT = 'language_check';

/** The check ran and did not hear the labelled language. */
export function isLanguageMismatch(job: Pick<JobRecord, 'results'>): boolean {
  return job.results?.language_check?.matches === false;
}
