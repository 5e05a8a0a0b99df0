import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../../core/app/cursors.ts';
import { ApiError } from '../../../../core/errors.ts';
import { canonicalJson } from '../../../../gateway/jobs/idempotency.ts';

describe('feed cursors', () => {
  const position = { updated_at: new Date('2026-05-01T10:00:00.123Z'), job_id: '3b2f1c4e-0000-4000-8000-000000000001' };

  it('round-trips a position', () => {
    expect(decodeCursor('s', encodeCursor('s', position, 'f1'), 'f1')).toEqual(position);
  });

  it.each([
    ['forged signature', (c: string) => `${c.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`],
    [
      'edited payload',
      (c: string) => `${Buffer.from('{"t":0,"j":null,"f":"f1"}').toString('base64url')}.${c.split('.')[1]}`,
    ],
    ['garbage', () => 'hello'],
    ['empty', () => ''],
  ])('refuses a %s with VAL_001', (_n, mangle) => {
    const cursor = mangle(encodeCursor('s', position, 'f1'));
    expect(() => decodeCursor('s', cursor, 'f1')).toThrow(ApiError);
  });

  it('refuses a cursor reused with other filters', () => {
    expect(() => decodeCursor('s', encodeCursor('s', position, 'f1'), 'f2')).toThrow(/other parameters/);
  });
});

describe('canonicalJson (idempotency body hash)', () => {
  it('ignores key order but not values', () => {
    expect(canonicalJson({ a: 1, b: [1, { d: 2, c: 3 }] })).toBe(canonicalJson({ b: [1, { c: 3, d: 2 }], a: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
