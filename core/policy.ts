/**
 * The spec's durations and limits, and the service's own bounds on the network, stated once. Every
 * figure here is a promise to clients (a stalled upload is answered, never held; a job fails after
 * its allowance) or a cap on what one bad peer can hold of ours. The rate meters' limits live beside
 * the meters' rules, in core/meters.ts.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// Figures as the sentences clients read say them, built from the constants below.
/** 4_718_592 → "4.5 MB". */
export const megabytes = (bytes: number): string => `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
/** 30_000 → "30 s". */
export const seconds = (ms: number): string => `${ms / 1000} s`;
/** 600_000 → "10-minute". */
export const minuteLong = (ms: number): string => `${ms / MINUTE_MS}-minute`;

// The pipeline and review (spec, Limits and States).

/** Transcription may run this long before the job fails at transcription. */
export const TRANSCRIPTION_ALLOWANCE_MS = 10 * MINUTE_MS;
/** Alignment may run this long before the job fails at alignment. */
export const ALIGNMENT_ALLOWANCE_MS = 5 * MINUTE_MS;
/** The longest audio the engine decodes (engine/verse_engine/audio/decode.py refuses longer). */
export const MAX_AUDIO_MS = 15 * MINUTE_MS;
/** A review link works this long after its gate opens (and never after review_expires_at). */
export const REVIEW_TOKEN_VALIDITY_MS = 7 * DAY_MS;
/** A job held at the transcript gate fails (error.stage review) this long after its gate opens. */
export const TRANSCRIPT_REVIEW_WAIT_MS = 8 * DAY_MS;
/** An Idempotency-Key is remembered this long: a request sent again within it gets the first answer. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = DAY_MS;
/** An outbox entry older than this was orphaned by a crash, and a sweep redoes its effects. */
export const OUTBOX_STALE_MS = 10_000;
/**
 * A publish not acknowledged in this long has failed. kafkajs's own retries of a broker that refuses
 * (sinks/kafka/client.ts) wait five times from 300 ms, doubling, each ±20 % of the last: 9.3 s
 * nominally, 4.7 to 16.8 s at the extremes. So the deadline binds a broker that takes the request
 * and never answers (kafkajs waits 30 s an attempt, six attempts), and rarely a retry still under
 * way, which costs nothing: the outbox entry owes the publish, and the sweeper makes it.
 */
export const PUBLISH_DEADLINE_MS = 15_000;
/**
 * A Redis command (a meter, a lease, a credential version) not answered in this long has failed,
 * whether it waited for a connection (a reconnect takes milliseconds; a Sentinel failover, 2 to 4
 * s, so a request caught at its start fails) or for a reply from a node that stalled: the request
 * answers 503 SRV_001. A request makes a few commands in turn, so it can wait a few times this.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

// Retention: what grows with traffic is kept this long from when it was written, then expires.

/** Delivery attempts, as GET /webhooks/deliveries lists them. */
export const DELIVERY_RETENTION_MS = 30 * DAY_MS;
/**
 * A webhook event (the exact bytes every attempt and a dead-letter replay send), its attempts and
 * its dead letter, outstanding or cleared: a dead letter can be replayed this long after its event.
 */
export const WEBHOOK_EVENT_RETENTION_MS = 90 * DAY_MS;
/**
 * Which job already counted towards which usage total, so a redone effect is not counted twice:
 * far longer than any effect is redone late (the sweeper redoes within seconds of a crash).
 */
export const USAGE_LEDGER_RETENTION_MS = 30 * DAY_MS;
/**
 * The record that a job's credit was taken (or a grant made): a retried submission finds it and is
 * charged nothing twice. Longer than an Idempotency-Key lives (24 hours), the longest a client may
 * send one submission again; a job stored before its record expired is recognised by its id
 * instead (createJobs gives back the second charge). Kept short because every record of an
 * organisation lives in its one ledger partition: two days of a 100,000-song catalogue a day.
 */
export const CREDIT_RECORD_RETENTION_MS = 2 * DAY_MS;

// Sizes (spec, Limits).

/** Multipart upload ceiling: "about 4.5 MB". */
export const MAX_UPLOAD_BYTES = 4_718_592;
/** audio_url ceiling, checked by the HEAD probe and while fetching. */
export const MAX_AUDIO_URL_BYTES = 100 * 1024 * 1024;
/** Jobs in one batch. */
export const MAX_BATCH_JOBS = 20;

// Bounds on the network.

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
