/**
 * What a catalogue push submits: the songs of a folder of audio files or of a CSV manifest, each with
 * a key derived from the row itself. The key names the song's Idempotency-Key, so a rerun of the same
 * manifest (after a crash, a Ctrl-C or a lost answer) replays the same submissions instead of
 * creating new jobs.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatFromFilename } from '../../core/audio/formats.ts';
import { isHttpsUrl, normaliseIsrc } from '../../core/jobs/submission.ts';
import { MAX_UPLOAD_BYTES } from '../../core/policy.ts';
import { parseCsv } from './csv.ts';

export type AudioSource = { kind: 'file'; path: string; bytes: number } | { kind: 'url'; url: string };

/** Per-song submission options, named as the API names them. */
export interface SongOptions {
  align?: boolean;
  word_align?: boolean;
  review?: boolean;
  review_stage?: 'aligned' | 'transcript';
  review_delivery?: 'both' | 'api' | 'link';
  webhook_url?: string;
}

export interface Song {
  /** Derived from the row's content (a file's bytes, not its name): the basis of its Idempotency-Key. */
  key: string;
  /** Where the user finds it: "manifest.csv:12" or the file's path in the folder. */
  origin: string;
  source: AudioSource;
  language: string;
  isrc: string | null;
  external_id: string | null;
  options: SongOptions;
}

export class ManifestError extends Error {}

const BOOLEAN_OPTIONS = ['align', 'word_align', 'review'] as const;
const ENUM_OPTIONS = {
  review_stage: ['aligned', 'transcript'],
  review_delivery: ['both', 'api', 'link'],
} as const;

/** "align=false; review=true; review_stage=transcript": the manifest's options column. */
export function parseOptions(text: string, origin: string): SongOptions {
  const options: Record<string, unknown> = {};
  for (const pair of text.split(';')) {
    if (!pair.trim()) continue;
    const [rawName, ...rest] = pair.split('=');
    const name = rawName!.trim();
    const value = rest.join('=').trim();
    if ((BOOLEAN_OPTIONS as readonly string[]).includes(name)) {
      if (value !== 'true' && value !== 'false') throw new ManifestError(`${origin}: ${name} must be true or false`);
      options[name] = value === 'true';
    } else if (name in ENUM_OPTIONS) {
      const allowed: readonly string[] = ENUM_OPTIONS[name as keyof typeof ENUM_OPTIONS];
      if (!allowed.includes(value)) throw new ManifestError(`${origin}: ${name} must be one of ${allowed.join(', ')}`);
      options[name] = value;
    } else if (name === 'webhook_url') {
      if (!isHttpsUrl(value)) throw new ManifestError(`${origin}: webhook_url must be an https:// URL`);
      options[name] = value;
    } else {
      throw new ManifestError(
        `${origin}: unknown option "${name}" (known: ${[...BOOLEAN_OPTIONS, ...Object.keys(ENUM_OPTIONS), 'webhook_url'].join(', ')})`,
      );
    }
  }
  return options as SongOptions;
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The song's key: a hash of everything the submission carries. A file is identified by its bytes, so
 * renaming or moving the folder keeps the key; a file too large to upload is not read (it is never
 * submitted; the user is told to give it a URL).
 */
async function songKey(song: Omit<Song, 'key'>): Promise<string> {
  const audio =
    song.source.kind === 'url'
      ? { url: song.source.url }
      : song.source.bytes > MAX_UPLOAD_BYTES
        ? { file: song.source.path, bytes: song.source.bytes }
        : { sha256: await sha256OfFile(song.source.path) };
  const options = Object.fromEntries(Object.entries(song.options).sort(([a], [b]) => a.localeCompare(b)));
  const canonical = JSON.stringify([audio, song.language, song.isrc, song.external_id, options]);
  return `verse-catalogue-${createHash('sha256').update(canonical).digest('hex').slice(0, 40)}`;
}

function fileSource(file: string, origin: string): AudioSource {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch {
    throw new ManifestError(`${origin}: ${file} does not exist`);
  }
  if (!stat.isFile()) throw new ManifestError(`${origin}: ${file} is not a file`);
  if (!formatFromFilename(file))
    throw new ManifestError(`${origin}: ${path.basename(file)} is not mp3, wav, flac, m4a, aac, ogg or webm`);
  return { kind: 'file', path: file, bytes: stat.size };
}

function audioFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('.')) return [];
      if (entry.isDirectory()) return audioFiles(full);
      return entry.isFile() && formatFromFilename(entry.name) ? [full] : [];
    });
}

