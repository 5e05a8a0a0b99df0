/**
 * The single error type of the API. Every failure a client can see is an ApiError rendered as
 * {error, message, code}; the table below is the spec's Errors section plus DESIGN.md's choices.
 */

interface CodeInfo {
  status: number;
  error: string;
  retryable?: boolean;
}

export const ERROR_CODES = {
  VAL_001: { status: 400, error: 'validation_error' },
  VAL_002: { status: 413, error: 'payload_too_large' },
  AUTH_001: { status: 401, error: 'unauthorized' },
  AUTH_002: { status: 403, error: 'forbidden' },
  PAY_001: { status: 402, error: 'insufficient_credits' },
  PAY_002: { status: 402, error: 'plan_upgrade_required' },
  NOT_001: { status: 404, error: 'not_found' },
  RATE_001: { status: 429, error: 'rate_limit_exceeded', retryable: true },
  IDEM_001: { status: 409, error: 'idempotency_in_progress', retryable: true },
  IDEM_002: { status: 409, error: 'idempotency_key_reused' },
  JOB_001: { status: 409, error: 'job_failed' },
  JOB_002: { status: 409, error: 'output_not_requested' },
  ALN_001: { status: 409, error: 'no_transcript' },
  ALN_002: { status: 409, error: 'held_for_review' },
  ALN_003: { status: 409, error: 'realignment_unavailable' },
  ALN_004: { status: 409, error: 'alignment_running' },
  ALN_005: { status: 422, error: 'no_stored_audio' },
  APR_001: { status: 409, error: 'not_awaiting_review' },
  APR_002: { status: 400, error: 'invalid_lines' },
  APR_003: { status: 409, error: 'link_only_review' },
  APR_004: { status: 502, error: 'release_failed' },
  APR_005: { status: 409, error: 'line_count_mismatch' },
  REV_001: { status: 409, error: 'timings_not_derivable' },
  HOOK_001: { status: 409, error: 'no_webhook_url' },
  HOOK_002: { status: 409, error: 'job_not_complete' },
  HOOK_003: { status: 409, error: 'no_review_link' },
  HOOK_004: { status: 409, error: 'review_link_expired' },
  HOOK_005: { status: 404, error: 'dead_letter_not_found' },
  HOOK_006: { status: 409, error: 'dead_letter_cleared' },
  // Not in the spec's table: routes and methods that do not exist, and the withdrawn POST /align.
  ROUTE_001: { status: 404, error: 'not_found' },
  METHOD_001: { status: 405, error: 'method_not_allowed' },
  GONE_001: { status: 410, error: 'gone' },
  BODY_001: { status: 413, error: 'payload_too_large' },
  BODY_002: { status: 408, error: 'request_timeout' },
  MEDIA_001: { status: 415, error: 'unsupported_media_type' },
  SRV_001: { status: 503, error: 'service_unavailable', retryable: true },
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: string;
  message: string;
  code: ErrorCode;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra top-level fields (retry_after, jobs_requested, stage…). */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  /**
   * @param options.cause the failure behind this answer, for the logs only: the client reads
   * `message`, a sentence of ours, never a dependency's words.
   */
  constructor(
    code: ErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  get retryable(): boolean {
    return 'retryable' in ERROR_CODES[this.code];
  }

  toBody(): ErrorBody {
    return { error: ERROR_CODES[this.code].error, message: this.message, code: this.code, ...this.extra };
  }
}

export const notFound = (what = 'Resource'): ApiError => new ApiError('NOT_001', `${what} not found`);
export const invalid = (message: string): ApiError => new ApiError('VAL_001', message);
