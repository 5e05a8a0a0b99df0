/**
 * The Engine port over HTTP: POST /v1/verse/transcribe and /v1/verse/align on VERSE_ENGINE_URL,
 * referencing audio by its storage key (the engine reads the same object store). 4xx answers are
 * permanent failures recorded on the job in our words; a busy replica (503 with Retry-After) is
 * tried again here; other 5xx and connection errors are transient and left to the handler's retry.
 */

import type { RomanisationForm } from '../../core/jobs/submission.ts';
import type { LanguageEntry } from '../../core/languages.ts';
import { ALIGNMENT_ALLOWANCE_MS, MAX_AUDIO_MS, minuteLong, TRANSCRIPTION_ALLOWANCE_MS } from '../../core/policy.ts';
import {
  type AlignRequest,
  type AlignResult,
  type Engine,
  EngineError,
  type TranscribeRequest,
  type TranscribeResult,
} from '../../core/ports/engine.ts';
import { type RetryPolicy, withRetries } from '../../core/retry.ts';
import type { EngineAlignRequest } from '../../schemas/generated/engine/align-request.ts';
import type { EngineAlignResponse } from '../../schemas/generated/engine/align-response.ts';
import type { EngineHealthResponse } from '../../schemas/generated/engine/health-response.ts';
import type { EngineRomaniseRequest } from '../../schemas/generated/engine/romanise-request.ts';
import type { EngineRomaniseResponse } from '../../schemas/generated/engine/romanise-response.ts';
import type { EngineTranscribeRequest } from '../../schemas/generated/engine/transcribe-request.ts';
import type { EngineTranscribeResponse } from '../../schemas/generated/engine/transcribe-response.ts';

/** The engine's error codes as clients read them on the job; anything else gets EngineError's generic sentence. */
const PUBLIC_MESSAGES: Record<string, string> = {
  undecodable_audio: 'The audio could not be decoded: it is damaged or not in an accepted format.',
  empty_audio: 'The audio contains no sound to transcribe.',
  audio_too_long: `The audio is longer than the ${minuteLong(MAX_AUDIO_MS)} limit.`,
  truncated_audio: 'The audio file is cut short: it holds much less audio than its header declares.',
  no_lines: 'No lyrics were heard to align.',
};

// A call never outlives its stage's allowance: past it the job has failed anyway.
const TRANSCRIBE_TIMEOUT_MS = TRANSCRIPTION_ALLOWANCE_MS;
const ALIGN_TIMEOUT_MS = ALIGNMENT_ALLOWANCE_MS;
const ROMANISE_TIMEOUT_MS = 15 * 1000;

/**
 * A busy engine pool (503 with Retry-After: every slot and queue place taken) is tried again after
 * at least the wait it asked for, growing from 1 s to 30 s with ±30 % jitter so that many members
 * do not return together, for up to 12 retries: about 4 minutes of waiting (31 s, then 30 s at a
 * time), inside the shorter stage allowance (alignment, 5 minutes), so a call never outlives the job's
 * own deadline. Past it the handler's retry tries the message again, and a standing shortage ends as
 * the spec says: the allowance's timer fails the job.
 */
export const ENGINE_BUSY_RETRY: RetryPolicy = {
  initialRetryTimeMs: 1000,
  factor: 2,
  jitter: 0.3,
  maxRetryTimeMs: 30_000,
  retries: 12,
};

/** Every slot of the engine replica that answered is taken; it said when to come back. */
export class EngineBusyError extends EngineError {
  constructor(readonly retryAfterMs: number) {
    super(`the speech engine is busy (retry after ${retryAfterMs} ms)`, {
      retriable: true,
      publicMessage: 'The speech engine is busy.',
    });
  }
}

export class HttpEngine implements Engine {
  constructor(
    private readonly baseUrl: string,
    private readonly busyRetry: RetryPolicy = ENGINE_BUSY_RETRY,
  ) {}

  /**
   * One call, tried again while the engine says it is busy (ENGINE_BUSY_RETRY). Requests and answers
   * are typed from schemas/engine, the same files the engine's contract test checks it against.
   */
  private call<Req, Res>(path: string, body: Req, timeoutMs: number): Promise<Res> {
    return withRetries(this.busyRetry, () => this.callOnce<Res>(path, body, timeoutMs), {
      // Only a replica's "busy, come back in n s" is waited out here. An engine that does not answer
      // is retriable too, but its wait belongs to the caller: the processors' runtime waits it out
      // without a bound, and the gateway's re-alignment answers at once.
      isRetriable: (error) => error instanceof EngineBusyError,
      retryAfterMs: (error) => (error instanceof EngineBusyError ? error.retryAfterMs : undefined),
    });
  }

  private async callOnce<T>(path: string, body: unknown, timeoutMs: number): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new EngineError(`speech engine unreachable: ${error instanceof Error ? error.message : String(error)}`, {
        retriable: true,
      });
    }
    const text = await res.text();
    if (res.ok) return JSON.parse(text) as T;
    if (res.status === 503 && res.headers.has('retry-after')) {
      throw new EngineBusyError(1000 * (Number(res.headers.get('retry-after')) || 1));
    }
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
        { retriable: false, publicMessage: 'This service cannot do that step yet.' },
      );
    }
    throw new EngineError(`speech engine ${path} answered ${res.status}: ${message}`, {
      // A 4xx is the request or the audio, which another try will not change; the rest is the engine.
      retriable: res.status < 400 || res.status >= 500,
      publicMessage: Object.hasOwn(PUBLIC_MESSAGES, code) ? PUBLIC_MESSAGES[code] : undefined,
    });
  }

  async transcribe(request: TranscribeRequest): Promise<TranscribeResult> {
    const answer = await this.call<EngineTranscribeRequest, EngineTranscribeResponse>(
      '/v1/verse/transcribe',
      { audio_key: request.audioKey, language: request.language.name, romanisation: request.romanisation },
      TRANSCRIBE_TIMEOUT_MS,
    );
    return answer;
  }

  async alignerVersion(): Promise<string> {
    const res = await fetch(`${this.baseUrl}/health`, { signal: AbortSignal.timeout(5000) }).catch((error: unknown) => {
      throw new EngineError(`speech engine unreachable: ${error instanceof Error ? error.message : String(error)}`, {
        retriable: true,
      });
    });
    const body = (await res.json()) as Partial<EngineHealthResponse>;
    if (!body.aligner_version)
      throw new EngineError('the speech engine does not report an aligner version', { retriable: false });
    return body.aligner_version;
  }

  async romanise(language: LanguageEntry, lines: string[], form: RomanisationForm): Promise<string[]> {
    const body = await this.call<EngineRomaniseRequest, EngineRomaniseResponse>(
      '/v1/verse/romanise',
      { language: language.name, lines, romanisation: form },
      ROMANISE_TIMEOUT_MS,
    );
    return body.lines;
  }

  async align(request: AlignRequest): Promise<AlignResult> {
    const answer = await this.call<EngineAlignRequest, EngineAlignResponse>(
      '/v1/verse/align',
      {
        audio_key: request.audioKey,
        language: request.language.name,
        lines: request.lines,
        word_level: request.wordLevel,
      },
      ALIGN_TIMEOUT_MS,
    );
    return answer;
  }
}
