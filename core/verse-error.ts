/**
 * The one base of Verse's own errors, after kafkajs's KafkaJSError: `retriable` says whether the
 * same work may succeed when tried again. core/retry.ts's loop reads it, and so does the
 * processors' runtime (through sinks/unavailable.ts), so a class states its retriability once.
 */
export class VerseError extends Error {
  readonly retriable: boolean;

  constructor(message: string, options: { retriable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.retriable = options.retriable ?? false;
  }
}

/**
 * Whether a failure may pass on another try: ours say so by `retriable`, and so do kafkajs's errors
 * (KafkaJSError), under the same name.
 */
export function isRetriable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retriable?: unknown }).retriable === true;
}
