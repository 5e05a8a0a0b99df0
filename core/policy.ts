/**
 * The service's bounds on the network, stated once: how long a peer may take to send or answer a
 * body, and how much of an unneeded body is read to keep a connection usable. Every figure here is
 * a promise to clients (a stalled upload is answered, never held) and a cap on what one bad peer
 * can hold of ours.
 */

/** Longest silence mid-body from an uploading client before it is answered 408. */
export const BODY_IDLE_MS = 30_000;
/** A whole request body (4.5 MB at most) must arrive within this: 0.3 Mbit/s, a poor mobile link. */
export const BODY_DEADLINE_MS = 120_000;
/** Unread body a route's early answer still drains to keep the keep-alive connection (above the 4.5 MB upload). */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/** audio_url GET: 100 MB in 3 minutes is 4.4 Mbit/s, any CDN; three attempts end well inside the 10-minute allowance. */
export const AUDIO_FETCH_DEADLINE_MS = 3 * 60_000;
/** An audio host silent this long mid-transfer has stalled. */
export const AUDIO_FETCH_IDLE_MS = 30_000;
/** HEAD at submission: the client waits on it, so it is short. */
export const AUDIO_PROBE_TIMEOUT_MS = 10_000;
