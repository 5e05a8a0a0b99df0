/**
 * An Engine double for tests of the pipeline around the engine (never the service's engine): it
 * "hears" a fixed lyric, times each line one second apart, and can be told to fail or to wait. Told
 * a real song's hand-timed lines (`heard`), it hears those and times them as a person did.
 */
import type { LyricLine } from '../../core/jobs/job.ts';
import type { LanguageEntry } from '../../core/languages.ts';
import {
  type AlignRequest,
  type AlignResult,
  type Engine,
  EngineError,
  type TranscribeRequest,
  type TranscribeResult,
} from '../../core/ports/engine.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';

export const FAKE_LINES = ['first line of the song', 'second line here'];

export class FakeEngine implements Engine {
  /** With a store, a request for audio that is not in it fails as the real engine's would. */
  constructor(private readonly storage: ObjectStore | null = null) {}

  transcribeCalls: TranscribeRequest[] = [];
  alignCalls: AlignRequest[] = [];
  /** Set to make the next calls fail. */
  failTranscription: EngineError | null = null;
  failAlignment: EngineError | null = null;
  failRomanisation: EngineError | null = null;
  /** Set to hold calls until released. */
  gate: Promise<void> | null = null;
  /** Set to hear these lines (text, romanisation, translation, timing and flag) instead of FAKE_LINES. */
  heard: LyricLine[] | null = null;
  /** The length it measures; set it to the clip's own when `heard` is a real song's. */
  durationSeconds = 12.5;

  private async mustBeStored(key: string): Promise<void> {
    if (this.storage && !(await this.storage.exists(key)))
      throw new EngineError(`no audio under ${key}`, {
        retriable: false,
        publicMessage: 'The audio could not be found.',
      });
  }

  async transcribe(request: TranscribeRequest): Promise<TranscribeResult> {
    this.transcribeCalls.push(request);
    await this.mustBeStored(request.audioKey);
    if (this.gate) await this.gate;
    if (this.failTranscription) throw this.failTranscription;
    const lines = (this.heard ?? FAKE_LINES.map((text) => ({ text, transliteration: text, translation: text }))).map(
      (line) => ({
        text: line.text,
        transliteration: line.transliteration,
        translation: line.translation,
        start: null,
        end: null,
        words: null,
        confidence: null,
        flagged: false,
      }),
    );
    return {
      duration_seconds: this.durationSeconds,
      lines,
      results: { cultural_notes: null, fallback_language: null },
      second_opinion: null,
      degraded: [],
    };
  }

  alignerVersionValue = 'fake-1';

  async alignerVersion(): Promise<string> {
    return this.alignerVersionValue;
  }

  /** A visible stand-in for romanisation: the line, upper-cased. */
  async romanise(_language: LanguageEntry, lines: string[]): Promise<string[]> {
    if (this.failRomanisation) throw this.failRomanisation;
    return lines.map((line) => line.toUpperCase());
  }

  async align(request: AlignRequest): Promise<AlignResult> {
    this.alignCalls.push(request);
    if (this.gate) await this.gate;
    if (this.failAlignment) throw this.failAlignment;
    return {
      lines: request.lines.map((line, i) => {
        const person = this.heard?.[i];
        if (person?.start == null || person.end === null) return this.spacedOneSecond(line.text, i, request.wordLevel);
        return {
          start: person.start,
          end: person.end,
          words: request.wordLevel ? person.words : null,
          confidence: person.confidence ?? 0.9,
          flagged: person.flagged,
        };
      }),
      alignment: { method: 'fake', flagged_lines: 0, aligner_version: this.alignerVersionValue, coverage: 1 },
    };
  }

  /** Line i from i + 1 s, its words 0.2 s apart. */
  private spacedOneSecond(text: string, i: number, wordLevel: boolean) {
    return {
      start: i + 1,
      end: i + 1.9,
      words: wordLevel
        ? text.split(' ').map((word, w) => ({ word, start: i + 1 + w * 0.2, end: i + 1.15 + w * 0.2 }))
        : null,
      confidence: 0.95,
      flagged: false,
    };
  }
}

/** A failure retrying cannot fix: `publicMessage` is what the job records, `detail` only what the logs see. */
export const permanent = (publicMessage: string, detail = 'speech engine /v1/verse/x answered 400: internal detail') =>
  new EngineError(detail, { retriable: false, publicMessage });