/**
 * A folder: every audio file under it, in path order, all in one language. Each song's external_id
 * is its path inside the folder without the extension: the catalogue's own name for it, echoed by
 * the API and used to file the lyrics that come back.
 */
export async function songsFromFolder(dir: string, language: string): Promise<Song[]> {
  const files = audioFiles(dir);
  if (files.length === 0) throw new ManifestError(`${dir} holds no mp3, wav, flac, m4a, aac, ogg or webm file`);
  const songs: Song[] = [];
  for (const file of files) {
    const relative = path.relative(dir, file);
    const externalId = relative.slice(0, relative.length - path.extname(relative).length).slice(0, 255);
    const song = {
      origin: relative,
      source: fileSource(file, relative),
      language,
      isrc: null,
      external_id: externalId,
      options: {},
    };
    songs.push({ ...song, key: await songKey(song) });
  }
  return songs;
}

/**
 * A CSV manifest with a header row: `audio` (a path, relative to the manifest, or an https:// URL),
 * and optionally `language` (else --language), `isrc`, `external_id` and `options`.
 */
export async function songsFromManifest(file: string, defaultLanguage: string | undefined): Promise<Song[]> {
  let rows: string[][];
  try {
    rows = parseCsv(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ManifestError(`${file}: ${(error as Error).message}`);
  }
  const header = rows.shift()?.map((h) => h.trim().toLowerCase());
  if (!header?.includes('audio')) throw new ManifestError(`${file}: the first row must name the columns, with "audio"`);
  const unknown = header.filter((h) => !['audio', 'language', 'isrc', 'external_id', 'options'].includes(h));
  if (unknown.length > 0) throw new ManifestError(`${file}: unknown column "${unknown[0]}"`);
  const base = path.dirname(path.resolve(file));
  const name = path.basename(file);
  const songs: Song[] = [];
  for (const [i, cells] of rows.entries()) {
    if (cells.every((c) => c.trim() === '')) continue;
    const origin = `${name}:${i + 2}`;
    const cell = (column: string) => cells[header.indexOf(column)]?.trim() ?? '';
    const audio = cell('audio');
    if (!audio) throw new ManifestError(`${origin}: audio is empty`);
    const language = cell('language') || defaultLanguage;
    if (!language) throw new ManifestError(`${origin}: no language (a language column or --language)`);
    let isrc: string | null = null;
    if (cell('isrc')) {
      isrc = normaliseIsrc(cell('isrc'));
      if (!isrc) throw new ManifestError(`${origin}: "${cell('isrc')}" is not an ISRC`);
    }
    const externalId = cell('external_id') || null;
    if (externalId && externalId.length > 255) throw new ManifestError(`${origin}: external_id is over 255 characters`);
    let source: AudioSource;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(audio)) {
      if (!isHttpsUrl(audio)) throw new ManifestError(`${origin}: an audio URL must be https://`);
      source = { kind: 'url', url: audio };
    } else {
      source = fileSource(path.resolve(base, audio), origin);
    }
    const song = {
      origin,
      source,
      language,
      isrc,
      external_id: externalId,
      options: parseOptions(cell('options'), origin),
    };
    songs.push({ ...song, key: await songKey(song) });
  }
  if (songs.length === 0) throw new ManifestError(`${file} lists no songs`);
  const seen = new Map<string, string>();
  for (const song of songs) {
    const first = seen.get(song.key);
    if (first) throw new ManifestError(`${song.origin} repeats ${first} (same audio, language and fields)`);
    seen.set(song.key, song.origin);
  }
  return songs;
}
