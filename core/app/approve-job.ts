/**
 * Approving a job held for review, whichever route it comes through (the API, the review page, the
 * studio): the spec's rules, the corrections saved with the approval, and timings re-derived.
 * The approval is one compare-and-set on the job's version, so the first approval wins and a racing
 * second one reads already_approved; nothing is applied, re-aligned or charged twice.
 */

import { apiError, notFound } from '../errors.ts';
import { explicitOf } from '../jobs/explicit.ts';
import type { JobRecord, LyricLine } from '../jobs/job.ts';
import { lineTextHash } from '../jobs/line-text.ts';
import { resultTexts } from '../jobs/results.ts';
import { withTranslationGap } from '../jobs/translation.ts';
import { findLanguage } from '../languages.ts';
import { publicReason } from '../ports/engine.ts';
import { type ApprovalEdits, changesAnything, type EditPlan, editedLines, planEdits } from '../review/edits.ts';
import { startsInOrder, withReviewerStarts } from '../review/starts.ts';
import type { JobServices } from './job-services.ts';
import { realign } from './realign.ts';

export type ApprovalRoute = 'api' | 'page' | 'studio';

/** What approving a job reads and writes. */
export type ApproveJobDeps = Pick<JobServices, 'writer' | 'engine' | 'lexicons'>;

type AlignmentOutcome = 'realigned' | 'word_timings_dropped' | 'line_timings_unchanged';

/** The results after the edits; explicit is the reviewer's word, else the lexicon's on the new text. */
const resultsOf = (services: ApproveJobDeps, job: JobRecord, lines: LyricLine[], explicit: boolean | undefined) => ({
  ...job.results!,
  ...resultTexts(lines),
  explicit: explicit ?? explicitOf(services.lexicons.forLanguage(findLanguage(job.language)?.code ?? ''), lines),
});

async function transliterationsFor(services: ApproveJobDeps, job: JobRecord, plan: EditPlan): Promise<string[]> {
  const missing = plan.transliterations.flatMap((t, i) => (t === null ? [i] : []));
  if (missing.length === 0) return plan.transliterations as string[];
  const language = findLanguage(job.language)!;
  // Offered again by the engine for each edited line; if it cannot, the edited text stands in.
  const romanised = await services.engine
    .romanise(
      language,
      missing.map((i) => plan.texts[i]!),
      job.romanisation,
    )
    .catch(() => missing.map((i) => plan.texts[i]!));
  const out = [...plan.transliterations];
  missing.forEach((lineIndex, k) => {
    out[lineIndex] = romanised[k] ?? plan.texts[lineIndex]!;
  });
  return out as string[];
}

/** Re-times edited lines at the aligned gate; falls back as the spec allows, or refuses with REV_001. */
async function retime(
  services: ApproveJobDeps,
  job: JobRecord,
  lines: LyricLine[],
  countChanged: boolean,
): Promise<{ lines: LyricLine[]; outcome: AlignmentOutcome; alignment: JobRecord['alignment'] }> {
  try {
    return { ...(await realign(services.engine, job, lines)), outcome: 'realigned' };
  } catch (error) {
    if (countChanged) {
      throw apiError('REV_001', publicReason(error)).with({ cause: error });
    }
    // Same count: every line keeps its line timing; the word track no longer matches the text.
    const previous = job.lines ?? [];
    const hadWords = previous.some((l) => l.words?.length);
    const kept = lines.map((line, i) => ({
      ...line,
      start: previous[i]?.start ?? null,
      end: previous[i]?.end ?? null,
      confidence: previous[i]?.confidence ?? null,
      words: null,
    }));
    return {
      lines: kept,
      outcome: hadWords ? 'word_timings_dropped' : 'line_timings_unchanged',
      alignment: job.alignment ? { ...job.alignment, text_sha256: lineTextHash(kept) } : null,
    };
  }
}

