/** POST /transcribe: one job from an uploaded file (multipart) or an audio_url (JSON). */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AudioInput,
  authoriseFeatures,
  checkCredits,
  createJobs,
  type Upload,
} from '../../core/app/create-jobs.ts';
import type { JobServices } from '../../core/app/job-services.ts';
import { CreationIncompleteError } from '../../core/app/job-writer.ts';
import { invalid } from '../../core/errors.ts';
import { parseSubmission } from '../../core/jobs/submission.ts';
import {
  BODY_DEADLINE_MS,
  BODY_IDLE_MS,
  DRAIN_MAX_BYTES,
  MAX_UPLOAD_BYTES,
  megabytes,
  seconds,
} from '../../core/policy.ts';
import type { Meter } from '../../core/ports/meter.ts';
import type { OrganisationStore } from '../../core/tenancy.ts';
import { probeWithinBudget } from '../jobs/audio-probe.ts';
import { requestHash, withIdempotency } from '../jobs/idempotency.ts';
import { readMultipart } from '../jobs/upload.ts';
import { principalOf } from '../types.ts';
import { AUTHENTICATED_ERRORS, errors, ref } from './schemas.ts';

export interface JobRouteOptions {
  services: JobServices;
  orgs: OrganisationStore;
  /** The rate meters; the audio_url probe budget draws on it too. */
  meter: Meter;
  cursorSecret: string;
  reviewSecret: string;
  baseUrl: string;
}

// Documents the JSON body; the single validator (parseSubmission) checks JSON and multipart alike.
const submissionBody = {
  type: 'object',
  required: ['language'],
  properties: {
    language: { type: 'string', description: 'Exact name from GET /languages' },
    audio_url: { type: 'string', format: 'uri', description: 'https:// only, up to 100 MB' },
    file: { type: 'string', format: 'binary', description: `multipart only, up to ${megabytes(MAX_UPLOAD_BYTES)}` },
    align: { type: 'boolean', default: true },
    word_align: { type: 'boolean', default: true },
    romanisation: {
      type: 'string',
      enum: ['standard', 'readable'],
      description:
        "standard: the language's scheme with its diacritics (ISO 15919, pinyin with tones, Hepburn...); readable: without diacritics, as listeners read lyrics. Default: the organisation's",
    },
    isrc: { type: 'string' },
    review: { type: 'boolean', default: false },
    review_stage: { type: 'string', enum: ['aligned', 'transcript'] },
    review_delivery: { type: 'string', enum: ['both', 'api', 'link'] },
    end_user: {
      type: 'object',
      required: ['external_id'],
      properties: { external_id: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
    },
    external_id: { type: 'string', maxLength: 255 },
    webhook_url: { type: 'string', format: 'uri' },
  },
};

const isMultipart = (request: FastifyRequest) => request.isMultipart();

export default async function transcribeRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  const { services, orgs } = options;

  app.post(
    '/transcribe',
    {
      config: { meter: 'submit' },
      attachValidation: true,
      schema: {
        summary: 'Submit one song',
        description: `The body must keep arriving: ${seconds(BODY_IDLE_MS)} without data, or ${seconds(BODY_DEADLINE_MS)} in all, is answered 408 BODY_002 and the connection closes. An answer given before the whole body was read (a 400 on the file name, a 413) still drains up to ${megabytes(DRAIN_MAX_BYTES)} of it, so a keep-alive connection stays usable.`,
        tags: ['jobs'],
        security: [{ bearer: [] }],
        consumes: ['application/json', 'multipart/form-data'],
        body: submissionBody,
        response: {
          202: ref('job-accepted.json'),
          ...AUTHENTICATED_ERRORS,
          ...errors(400, 402, 403, 408, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const orgId = principal.org.org_id;
      let upload: Upload | null = null;
      let used = false;
      try {
        let fields: unknown;
        if (isMultipart(request)) {
          ({ fields, upload } = await readMultipart(request, services.storage, orgId));
        } else {
          fields = request.body;
        }
        const input = parseSubmission(fields, upload || isMultipart(request) ? 'form' : 'json');
        if (upload && input.audio_url) throw invalid('Send either a file or an audio_url, not both');
        if (!upload && !input.audio_url)
          throw invalid('Send the audio as a multipart file, or an https audio_url in JSON');
        authoriseFeatures(principal, [input]);
        const audio: AudioInput = upload ? { source: 'upload', upload } : { source: 'url', url: input.audio_url! };
        const hash = requestHash({ fields, file: upload?.sha256 ?? null });
        return await withIdempotency(services.idempotency, request, reply, orgId, hash, async (key) => {
          // A replay was answered from its record above, whatever the balance now; a new submission
          // needs a credit. The only outbound call comes after every cheap check.
          checkCredits(principal, 1);
          if (input.audio_url) await probeWithinBudget([input.audio_url], services.outbound, options.meter, orgId);
          const [created] = await createJobs(services, orgs, principal, [{ input, audio }], {
            idempotencyKey: key,
            batchId: null,
          }).catch((error: unknown) => {
            // The job row may be stored with the upload's key, and then the sweeper finishes its
            // creation: the audio is the job's, and deleting it would fail the job at its first
            // stage. Where the row was not stored after all, the kept file is named in the log.
            if (error instanceof CreationIncompleteError) {
              used = true;
              request.log.warn({ job_id: error.jobId, upload: upload?.key }, 'upload kept: its job may be stored');
            }
            throw error;
          });
          used = created!.record.audio_key === upload?.key;
          const { record, endUser } = created!;
          return {
            statusCode: 202,
            body: {
              job_id: record.job_id,
              status: 'queued',
              language: record.language,
              created_at: record.created_at.toISOString(),
              review_required: record.lifecycle.review_required,
              align_requested: record.lifecycle.align_requested,
              word_align_requested: record.word_align_requested,
              external_id: record.external_id,
              ...(endUser ? { end_user: endUser } : {}),
            },
          };
        });
      } finally {
        if (upload && !used) await services.storage.delete(upload.key).catch(() => {});
      }
    },
  );
}
