/**
 * The single error type of the API. Every failure a client can see is an ApiError rendered as
 * {error, message, code}. The table below is the spec's Errors section plus DESIGN.md's choices,
 * each code with its status and the template of its sentence, in the manner of fastify's
 * lib/errors.js: a site names the code and the facts, never writes the sentence.
 */
import { MAX_AUDIO_URL_BYTES, MAX_UPLOAD_BYTES, megabytes } from './policy.ts';
import { VerseError } from './verse-error.ts';

interface CodeInfo {
  status: number;
  error: string;
  retryable?: boolean;
  /** The sentence a client reads, from the facts of the case (never a dependency's words). */
  message: (...facts: never[]) => string;
}

/** A code whose sentence is one of a few, chosen by the situation's name. */
const oneOf =
  <S extends Record<string, string>>(sentences: S) =>
  <K extends keyof S & string>(situation: K): S[K] =>
    sentences[situation];

/** A code whose sentence is the detail itself: which field is wrong, and how. */
const detail = (text: string): string => text;

export const ERROR_CODES = {
  VAL_001: { status: 400, error: 'validation_error', message: detail },
  VAL_002: {
    status: 413,
    error: 'payload_too_large',
    message: (reportedBytes: number) =>
      `audio_url reports ${reportedBytes} bytes; the limit is ${megabytes(MAX_AUDIO_URL_BYTES)} (${MAX_AUDIO_URL_BYTES} bytes).`,
  },
  AUTH_001: {
    status: 401,
    error: 'unauthorized',
    message: oneOf({
      missing_header: 'Missing Authorization header. Send Authorization: Bearer <API_KEY>.',
      malformed_header: 'Malformed Authorization header. Expected: Bearer <API_KEY>.',
      invalid_key: 'Invalid API key.',
      inactive_key: 'This API key is inactive or expired.',
      no_session: 'Sign in to the studio first.',
    }),
  },
  AUTH_002: {
    status: 403,
    error: 'forbidden',
    message: oneOf({
      transcript_only_submission: 'This API key is provisioned for transcript-only use: submit with align=false.',
      transcript_only_alignment: 'This API key is provisioned for transcript-only use and cannot request alignment.',
      no_csrf_token: 'The request did not carry this session’s CSRF token; reload the page.',
    }),
  },
  PAY_001: {
    status: 402,
    error: 'insufficient_credits',
    message: (jobs: number) =>
      jobs === 1
        ? 'Your credit balance is 0 or below. Buy credits to submit jobs.'
        : `Your credit balance does not cover ${jobs} jobs. Buy credits to submit this batch.`,
  },
  PAY_002: {
    status: 402,
    error: 'plan_upgrade_required',
    message: oneOf({
      submission: 'Your plan does not include alignment. Submit with align=false, or upgrade to the full plan.',
      alignment: 'Your plan does not include alignment. Upgrade to the full plan.',
    }),
  },
  NOT_001: { status: 404, error: 'not_found', message: (what: string) => `${what} not found.` },
  RATE_001: {
    status: 429,
    error: 'rate_limit_exceeded',
    retryable: true,
    message: (meter: string, retryAfterSeconds: number) =>
      `Rate limit exceeded on ${meter}. Retry in ${retryAfterSeconds} s.`,
  },
  IDEM_001: {
    status: 409,
    error: 'idempotency_in_progress',
    retryable: true,
    message: () => 'The first request with this Idempotency-Key is still being processed. Retry shortly.',
  },
  IDEM_002: {
    status: 409,
    error: 'idempotency_key_reused',
    message: () => 'This Idempotency-Key was used with a different request body. Use a new key for a new request.',
  },
  JOB_001: { status: 409, error: 'job_failed', message: (reason: string) => `The job failed: ${reason}` },
  JOB_002: {
    status: 409,
    error: 'output_not_requested',
    message: oneOf({
      align: 'Timed output was not requested for this job (align=false).',
      word_align: 'Word timings were not requested for this job (word_align=false).',
    }),
  },
  ALN_001: { status: 409, error: 'no_transcript', message: () => 'The job has no transcript yet.' },
  ALN_002: { status: 409, error: 'held_for_review', message: () => 'The job is held for review; approve it first.' },
  ALN_003: {
    status: 409,
    error: 'realignment_unavailable',
    message: (situation: 'job_failed' | 'engine_unavailable' | 'no_usable_result', reason = '') =>
      situation === 'job_failed'
        ? 'The job failed; it cannot be aligned.'
        : situation === 'engine_unavailable'
          ? `Re-alignment is unavailable right now: ${reason} Retry later.`
          : `Re-alignment gave no usable result: ${reason} The existing timings are unchanged.`,
  },
  ALN_004: {
    status: 409,
    error: 'alignment_running',
    message: oneOf({
      running: 'Alignment is already running for this job.',
      changed_meanwhile: 'The job changed while it was being re-aligned; retry.',
    }),
  },
  ALN_005: {
    status: 422,
    error: 'no_stored_audio',
    message: () => 'There is no stored audio to align against.',
  },
  APR_001: {
    status: 409,
    error: 'not_awaiting_review',
    message: (status: string, stage: string) =>
      `The job is not waiting for review (status ${status}, stage ${stage}): there is nothing to approve or edit.`,
  },
  APR_002: { status: 400, error: 'invalid_lines', message: detail },
  APR_003: {
    status: 409,
    error: 'link_only_review',
    message: () => 'This job was submitted with review_delivery=link; only the review page can approve it.',
  },
  APR_004: {
    status: 502,
    error: 'release_failed',
    message: () => 'The approval could not be released and was rolled back. Retry.',
  },
  APR_005: { status: 409, error: 'line_count_mismatch', message: detail },
  REV_001: {
    status: 409,
    error: 'timings_not_derivable',
    message: (reason: string) =>
      `The line count changed and the lines could not be re-timed: ${reason} Nothing was saved; keep the line count or retry.`,
  },
  HOOK_001: { status: 409, error: 'no_webhook_url', message: () => 'This job was submitted without a webhook_url.' },
  HOOK_002: { status: 409, error: 'job_not_complete', message: detail },
  HOOK_003: { status: 409, error: 'no_review_link', message: () => 'This job has no review link to replay.' },
  HOOK_004: {
    status: 409,
    error: 'review_link_expired',
    message: (expiredAt: string) => `The review link expired at ${expiredAt}.`,
  },
  HOOK_005: { status: 404, error: 'dead_letter_not_found', message: () => 'Dead letter not found.' },
  HOOK_006: {
    status: 409,
    error: 'dead_letter_cleared',
    message: (clearedAt: string) => `Dead letter was cleared at ${clearedAt}.`,
  },
  // Not in the spec's table: routes and methods that do not exist, and the withdrawn POST /align.
  ROUTE_001: {
    status: 404,
    error: 'not_found',
    message: (method: string, path: string) => `No route ${method} ${path}`,
  },
  METHOD_001: {
    status: 405,
    error: 'method_not_allowed',
    message: (method: string, path: string) => `${method} is not allowed on ${path}`,
  },
  GONE_001: {
    status: 410,
    error: 'gone',
    message: oneOf({
      align_endpoint:
        'POST /api/v1/align has been withdrawn. Request alignment at submission (align) or with POST /api/v1/jobs/{job_id}/align.',
      review_link: 'This review link has expired.',
    }),
  },
  BODY_001: {
    status: 413,
    error: 'payload_too_large',
    message: oneOf({
      body: 'Request body is too large.',
      upload: `The file is larger than the ${megabytes(MAX_UPLOAD_BYTES)} upload limit. Send larger files with audio_url (up to ${megabytes(MAX_AUDIO_URL_BYTES)}).`,
    }),
  },
  BODY_002: {
    status: 408,
    error: 'request_timeout',
    message: (why: string) => `The request body did not arrive in time (${why}). Send it again.`,
  },
  MEDIA_001: {
    status: 415,
    error: 'unsupported_media_type',
    message: () => 'Unsupported Content-Type for this endpoint.',
  },
  SRV_001: {
    status: 503,
    error: 'service_unavailable',
    retryable: true,
    message: () => 'The service is temporarily unavailable. Retry shortly.',
  },
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: string;
  message: string;
  code: ErrorCode;
  [extra: string]: unknown;
}