/** Reviewer-set starts apply to timed lyrics only, and must go forwards. */
function checkStarts(
  gate: 'aligned' | 'transcript',
  starts: readonly (number | null)[],
  durationSeconds: number | null,
): void {
  if (gate !== 'aligned')
    throw apiError('APR_002', 'line_starts: the lyrics are not timed yet; starts can be set once they are aligned.');
  if (!startsInOrder(starts)) throw apiError('APR_002', 'line_starts must not go backwards from line to line.');
  // A start is a moment of the song: none past its end (the song's own measured length).
  if (durationSeconds !== null && starts.some((s) => s !== null && s > durationSeconds))
    throw apiError('APR_002', `line_starts must be within the song (${durationSeconds} s).`);
}

function alreadyApproved(job: JobRecord) {
  return {
    job_id: job.job_id,
    status: 'approved',
    already_approved: true,
    stage: job.lifecycle.review_stage ?? 'aligned',
  };
}

export async function approveJob(
  services: ApproveJobDeps,
  initial: JobRecord,
  edits: ApprovalEdits,
  route: ApprovalRoute,
): Promise<Record<string, unknown>> {
  let job = initial;
  for (;;) {
    const l = job.lifecycle;
    if (l.review_approved_at) return alreadyApproved(job);
    if (!l.review_required || l.review_gate === null) throw apiError('APR_001', l.status, l.stage);
    if (route === 'api' && job.review_delivery === 'link') throw apiError('APR_003');
    const gate = l.review_gate;
    const current = job.lines ?? [];
    const plan = planEdits(current, edits);
    if (plan.starts_set > 0) checkStarts(gate, plan.starts, job.duration_seconds);
    const explicitChanged = edits.explicit !== undefined && edits.explicit !== (job.results?.explicit ?? null);
    const edited = changesAnything(plan) || explicitChanged;
    let lines = editedLines(current, plan.texts, await transliterationsFor(services, job, plan), plan.translations);
    let alignment = job.alignment;
    let outcome: AlignmentOutcome | null = null;
    // Only an edit of the original script needs new timings; a romanisation edit keeps them.
    if (gate === 'aligned' && (plan.lines_edited > 0 || plan.count_changed)) {
      ({ lines, alignment, outcome } = await retime(services, job, lines, plan.count_changed));
    }
    if (plan.starts_set > 0) {
      lines = withReviewerStarts(lines, plan.starts);
      alignment = alignment && { ...alignment, flagged_lines: lines.filter((line) => line.flagged).length };
    }

    const seen = job.version;
    let written: Awaited<ReturnType<JobServices['writer']['change']>>;
    try {
      written = await services.writer.change(
        job.job_id,
        (j) =>
          j.version !== seen
            ? null
            : {
                ...(edited
                  ? {
                      patch: {
                        lines,
                        results: resultsOf(services, j, lines, edits.explicit),
                        alignment,
                        degraded: withTranslationGap(j.degraded, j.language, lines),
                      },
                    }
                  : {}),
                event: { type: 'review_approved', at: new Date() },
              },
        undefined,
        // Stored, the approval stands: its release (the alignment queued, job.complete) is owed to
        // the sweeper if Kafka fails now, never rolled back.
        { effectsMayWait: true },
      );
    } catch (error) {
      // The compare-and-set did not land (a dependency failed): nothing was approved or saved.
      throw apiError('APR_004').with({ cause: error });
    }
    if (!written) throw notFound('Job');
    if (!written.changed) {
      // Someone else changed the job first (a racing approval, or the pipeline): decide again on fresh state.
      job = written.job;
      continue;
    }
    const base = {
      job_id: job.job_id,
      status: 'approved',
      stage: gate,
      lines_edited: plan.lines_edited,
      transliteration_lines_edited: plan.transliteration_lines_edited,
      // Only the editor's endpoints can send these; the API's answer keeps the spec's fields.
      ...(route === 'api'
        ? {}
        : { translation_lines_edited: plan.translation_lines_edited, starts_set: plan.starts_set }),
    };
    if (gate === 'transcript') {
      return {
        ...base,
        aligning: l.align_requested,
        message: l.align_requested
          ? 'Approved. Alignment runs on the approved text; poll GET /jobs/{job_id} for the timings.'
          : 'Approved. The job is complete (align=false: no timings are made).',
      };
    }
    return outcome ? { ...base, alignment: outcome } : base;
  }
}
