/**
 * Every timed file a job offers: the spec's LRC, SRT and words JSON, plus enhanced LRC, WebVTT and
 * TTML when word timings exist; each in the original script and romanised. Rendered from the job's
 * lines; the revision names one set of timings, so stored files are never served for other lines.
 */
import { createHash } from 'node:crypto';
import type { JobRecord } from '../jobs/job.ts';
import { resultSections } from '../jobs/sections.ts';
import { hasWordTimings } from '../jobs/timings.ts';
import { findLanguage } from '../languages.ts';
import { renderEnhancedLrc } from './enhanced-lrc.ts';
import { withInstrumentalCues } from './instrumental.ts';
import { renderLrc } from './lrc.ts';
import { renderSrt } from './srt.ts';
import { timedLines, type Variant } from './timed-lines.ts';
import { renderTtml } from './ttml.ts';
import { renderWebVtt } from './webvtt.ts';
import { renderWords } from './words.ts';

export interface OutputFormat {
  extension: string;
  suffix: string;
  contentType: string;
  needsWords: boolean;
  render: (job: JobRecord, variant: Variant) => string;
}

export const OUTPUT_FORMATS: Record<string, OutputFormat> = {
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
    render: (job, v) => renderSrt(withInstrumentalCues(timedLines(job.lines ?? [], v), job.duration_seconds)),
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
const WORD_FORMATS: Record<string, OutputFormat> = {
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
    render: (job, v) => renderWebVtt(withInstrumentalCues(timedLines(job.lines ?? [], v), job.duration_seconds)),
  },
  ttml: {
    extension: 'ttml',
    suffix: '',
    contentType: 'application/ttml+xml; charset=utf-8',
    needsWords: true,
    render: (job, v) => {
      const language = findLanguage(job.language);
      return renderTtml({
        lines: job.lines ?? [],
        variant: v,
        languageCode: language?.code ?? 'und',
        latinScript: language?.scripts.includes('Latn') ?? false,
        sections: resultSections(job),
        durationSeconds: job.duration_seconds,
      });
    },
  },
};
Object.assign(OUTPUT_FORMATS, WORD_FORMATS);

export const VARIANTS = new Set<Variant>(['original', 'transliterated']);

/** The format named by a download path segment; own keys only, so `constructor` or `__proto__` is no format. */
export function outputFormat(type: string): OutputFormat | null {
  return Object.hasOwn(OUTPUT_FORMATS, type) ? OUTPUT_FORMATS[type]! : null;
}

/** Names the lines a file was rendered from: any change of text or timing gives a new revision. */
export function outputRevision(job: JobRecord): string {
  return createHash('sha256')
    .update(JSON.stringify([job.lines, job.duration_seconds, job.original_filename, job.language]))
    .digest('hex')
    .slice(0, 24);
}

/**
 * The files a finished, aligned job offers now (word formats once word timings exist).
 */
export function availableOutputs(job: JobRecord): { type: string; variant: Variant }[] {
  const hasWords = hasWordTimings(job.lines ?? []);
  return Object.entries(OUTPUT_FORMATS)
    .filter(([, f]) => !f.needsWords || (job.word_align_requested && hasWords))
    .flatMap(([type]) => [...VARIANTS].map((variant) => ({ type, variant })));
}
