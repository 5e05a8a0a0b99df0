/**
 * The six download endpoints (spec, Downloads): LRC, SRT and words JSON, original or romanised,
 * rendered from the job's stored timings. 202 while timings are not ready; 409 JOB_001 when the job
 * failed, JOB_002 when the output was never requested; 404 for other organisations and unknown types.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../core/errors.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { findLanguage } from '../../core/languages.ts';
import { renderEnhancedLrc } from '../../core/render/enhanced-lrc.ts';
import { renderLrc } from '../../core/render/lrc.ts';
import { renderSrt } from '../../core/render/srt.ts';
import { timedLines, type Variant } from '../../core/render/timed-lines.ts';
import { renderTtml } from '../../core/render/ttml.ts';
import { renderWebVtt } from '../../core/render/webvtt.ts';
import { renderWords } from '../../core/render/words.ts';
import { principalOf } from '../types.ts';
import { ownJob } from './jobs.ts';
import { AUTHENTICATED_ERRORS, errors } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

interface Format {
  extension: string;
  suffix: string;
  contentType: string;
  needsWords: boolean;
  render: (job: JobRecord, variant: Variant) => string;
}

const FORMATS: Record<string, Format> = {
  lrc: {
    extension: 'lrc',
    suffix: '',
    contentType: 'text/plain; charset=utf-8',
    needsWords: false,
    render: (job, v) => renderLrc(timedLines(job.lines ?? [], v), { durationSeconds: job.duration_seconds }),
  },
  srt: {
    extension: 'srt',
    suffix: '',
    contentType: 'text/plain; charset=utf-8',
    needsWords: false,
    render: (job, v) => renderSrt(timedLines(job.lines ?? [], v)),
  },
  words: {
    extension: 'json',
    suffix: '_words',
    contentType: 'application/json; charset=utf-8',
    needsWords: true,
    render: (job, v) => `${JSON.stringify(renderWords(timedLines(job.lines ?? [], v)))}\n`,
  },
};

// Additive formats (beyond the spec): offered when word timings exist.
const WORD_FORMATS: Record<string, Format> = {
  elrc: {
    extension: 'lrc',
    suffix: '_enhanced',
    contentType: 'text/plain; charset=utf-8',
    needsWords: true,
    render: (job, v) => renderEnhancedLrc(timedLines(job.lines ?? [], v), { durationSeconds: job.duration_seconds }),
  },
  vtt: {
    extension: 'vtt',
    suffix: '',
    contentType: 'text/vtt; charset=utf-8',
    needsWords: true,
    render: (job, v) => renderWebVtt(timedLines(job.lines ?? [], v)),
  },
  ttml: {
    extension: 'ttml',
    suffix: '',
    contentType: 'application/ttml+xml; charset=utf-8',
    needsWords: true,
    render: (job, v) =>
      renderTtml(
        timedLines(job.lines ?? [], v),
        v === 'original'
          ? (findLanguage(job.language)?.code ?? 'und')
          : `${findLanguage(job.language)?.code ?? 'und'}-Latn`,
        job.duration_seconds,
      ),
  },
};
Object.assign(FORMATS, WORD_FORMATS);

const VARIANTS = new Set<Variant>(['original', 'transliterated']);

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
      const format = FORMATS[type];
      if (!format || !VARIANTS.has(variant as Variant)) throw notFound('Download type');
      const l = job.lifecycle;
      if (l.status === 'failed') {
        throw new ApiError('JOB_001', `The job failed: ${l.error?.message ?? 'unknown reason'}`, {
          extra: { stage: l.error?.stage ?? 'transcription' },
        });
      }
      if (!l.align_requested)
        throw new ApiError('JOB_002', 'Timed output was not requested for this job (align=false).');
      if (format.needsWords && !job.word_align_requested) {
        throw new ApiError('JOB_002', 'Word timings were not requested for this job (word_align=false).');
      }
      const wordsReady = !format.needsWords || (job.lines ?? []).some((line) => line.words !== null);
      if (l.status !== 'complete' || job.alignment === null || !wordsReady) {
        return reply.status(202).send({ status: 'processing' });
      }
      const filename = `${job.original_filename}${variant === 'transliterated' ? '_transliterated' : ''}${format.suffix}.${format.extension}`;
      return reply
        .status(200)
        .header('content-type', format.contentType)
        .header('content-disposition', contentDisposition(filename))
        .send(format.render(job, variant as Variant));
    },
  );
}
