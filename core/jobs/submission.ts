/**
 * Validation of a submission (POST /transcribe, JSON or multipart, and each job of POST /batch).
 * One function for every body type so the rules and messages are identical; it returns a typed
 * request or throws 400 VAL_001 naming the field.
 */

import type { EngineRomanisation } from '../../schemas/generated/engine/transcribe-request.ts';
import { invalid } from '../errors.ts';
import { findLanguage, type LanguageEntry } from '../languages.ts';
import type { ReviewDelivery, ReviewStage } from './lifecycle.ts';

export type SubmissionMode = 'json' | 'form' | 'batch';

/** The romanisation a job's transliteration and romanised files are written in (engine/verse_engine/text/readable.py). */
export const ROMANISATION_FORMS = ['standard', 'readable'] as const;
export type RomanisationForm = EngineRomanisation;

export interface EndUserInput {
  external_id: string;
  email?: string;
  name?: string;
}

export interface SubmissionInput {
  language: LanguageEntry;
  audio_url: string | null;
  align: boolean;
  word_align: boolean;
  /** Null: the organisation's default. */
  romanisation: RomanisationForm | null;
  review: boolean;
  review_stage: ReviewStage | null;
  review_delivery: ReviewDelivery | null;
  isrc: string | null;
  external_id: string | null;
  webhook_url: string | null;
  end_user: EndUserInput | null;
}

const SUBMISSION_FIELDS = [
  'language',
  'audio_url',
  'align',
  'word_align',
  'romanisation',
  'isrc',
  'review',
  'review_stage',
  'review_delivery',
  'end_user',
  'external_id',
  'webhook_url',
] as const;

/** JSON and multipart take the same fields; a batch job has no webhook_url of its own (the batch has one). */
const FIELDS: Record<SubmissionMode, readonly string[]> = {
  json: SUBMISSION_FIELDS,
  form: SUBMISSION_FIELDS,
  batch: SUBMISSION_FIELDS.filter((f) => f !== 'webhook_url'),
};

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_TEXT = 255;

/** ISO 3901: hyphens removed and upper-cased, then 2 letters, 3 alphanumerics, 2 + 5 digits. */
export function normaliseIsrc(value: string): string | null {
  const isrc = value.replaceAll('-', '').trim().toUpperCase();
  return ISRC.test(isrc) ? isrc : null;
}

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && value.length <= 2048;
  } catch {
    return false;
  }
}

function boolean(raw: unknown, name: string, fallback: boolean, mode: SubmissionMode): boolean {
  if (raw === undefined) return fallback;
  if (typeof raw === 'boolean') return raw;
  if (mode === 'form' && typeof raw === 'string') {
    const v = raw.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
  }
  throw invalid(`${name} must be true or false`);
}

function text(raw: unknown, name: string, max = MAX_TEXT): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw invalid(`${name} must be a string`);
  if (raw.length === 0) throw invalid(`${name} must not be empty`);
  if (raw.length > max) throw invalid(`${name} must be at most ${max} characters`);
  if (/\p{Cc}/u.test(raw) || raw.includes('\ufffd')) throw invalid(`${name} contains control or invalid characters`);
  return raw;
}

function endUser(raw: unknown, mode: SubmissionMode): EndUserInput | null {
  if (raw === undefined || raw === null) return null;
  let value = raw;
  if (mode === 'form') {
    if (typeof raw !== 'string') throw invalid('end_user must be a JSON-encoded object');
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalid('end_user must be a JSON-encoded object');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('end_user must be an object');
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!['external_id', 'email', 'name'].includes(key))
      throw invalid(`end_user.${key.slice(0, 40)} is not a known field`);
  }
  const externalId = text(obj.external_id, 'end_user.external_id');
  if (!externalId) throw invalid('end_user.external_id is required');
  const email = text(obj.email, 'end_user.email', 320);
  if (email !== null && !EMAIL.test(email)) throw invalid('end_user.email is not an email address');
  const name = text(obj.name, 'end_user.name');
  return { external_id: externalId, ...(email ? { email } : {}), ...(name ? { name } : {}) };
}

export function parseSubmission(raw: unknown, mode: SubmissionMode): SubmissionInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid('The body must be a JSON object');
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!FIELDS[mode].includes(key)) throw invalid(`${key.slice(0, 40)} is not a known field`);
  }

  if (body.language === undefined) throw invalid('language is required');
  const language = findLanguage(body.language);
  if (!language) {
    throw invalid(
      `language must be one of the names from GET /api/v1/languages, exactly as written (got ${JSON.stringify(String(body.language).slice(0, 40))})`,
    );
  }

  const audioUrl = text(body.audio_url, 'audio_url', 2048);
  if (audioUrl !== null && !isHttpsUrl(audioUrl)) throw invalid('audio_url must be a valid https:// URL');
  if (mode === 'batch' && audioUrl === null) throw invalid('audio_url is required for every job of a batch');

  const webhookUrl = text(body.webhook_url, 'webhook_url', 2048);
  if (webhookUrl !== null && !isHttpsUrl(webhookUrl)) throw invalid('webhook_url must be a valid https:// URL');

  const review = boolean(body.review, 'review', false, mode);
  if (!review && body.review_stage !== undefined) throw invalid('review_stage requires review=true');
  if (!review && body.review_delivery !== undefined) throw invalid('review_delivery requires review=true');
  let reviewStage: ReviewStage | null = null;
  let reviewDelivery: ReviewDelivery | null = null;
  if (review) {
    reviewStage = (body.review_stage ?? 'aligned') as ReviewStage;
    if (reviewStage !== 'aligned' && reviewStage !== 'transcript')
      throw invalid('review_stage must be aligned or transcript');
    reviewDelivery = (body.review_delivery ?? 'both') as ReviewDelivery;
    if (!['both', 'api', 'link'].includes(reviewDelivery)) throw invalid('review_delivery must be both, api or link');
  }

  const romanisation = body.romanisation ?? null;
  if (romanisation !== null && !ROMANISATION_FORMS.includes(romanisation as RomanisationForm))
    throw invalid(`romanisation must be ${ROMANISATION_FORMS.join(' or ')}`);

  let isrc: string | null = null;
  const rawIsrc = text(body.isrc, 'isrc', 32);
  if (rawIsrc !== null) {
    isrc = normaliseIsrc(rawIsrc);
    if (!isrc) throw invalid('isrc is not a valid ISRC (ISO 3901: CC-XXX-YY-NNNNN, hyphens optional)');
  }

  return {
    language,
    audio_url: audioUrl,
    align: boolean(body.align, 'align', true, mode),
    word_align: boolean(body.word_align, 'word_align', true, mode),
    romanisation: romanisation as RomanisationForm | null,
    review,
    review_stage: reviewStage,
    review_delivery: reviewDelivery,
    isrc,
    external_id: text(body.external_id, 'external_id'),
    webhook_url: webhookUrl,
    end_user: endUser(body.end_user, mode),
  };
}
