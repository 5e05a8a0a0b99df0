/**
 * An Engine double for tests of the pipeline around the engine (never the service's engine): it
 * "hears" a fixed lyric, times each line one second apart, and can be told to fail or to wait.
 */
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
  /** Set to hold calls until released. */
  gate: Promise<void> | null = null;

  private async mustBeStored(key: string): Promise<void> {
    if (this.storage && !(await this.storage.exists(key)))
      throw new EngineError(`no audio under ${key}`, true, 'The audio could not be found.');
  }

  async transcribe(request: TranscribeRequest): Promise<TranscribeResult> {
    this.transcribeCalls.push(request);
    await this.mustBeStored(request.audioKey);
    if (this.gate) await this.gate;
    if (this.failTranscription) throw this.failTranscription;
    return {
      duration_seconds: 12.5,
      lines: FAKE_LINES.map((text) => ({
        text,
        transliteration: text,
        translation: text,
        start: null,
        end: null,
        words: null,
        confidence: null,
        flagged: false,
      })),
      results: {
        transcript: FAKE_LINES.join('\n'),
        transliteration: FAKE_LINES.join('\n'),
        translation: FAKE_LINES.join('\n'),
        cultural_notes: null,
        fallback_language: null,
      },
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
    return lines.map((line) => line.toUpperCase());
  }

  async align(request: AlignRequest): Promise<AlignResult> {
    this.alignCalls.push(request);
    if (this.gate) await this.gate;
    if (this.failAlignment) throw this.failAlignment;
    return {
      lines: request.lines.map((line, i) => ({
        start: i + 1,
        end: i + 1.9,
        words: request.wordLevel
          ? line.text.split(' ').map((word, w) => ({ word, start: i + 1 + w * 0.2, end: i + 1.15 + w * 0.2 }))
          : null,
        confidence: 0.95,
        flagged: false,
      })),
      alignment: { method: 'fake', flagged_lines: 0, aligner_version: this.alignerVersionValue, coverage: 1 },
    };
  }
}

/** A failure retrying cannot fix: `publicMessage` is what the job records, `detail` only what the logs see. */
export const permanent = (publicMessage: string, detail = 'speech engine /v1/verse/x answered 400: internal detail') =>
  new EngineError(detail, true, publicMessage);