/** The facts a code's sentence is written from, in its template's order. */
export type MessageFacts<C extends ErrorCode> = Parameters<(typeof ERROR_CODES)[C]['message']>;

interface ApiErrorOptions {
  /** Extra top-level fields (retry_after, jobs_requested, stage…). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** The failure behind this answer, for the logs only: the client reads the code's own sentence. */
  cause?: unknown;
}

export class ApiError extends VerseError {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  /** Built by apiError, so that every sentence comes from the code's template. */
  private constructor(
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions,
  ) {
    super(message, { retriable: 'retryable' in ERROR_CODES[code], cause: options.cause });
    this.status = ERROR_CODES[code].status;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  static of<C extends ErrorCode>(code: C, facts: MessageFacts<C>, options: ApiErrorOptions = {}): ApiError {
    const message = (ERROR_CODES[code].message as (...facts: unknown[]) => string)(...facts);
    return new ApiError(code, message, options);
  }

  /** The same answer with more extra fields and headers (added to its own), or a cause. */
  with(options: ApiErrorOptions): ApiError {
    return new ApiError(this.code, this.message, {
      extra: { ...this.extra, ...options.extra },
      headers: { ...this.headers, ...options.headers },
      cause: options.cause ?? this.cause,
    });
  }

  toBody(): ErrorBody {
    return { error: ERROR_CODES[this.code].error, message: this.message, code: this.code, ...this.extra };
  }
}

/** The error of `code`, its sentence written from `facts` by the code's template. */
export const apiError = <C extends ErrorCode>(code: C, ...facts: MessageFacts<C>): ApiError => ApiError.of(code, facts);

export const notFound = (what: string): ApiError => apiError('NOT_001', what);
export const invalid = (message: string): ApiError => apiError('VAL_001', message);

/** A meter is full (spec, Errors rule 1): when to come back, as a field and as Retry-After. */
export const rateLimited = (meter: string, retryAfterSeconds: number): ApiError =>
  apiError('RATE_001', meter, retryAfterSeconds).with({
    extra: { retry_after: retryAfterSeconds },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
