import { describe, expect, it } from 'vitest';
import { baseName, formatFromFilename, isAcceptedMimeType, sniffAudioFormat } from '../../../../core/audio/formats.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffAudioFormat (by content)', () => {
  it.each([
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['flac', bytes('fLaC', [0, 0, 0, 34])],
    ['ogg', bytes('OggS', [0, 2])],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f])],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A ')],
    ['mp3', bytes('ID3', [4, 0, 0])],
    ['mp3', bytes([0xff, 0xfb, 0x90, 0x64])],
    ['aac', bytes([0xff, 0xf1, 0x50, 0x80])],
  ])('%s', (want, head) => expect(sniffAudioFormat(head)).toBe(want));

  it.each([
    ['text named .mp3', bytes('hello, this is not audio')],
    ['empty', Buffer.alloc(0)],
    ['PDF', bytes('%PDF-1.7')],
    ['PNG', bytes([0x89], 'PNG\r\n')],
    ['RIFF but AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI ')],
  ])('refuses %s', (_n, head) => expect(sniffAudioFormat(head)).toBeNull());
});

describe('file names and MIME types', () => {
  it('accepts only the listed extensions', () => {
    expect(formatFromFilename('Song.MP3')).toBe('mp3');
    expect(formatFromFilename('a.b.webm')).toBe('webm');
    expect(formatFromFilename('track.wma')).toBeNull();
    expect(formatFromFilename('noext')).toBeNull();
  });
  it('accepts audio MIME types and octet-stream, refuses others', () => {
    expect(isAcceptedMimeType('audio/mpeg')).toBe(true);
    expect(isAcceptedMimeType('application/octet-stream')).toBe(true);
    expect(isAcceptedMimeType('text/plain')).toBe(false);
    expect(isAcceptedMimeType('image/png')).toBe(false);
  });
  it('keeps a safe base name for Content-Disposition', () => {
    expect(baseName('../../etc/My Song (live).mp3')).toBe('My Song _live_');
    expect(baseName('C:\\music\\गीत.wav')).toBe('गीत');
    expect(baseName('.mp3')).toBe('audio');
  });
});
