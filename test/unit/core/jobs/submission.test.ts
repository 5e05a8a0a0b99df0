import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../core/errors.ts';
import { normaliseIsrc, parseSubmission, type SubmissionMode } from '../../../../core/jobs/submission.ts';

const ok = { language: 'Hindi', audio_url: 'https://cdn.example.com/a.mp3' };

function refused(body: unknown, mode: SubmissionMode = 'json'): string {
  try {
    parseSubmission(body, mode);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VAL_001');
    return (error as ApiError).message;
  }
  throw new Error('accepted');
}

describe('parseSubmission: every VAL_001 rule', () => {
  it.each([
    ['missing language', { audio_url: ok.audio_url }, /language is required/],
    ['unsupported language', { ...ok, language: 'Klingon' }, /GET \/api\/v1\/languages/],
    ['wrongly cased language', { ...ok, language: 'hindi' }, /exactly as written/],
    ['language not a string', { ...ok, language: 7 }, /languages/],
    ['audio_url over http', { ...ok, audio_url: 'http://cdn.example.com/a.mp3' }, /https/],
    ['audio_url not a URL', { ...ok, audio_url: 'not a url' }, /https/],
    ['audio_url ftp', { ...ok, audio_url: 'ftp://x/a.mp3' }, /https/],
    ['webhook_url not https', { ...ok, webhook_url: 'http://hooks.example.com' }, /webhook_url/],
    ['malformed ISRC', { ...ok, isrc: 'US-ABC-12' }, /ISRC/],
    ['review_stage without review', { ...ok, review_stage: 'transcript' }, /requires review=true/],
    ['review_delivery without review', { ...ok, review_delivery: 'api' }, /requires review=true/],
    ['review_stage unknown', { ...ok, review: true, review_stage: 'later' }, /aligned or transcript/],
    ['review_delivery unknown', { ...ok, review: true, review_delivery: 'fax' }, /both, api or link/],
    ['external_id over 255', { ...ok, external_id: 'x'.repeat(256) }, /at most 255/],
    ['external_id with control characters', { ...ok, external_id: 'a\u0000b' }, /control/],
    ['non-UTF-8 text (replacement character)', { ...ok, external_id: 'caf\ufffd' }, /invalid characters/],
    ['align not boolean', { ...ok, align: 'yes' }, /align must be true or false/],
    ['unknown field', { ...ok, colour: 'red' }, /colour is not a known field/],
    ['end_user without external_id', { ...ok, end_user: { email: 'a@b.co' } }, /end_user.external_id is required/],
    ['end_user not an object', { ...ok, end_user: 'bob' }, /end_user must be an object/],
    [
      'end_user with nested garbage',
      { ...ok, end_user: { external_id: 'u1', profile: { deep: [1, 2] } } },
      /end_user.profile/,
    ],
    ['end_user email malformed', { ...ok, end_user: { external_id: 'u1', email: 'nope' } }, /email/],
    ['body an array', [ok], /JSON object/],
    ['body null', null, /JSON object/],
  ])('%s', (_name, body, message) => {
    expect(refused(body)).toMatch(message);
  });

  it('multipart fields arrive as text: booleans and end_user (a JSON string) are parsed', () => {
    const input = parseSubmission(
      { language: 'Tamil', align: 'false', review: 'true', end_user: '{"external_id":"u9","name":"Ravi"}' },
      'form',
    );
    expect(input).toMatchObject({
      align: false,
      review: true,
      review_stage: 'aligned',
      review_delivery: 'both',
      end_user: { external_id: 'u9', name: 'Ravi' },
    });
    expect(refused({ language: 'Tamil', end_user: '{broken' }, 'form')).toMatch(/JSON-encoded/);
    expect(refused({ language: 'Tamil', align: 'maybe' }, 'form')).toMatch(/align/);
  });

  it('JSON booleans must be booleans (no "true" strings)', () => {
    expect(refused({ ...ok, align: 'true' })).toMatch(/align/);
  });

  it('applies the defaults of the spec', () => {
    expect(parseSubmission(ok, 'json')).toMatchObject({
      align: true,
      word_align: true,
      romanisation: null,
      review: false,
      review_stage: null,
      review_delivery: null,
      isrc: null,
      external_id: null,
      end_user: null,
    });
  });

  it('takes a romanisation form, in every body type, and nothing else', () => {
    expect(parseSubmission({ ...ok, romanisation: 'readable' }, 'json').romanisation).toBe('readable');
    expect(parseSubmission({ ...ok, romanisation: 'standard' }, 'form').romanisation).toBe('standard');
    expect(refused({ ...ok, romanisation: 'iso' })).toBe('romanisation must be standard or readable');
    expect(refused({ ...ok, romanisation: true })).toBe('romanisation must be standard or readable');
  });

  it('batch jobs need an audio_url and take no per-job webhook_url', () => {
    expect(refused({ language: 'Hindi' }, 'batch')).toMatch(/audio_url is required/);
    expect(refused({ ...ok, webhook_url: 'https://h.example.com' }, 'batch')).toMatch(
      /webhook_url is not a known field/,
    );
  });
});

describe('normaliseIsrc', () => {
  it.each([
    ['US-S1Z-99-00001', 'USS1Z9900001'],
    ['uss1z9900001', 'USS1Z9900001'],
    [' gb-aaa-24-12345 ', 'GBAAA2412345'],
  ])('%s → %s', (raw, want) => expect(normaliseIsrc(raw)).toBe(want));
  it.each(['US-S1Z-99-0001', '1SS1Z9900001', 'USS1Z9A00001', 'USS1Z99000011', ''])('refuses %j', (raw) =>
    expect(normaliseIsrc(raw)).toBeNull(),
  );
});
