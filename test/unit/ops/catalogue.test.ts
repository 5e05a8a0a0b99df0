/** The catalogue client's pure parts: the CSV reader, the options column, the batch cut, file names. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../ops/catalogue/csv.ts';
import { ManifestError, parseOptions, type Song } from '../../../ops/catalogue/manifest.ts';
import { formatDuration } from '../../../ops/catalogue/progress.ts';
import { downloadFileName } from '../../../ops/catalogue/pull.ts';
import { planUnits, registerSongs } from '../../../ops/catalogue/push.ts';
import type { CatalogueState } from '../../../ops/catalogue/state.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a byte-order mark', () => {
    const text = '\ufeffaudio,external_id\r\n"a,b.wav","say ""hi"""\r\nc.wav,"two\nlines"\n';
    expect(parseCsv(text)).toEqual([
      ['audio', 'external_id'],
      ['a,b.wav', 'say "hi"'],
      ['c.wav', 'two\nlines'],
    ]);
  });

  it('keeps empty fields and a last row without a line end', () => {
    expect(parseCsv('a,,c\nd,e,')).toEqual([
      ['a', '', 'c'],
      ['d', 'e', ''],
    ]);
  });

  it('refuses a file that ends inside quotes', () => {
    expect(() => parseCsv('a,"unterminated\n')).toThrow(/inside a quoted field/);
  });
});

describe('parseOptions', () => {
  it('reads the API names with typed values', () => {
    expect(parseOptions('align=false; review=true ;review_stage=transcript', 'm.csv:2')).toEqual({
      align: false,
      review: true,
      review_stage: 'transcript',
    });
  });

  it.each([
    ['align=yes', /align must be true or false/],
    ['review_delivery=email', /review_delivery must be one of both, api, link/],
    ['webhook_url=http://example.com/h', /webhook_url must be an https/],
    ['colour=blue', /unknown option "colour"/],
  ])('names the row and the fault in %s', (text, message) => {
    expect(() => parseOptions(text, 'm.csv:7')).toThrow(ManifestError);
    expect(() => parseOptions(text, 'm.csv:7')).toThrow(message);
  });
});

const song = (key: string, kind: 'file' | 'url', bytes = 1000): Song => ({
  key,
  origin: key,
  source: kind === 'url' ? { kind, url: `https://cdn.example/${key}.mp3` } : { kind, path: `/a/${key}.wav`, bytes },
  language: 'English',
  isrc: null,
  external_id: key,
  options: {},
});

describe('planUnits', () => {
  const songs = [song('f1', 'file'), song('u1', 'url'), song('u2', 'url'), song('f2', 'file'), song('u3', 'url')];

  it('sends files alone and cuts URL songs into batches in manifest order', () => {
    const units = planUnits(songs, 2);
    expect(units.map((u) => (u.kind === 'file' ? u.song.key : u.songs.map((s) => s.key)))).toEqual([
      'f1',
      ['u1', 'u2'],
      'f2',
      ['u3'],
    ]);
  });

  it('derives the same batch keys on every run, and other keys for another cut', () => {
    const keys = (size: number) => planUnits(songs, size).flatMap((u) => (u.kind === 'batch' ? [u.key] : []));
    expect(keys(2)).toEqual(keys(2));
    expect(new Set([...keys(2), ...keys(3)]).size).toBe(keys(2).length + keys(3).length);
  });
});

describe('registerSongs', () => {
  it('marks a file over the upload limit as needing a URL, and keeps what an earlier run recorded', () => {
    const state: CatalogueState = {
      version: 1,
      base_url: 'http://127.0.0.1:8000',
      batch_size: 10,
      high_water_mark: null,
      split_batches: [],
      songs: {},
    };
    registerSongs(state, [song('small', 'file'), song('large', 'file', 6_000_000)]);
    expect(state.songs.small!.status).toBe('to_submit');
    expect(state.songs.large).toMatchObject({ status: 'needs_url', reason: expect.stringMatching(/5\.7 MB .* URL/) });
    state.songs.small!.status = 'complete';
    registerSongs(state, [song('small', 'file')]);
    expect(state.songs.small!.status).toBe('complete');
  });
});

describe('names', () => {
  it('files each download under its variant and format', () => {
    expect(downloadFileName('lrc_original')).toBe('original.lrc');
    expect(downloadFileName('srt_transliterated')).toBe('transliterated.srt');
    expect(downloadFileName('words_original')).toBe('original.words.json');
  });

  it('formats waits and ETAs for people', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(125)).toBe('2m05s');
    expect(formatDuration(7260)).toBe('2h01m');
  });
});
