/**
 * A value that is expensive to compute and may be a little old: computed at most once per `ttlMs`,
 * and callers that arrive while it is being computed share that computation. Unauthenticated
 * endpoints (/health) and scrapes (/metrics) read through it, so request rate never turns into
 * load on the dependencies they report on.
 */
export function cached<T>(compute: () => Promise<T>, ttlMs: number, now = () => Date.now()): () => Promise<T> {
  let value: { at: number; promise: Promise<T> } | null = null;
  return () => {
    const t = now();
    if (value && t - value.at < ttlMs) return value.promise;
    const promise = compute();
    const entry = { at: t, promise };
    value = entry;
    // A failure is not kept: the next caller tries again.
    promise.catch(() => {
      if (value === entry) value = null;
    });
    return promise;
  };
}
