/**
 * The Engine port over HTTP: POST /v1/verse/transcribe and /v1/verse/align on VERSE_ENGINE_URL,
 * referencing audio by its storage key (the engine reads the same object store). 4xx answers are
 * permanent failures recorded on
 * the job with the engine's message; 5xx and connection errors are transient and retried.
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

/** The engine's error codes as clients read them on the job; anything else gets EngineError's generic sentence. */
const PUBLIC_MESSAGES: Record<string, string> = {
  undecodable_audio: 'The audio could not be decoded: it is damaged or not in an accepted format.',
  empty_audio: 'The audio contains no sound to transcribe.',
  audio_too_long: 'The audio is longer than the 15-minute limit.',
  truncated_audio: 'The audio file is cut short: it holds much less audio than its header declares.',
  no_lines: 'No lyrics were heard to align.',
};

const TRANSCRIBE_TIMEOUT_MS = 10 * 60 * 1000;
const ALIGN_TIMEOUT_MS = 5 * 60 * 1000;
const ROMANISE_TIMEOUT_MS = 15 * 1000;

export class HttpEngine implements Engine {
  constructor(private readonly baseUrl: string) {}

  private async call<T>(path: string, body: unknown, timeoutMs: number): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new EngineError(
        `speech engine unreachable: ${error instanceof Error ? error.message : String(error)}`,
        false,
      );
    }
    const text = await res.text();
    if (res.ok) return JSON.parse(text) as T;
    let message = text.slice(0, 500);
    let code = '';
    try {
      const parsed = JSON.parse(text) as { detail?: unknown; error?: { code?: string; message?: string } };
      message = parsed.error?.message ?? (typeof parsed.detail === 'string' ? parsed.detail : message);
      code = parsed.error?.code ?? '';
    } catch {
      // not JSON: keep the text
    }
    if (res.status === 404) {
      throw new EngineError(
        `The speech engine at ${this.baseUrl} does not provide ${path} (engine version without this capability).`,
        true,
        'This service cannot do that step yet.',
      );
    }
    throw new EngineError(
      `speech engine ${path} answered ${res.status}: ${message}`,
      res.status >= 400 && res.status < 500,
      Object.hasOwn(PUBLIC_MESSAGES, code) ? PUBLIC_MESSAGES[code] : undefined,
    );
  }

  transcribe(request: TranscribeRequest): Promise<TranscribeResult> {
    return this.call(
      '/v1/verse/transcribe',
      { audio_key: request.audioKey, language: request.language.name },
      TRANSCRIBE_TIMEOUT_MS,
    );
  }

  async alignerVersion(): Promise<string> {
    const res = await fetch(`${this.baseUrl}/health`, { signal: AbortSignal.timeout(5000) }).catch((error: unknown) => {
      throw new EngineError(
        `speech engine unreachable: ${error instanceof Error ? error.message : String(error)}`,
        false,
      );
    });
    const body = (await res.json()) as { aligner_version?: string };
    if (!body.aligner_version) throw new EngineError('the speech engine does not report an aligner version', true);
    return body.aligner_version;
  }

  async romanise(language: LanguageEntry, lines: string[]): Promise<string[]> {
    const body = await this.call<{ lines: string[] }>(
      '/v1/verse/romanise',
      { language: language.name, lines },
      ROMANISE_TIMEOUT_MS,
    );
    return body.lines;
  }

  align(request: AlignRequest): Promise<AlignResult> {
    return this.call(
      '/v1/verse/align',
      {
        audio_key: request.audioKey,
        language: request.language.name,
        lines: request.lines,
        word_level: request.wordLevel,
      },
      ALIGN_TIMEOUT_MS,
    );
  }
}
