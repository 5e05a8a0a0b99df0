/**
 * The catalogue client's one way to the public API. Every exchange has an overall deadline (headers
 * and body); what the spec calls retryable is retried here and nowhere else: 429 after its
 * `retry_after` (the meter's own answer, however long), RATE_001/IDEM_001/SRV_001, 5xx and dropped
 * connections with capped exponential backoff. Anything else is the caller's to handle, as an
 * ApiFailure carrying the spec's error code.
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES } from '../../core/errors.ts';

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Deadline of one exchange, headers and body. Uploads and downloads get `transferTimeoutMs`. */
  timeoutMs?: number;
  transferTimeoutMs?: number;
  /** Attempts for transient failures (not for 429, which waits as long as the meter says). */
  attempts?: number;
  /** Told before every wait, so the user sees why nothing moves. */
  onWait?: (seconds: number, reason: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** A refusal the spec says a retry cannot change (or a transient one that outlived its attempts). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** The codes the spec calls retryable, read from the one table of codes. */
const RETRYABLE_CODES = new Set<string>(
  Object.entries(ERROR_CODES)
    .filter(([, info]) => 'retryable' in info)
    .map(([code]) => code),
);
const BACKOFF_CAP_MS = 60_000;

/** A JSON answer, or a non-JSON one (a proxy's HTML page) kept as its first words. */
function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/** The base URL carries the API key: plain http only to this machine. */
export function checkBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`--base-url ${baseUrl} is not a URL`);
  }
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw new Error('--base-url must be https:// (plain http only to 127.0.0.1 or localhost)');
  return url;
}

export class CatalogueApi {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly transferTimeoutMs: number;
  private readonly attempts: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: ApiClientOptions) {
    this.base = checkBaseUrl(options.baseUrl).href.replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.transferTimeoutMs = options.transferTimeoutMs ?? 300_000;
    this.attempts = options.attempts ?? 8;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** An API path ("/api/v1/jobs") or a URL the API returned, resolved against this client's base URL. */
  url(pathOrUrl: string): string {
    const at = pathOrUrl.indexOf('/api/v1/');
    return `${this.base}${at >= 0 ? pathOrUrl.slice(at) : pathOrUrl}`;
  }

  async json<T>(
    method: 'GET' | 'POST',
    path: string,
    init: { body?: unknown; form?: () => Promise<FormData>; idempotencyKey?: string } = {},
  ): Promise<ApiResponse<T>> {
    const transfer = init.form !== undefined;
    return this.withRetries(`${method} ${path.split('?')[0]}`, async () => {
      const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}` };
      if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
      let body: string | FormData | undefined;
      if (init.form) body = await init.form();
      else if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      const response = await fetch(this.url(path), {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(transfer ? this.transferTimeoutMs : this.timeoutMs),
      });
      return { status: response.status, body: parseBody(await response.text()) as T, headers: response.headers };
    });
  }

  /**
   * Downloads into `file` (through a temporary name, so a file that exists is whole). Returns the
   * status: 200 written, 202 not ready yet; a 409 or 404 throws its ApiFailure.
   */
  async download(pathOrUrl: string, file: string): Promise<number> {
    return this.withRetries(`GET ${pathOrUrl.split('?')[0]}`, async () => {
      const response = await fetch(this.url(pathOrUrl), {
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        signal: AbortSignal.timeout(this.transferTimeoutMs),
      });
      if (response.status !== 200 || !response.body) {
        return { status: response.status, body: parseBody(await response.text()), headers: response.headers };
      }
      const partial = `${file}.part`;
      try {
        await pipeline(Readable.fromWeb(response.body as never), createWriteStream(partial));
        renameSync(partial, file);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
      return { status: 200, body: null, headers: response.headers };
    }).then((r) => r.status);
  }

  private async withRetries<T>(what: string, exchange: () => Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
    let failures = 0;
    for (;;) {
      let response: ApiResponse<T> | null = null;
      let transient: string;
      try {
        response = await exchange();
      } catch (error) {
        transient = `${what}: ${(error as Error).message}`;
        response = null;
      }
      if (response) {
        const body = (response.body ?? {}) as Record<string, unknown>;
        const code = typeof body.code === 'string' ? body.code : '';
        if (response.status < 400 && response.status !== 0) return response;
        if (response.status === 429) {
          const limitMinute = Number(response.headers.get('x-ratelimit-limit-minute'));
          const requested = Number(body.jobs_requested);
          if (requested > 0 && limitMinute > 0 && requested > limitMinute)
            throw new ApiFailure(
              429,
              code,
              `a batch of ${requested} can never fit the submit meter's ${limitMinute} per minute: use --batch-size ${limitMinute} or less`,
              body,
            );
          const seconds = Math.max(1, Number(body.retry_after ?? response.headers.get('retry-after')) || 1);
          const meter = response.headers.get('x-ratelimit-meter') ?? 'rate';
          this.options.onWait?.(seconds, `the ${meter} meter is full`);
          await this.sleep(seconds * 1000);
          continue;
        }
        if (!RETRYABLE_CODES.has(code) && response.status < 500)
          throw new ApiFailure(
            response.status,
            code,
            String(body.message ?? `${what} answered ${response.status}`),
            body,
          );
        transient = `${what} answered ${response.status}${code ? ` ${code}` : ''}`;
      }
      failures += 1;
      if (failures >= this.attempts)
        throw new ApiFailure(0, 'UNREACHABLE', `${transient!} (gave up after ${failures} attempts)`);
      const ms = Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
      this.options.onWait?.(Math.ceil(ms / 1000), transient!);
      await this.sleep(ms);
    }
  }
}
