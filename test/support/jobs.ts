/** A job record for unit tests: as POST /transcribe creates one for an audio_url submission. */

import { newJobRecord } from '../../core/app/create-jobs.ts';
import { newUuid } from '../../core/ids.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { parseSubmission } from '../../core/jobs/submission.ts';

export function unitJobRecord(fields: Record<string, unknown> = {}, batchId: string | null = null): JobRecord {
  const input = parseSubmission({ language: 'English', audio_url: 'https://cdn.example/a.mp3', ...fields }, 'json');
  return newJobRecord(
    newUuid(),
    { org_id: 'org_unit', key_id: null },
    { input, audio: { source: 'url', url: input.audio_url! } },
    null,
    batchId,
    new Date(),
  );
}
