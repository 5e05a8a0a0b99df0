/**
 * What a dead-lettered message leaves on the job it carried: the stage it would have moved is
 * recorded as failed, with a reason a client can act on, so no job stays `processing` waiting for a
 * message that was set aside. A job that has moved on is left as it is.
 */

import { UUID_PATTERN } from '../ids.ts';
import type { JobRecord } from '../jobs/job.ts';
import type { JobWriter } from './job-writer.ts';

export const DEAD_LETTER_MESSAGE =
  'A message for this job could not be processed and was set aside for an operator; submit the song again.';

const STAGE_OF = { transcription: 'transcribing', alignment: 'aligning' } as const;

export async function failDeadLetteredJob(
  writer: JobWriter,
  key: string | null,
  stage: keyof typeof STAGE_OF,
): Promise<void> {
  // A message key read back from Kafka may be anything; only a job id can name a job.
  if (!key || !UUID_PATTERN.test(key)) return;
  await writer.changeIfAllowed(key, (job: JobRecord) =>
    job.lifecycle.status === 'processing' && job.lifecycle.stage === STAGE_OF[stage]
      ? {
          ...(stage === 'alignment' ? { patch: { alignment_started_at: null } } : {}),
          event: { type: 'failure_recorded', stage, message: DEAD_LETTER_MESSAGE, at: new Date() },
        }
      : null,
  );
}
