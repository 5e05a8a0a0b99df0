/**
 * The six download endpoints (spec, Downloads): LRC, SRT and words JSON, original or romanised,
 * rendered from the job's stored timings. 202 while timings are not ready; 409 JOB_001 when the job
 * failed, JOB_002 when the output was never requested; 404 for other organisations and unknown types.
 */
import type { FastifyInstance } from 'fastify';
import { apiError, notFound } from '../../core/errors.ts';
import { hasWordTimings } from '../../core/jobs/timings.ts';
import { outputFormat, VARIANTS } from '../../core/render/outputs.ts';
import type { Variant } from '../../core/render/timed-lines.ts';
import { principalOf } from '../types.ts';
import { ownJob } from './jobs.ts';
import { AUTHENTICATED_ERRORS, errors } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

/** attachment; filename=…, with an RFC 5987 filename* when the name is not plain ASCII. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const header = `attachment; filename="${ascii}"`;
  return ascii === name ? header : `${header}; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export default async function downloadRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  app.get<{ Params: { job_id: string; type: string; variant: string } }>(
    '/jobs/:job_id/download/:type/:variant',
    {
      config: { meter: 'read', requires: 'alignment' },
      schema: {
        summary: 'A timed-lyrics file: lrc, srt or words; original or transliterated',
        tags: ['downloads'],
        security: [{ bearer: [] }],
        response: {
          202: {
            type: 'object',
            properties: { status: { type: 'string', enum: ['processing'] } },
            required: ['status'],
          },
          ...AUTHENTICATED_ERRORS,
          ...errors(403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { job_id: jobId, type, variant } = request.params;
      const job = await ownJob(options.services, principalOf(request).org.org_id, jobId);
      const format = outputFormat(type);
      if (!format || !VARIANTS.has(variant as Variant)) throw notFound('Download type');
      const l = job.lifecycle;
      if (l.status === 'failed') {
        throw apiError('JOB_001', l.error?.message ?? 'unknown reason').with({
          extra: { stage: l.error?.stage ?? 'transcription' },
        });
      }
      if (!l.align_requested) throw apiError('JOB_002', 'align');
      if (format.needsWords && !job.word_align_requested) {
        throw apiError('JOB_002', 'word_align');
      }
      const wordsReady = !format.needsWords || hasWordTimings(job.lines ?? []);
      if (l.status !== 'complete' || job.alignment === null || !wordsReady) {
        return reply.status(202).send({ status: 'processing' });
      }
      const filename = `${job.original_filename}${variant === 'transliterated' ? '_transliterated' : ''}${format.suffix}.${format.extension}`;
      return reply
        .status(200)
        .header('content-type', format.contentType)
        .header('content-disposition', contentDisposition(filename))
        .send(await options.services.outputs.read(job, type, variant as Variant));
    },
  );
}
