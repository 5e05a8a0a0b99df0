import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES, type ErrorCode } from '../../../core/errors.ts';

describe('ApiError', () => {
  it.each(Object.keys(ERROR_CODES) as ErrorCode[])('%s renders {error, message, code} with its status', (code) => {
    const e = new ApiError(code, 'something specific');
    expect(e.toBody()).toEqual({ error: ERROR_CODES[code].error, message: 'something specific', code });
    expect(e.status).toBe(ERROR_CODES[code].status);
  });

  it('marks exactly RATE_001, SRV_001 and IDEM_001 retryable (spec, Errors rule 1)', () => {
    const retryable = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => new ApiError(c, '').retryable);
    expect(retryable.sort()).toEqual(['IDEM_001', 'RATE_001', 'SRV_001']);
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

  it('carries extra fields and headers', () => {
    const e = new ApiError('RATE_001', 'slow down', { extra: { retry_after: 7 }, headers: { 'Retry-After': '7' } });
    expect(e.toBody()).toMatchObject({ code: 'RATE_001', retry_after: 7 });
    expect(e.headers['Retry-After']).toBe('7');
  });
});
