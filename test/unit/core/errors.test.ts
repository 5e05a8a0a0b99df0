import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiError,
  ERROR_CODES,
  type ErrorCode,
  invalid,
  notFound,
  rateLimited,
} from '../../../core/errors.ts';
import { MAX_AUDIO_URL_BYTES, MAX_UPLOAD_BYTES, megabytes } from '../../../core/policy.ts';
import { isRetriable, VerseError } from '../../../core/verse-error.ts';

/** Facts of the right kinds for each template: a sentence must come out of every code. */
const SAMPLE_FACTS: { [C in ErrorCode]: Parameters<(typeof ERROR_CODES)[C]['message']> } = {
  VAL_001: ['language is required'],
  VAL_002: [200_000_000],
  AUTH_001: ['invalid_key'],
  AUTH_002: ['no_csrf_token'],
  PAY_001: [3],
  PAY_002: ['alignment'],
  NOT_001: ['Job'],
  RATE_001: ['the submit meter', 7],
  IDEM_001: [],
  IDEM_002: [],
  JOB_001: ['The audio could not be decoded.'],
  JOB_002: ['word_align'],
  ALN_001: [],
  ALN_002: [],
  ALN_003: ['engine_unavailable', 'The speech engine is busy.'],
  ALN_004: ['running'],
  ALN_005: [],
  APR_001: ['complete', 'done'],
  APR_002: ['lines must not be empty'],
  APR_003: [],
  APR_004: [],
  APR_005: ['transliterated_lines has 2 entries for 3 lines'],
  REV_001: ['The speech engine is busy.'],
  HOOK_001: [],
  HOOK_002: ['The job is processing, not complete'],
  HOOK_003: [],
  HOOK_004: ['2026-11-27T10:00:00.000Z'],
  HOOK_005: [],
  HOOK_006: ['2026-11-27T10:00:00.000Z'],
  ROUTE_001: ['GET', '/api/v1/nothing'],
  METHOD_001: ['DELETE', '/api/v1/jobs'],
  GONE_001: ['review_link'],
  BODY_001: ['upload'],
  BODY_002: ['no byte for 30 s'],
  MEDIA_001: [],
  SRV_001: [],
};

describe('ApiError', () => {
  it.each(Object.keys(ERROR_CODES) as ErrorCode[])('%s renders {error, message, code} with its status', (code) => {
    const e = ApiError.of(code, SAMPLE_FACTS[code]);
    expect(e.toBody()).toEqual({ error: ERROR_CODES[code].error, message: e.message, code });
    expect(e.message.length).toBeGreaterThan(5);
    expect(e.status).toBe(ERROR_CODES[code].status);
  });

  it('marks exactly RATE_001, SRV_001 and IDEM_001 retriable (spec, Errors rule 1)', () => {
    const retriable = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) =>
      isRetriable(ApiError.of(c, SAMPLE_FACTS[c])),
    );
    expect(retriable.sort()).toEqual(['IDEM_001', 'RATE_001', 'SRV_001']);
  });

  it('writes each sentence from the facts and the limits it names', () => {
    expect(apiError('RATE_001', 'the submit meter', 7).message).toBe(
      'Rate limit exceeded on the submit meter. Retry in 7 s.',
    );
    expect(apiError('VAL_002', 123).message).toContain(
      `${megabytes(MAX_AUDIO_URL_BYTES)} (${MAX_AUDIO_URL_BYTES} bytes)`,
    );
    expect(apiError('BODY_001', 'upload').message).toContain(megabytes(MAX_UPLOAD_BYTES));
    expect(apiError('PAY_001', 1).message).not.toEqual(apiError('PAY_001', 2).message);
    expect(notFound('Batch').message).toBe('Batch not found.');
    expect(invalid('cursor is not valid').code).toBe('VAL_001');
  });

  it.each([
    ['VAL_001', 400, 'validation_error'],
    ['AUTH_001', 401, 'unauthorized'],
    ['PAY_001', 402, 'insufficient_credits'],
    ['PAY_002', 402, undefined],
    ['AUTH_002', 403, 'forbidden'],
    ['NOT_001', 404, 'not_found'],
    ['VAL_002', 413, undefined],
    ['RATE_001', 429, 'rate_limit_exceeded'],
    ['IDEM_002', 409, undefined],
    ['ALN_005', 422, undefined],
    ['APR_002', 400, undefined],
    ['HOOK_005', 404, undefined],
    ['APR_004', 502, undefined],
  ] as const)('%s is HTTP %i as the spec table says', (code, status, error) => {
    expect(ERROR_CODES[code].status).toBe(status);
    if (error) expect(ERROR_CODES[code].error).toBe(error);
  });

  it('says when to come back from a full meter, and adds what a caller adds', () => {
    const e = rateLimited('the submit meter', 12).with({
      extra: { jobs_requested: 3 },
      headers: { 'X-RateLimit-Meter': 'submit' },
    });
    expect(e.toBody()).toMatchObject({ code: 'RATE_001', retry_after: 12, jobs_requested: 3 });
    expect(e.headers).toEqual({ 'Retry-After': '12', 'X-RateLimit-Meter': 'submit' });
    expect(e.message).toBe('Rate limit exceeded on the submit meter. Retry in 12 s.');
  });

  it('carries extra fields, headers and a cause, keeping its sentence', () => {
    const cause = new Error('engine said no');
    const e = apiError('RATE_001', 'the read meter', 7).with({
      extra: { retry_after: 7 },
      headers: { 'Retry-After': '7' },
      cause,
    });
    expect(e.toBody()).toMatchObject({ code: 'RATE_001', retry_after: 7, message: expect.stringContaining('7 s') });
    expect(e.headers['Retry-After']).toBe('7');
    expect(e.cause).toBe(cause);
    expect(e).toBeInstanceOf(VerseError);
  });
});
