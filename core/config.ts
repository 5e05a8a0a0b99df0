/**
 * The one place that reads the environment. Every setting is VERSE_-prefixed, typed and validated
 * at start so a typo fails loudly instead of silently falling back to a default.
 */
import path from 'node:path';
import { type Env, flag, list, nonNegative, positiveInteger, urlValue } from './env-values.ts';
import { type Mode, type StoreSettings, storeSettings } from './store-settings.ts';

export type { Mode } from './store-settings.ts';

export interface Config extends StoreSettings {
  /**
   * production (the default) refuses to start on development defaults: the cursor and review
   * secrets and the metrics token must be set. development (VERSE_MODE=development, which
   * `make up` and `make test` set) falls back to fixed local values.
   */
  mode: Mode;
  /** Keyspace name, topic prefix and Redis key prefix; lets tests share servers with a running dev stack. */
  namespace: string;
  port: number;
  host: string;
  /** Public base URL used to build review, studio and download URLs. */
  baseUrl: string;
  /**
   * Messages one processor member handles at once, across its partitions and within one (never two
   * of one job). Size it to what the engine pool behind the members can take; beyond it the engine
   * answers busy and the members back off.
   */
  processorConcurrency: number;
  /** The engine pool: one host, or a load balancer in front of several. */
  engineUrl: string;
  dataDir: string;
  /** Object storage: s3://bucket/prefix, or null for the local folder under dataDir. */
  storageUrl: string | null;
  /** A non-AWS S3 endpoint (MinIO, moto, Ceph…); credentials come from the standard AWS variables. */
  s3Endpoint: string | null;
  s3Region: string;
  allowPrivateNetwork: boolean;
  extraCaFile: string | null;
  /** Private addresses or CIDRs outbound requests may reach anyway (e.g. an internal CDN). */
  outboundAllow: string[];
  logLevel: string;
  version: string;
  /** Secret used to sign opaque cursors. */
  cursorSecret: string;
  /** Secret review links are derived from (core/review/tokens.ts); changing it invalidates open links. */
  reviewSecret: string;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs): the client address that
   * sign-in throttling and logs use. Anyone else's X-Forwarded-For is ignored, so it cannot be spoofed.
   */
  trustProxy: string[];
  /** GET /metrics requires it as a bearer token; null only in development, where /metrics is open. */
  metricsToken: string | null;
  /**
   * On SIGTERM, how long a gateway answers not-ready (GET /ready 503) while still serving, so that
   * its load balancer stops sending it requests before it closes; 0 in development.
   */
  drainSeconds: number;
}

const url = (env: Env, name: string, fallback: string): string => urlValue(name, env[name] || fallback);

function storageUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(raw))
    throw new Error(`VERSE_STORAGE_URL must be s3://bucket/prefix (or unset for local storage), got "${raw}"`);
  return raw;
}

const MIN_SECRET_LENGTH = 32;

/** A secret from the environment; in development only, a fixed local value when it is unset. */
function secret(env: Env, name: string, mode: Mode, developmentValue: string): string {
  const raw = env[name];
  if (raw) {
    if (mode === 'production' && raw.length < MIN_SECRET_LENGTH)
      throw new Error(`${name} must be at least ${MIN_SECRET_LENGTH} characters in production`);
    return raw;
  }
  if (mode === 'development') return developmentValue;
  throw new Error(
    `${name} must be set in production (at least ${MIN_SECRET_LENGTH} random characters), or run with VERSE_MODE=development`,
  );
}

function modeOf(env: Env): Mode {
  const raw = env.VERSE_MODE || 'production';
  if (raw !== 'production' && raw !== 'development')
    throw new Error(`VERSE_MODE must be production or development, got "${raw}"`);
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const mode = modeOf(env);
  const namespace = env.VERSE_NAMESPACE || 'verse';
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(namespace)) {
    throw new Error(`VERSE_NAMESPACE must be lower-case letters, digits and _, got "${namespace}"`);
  }
  const port = positiveInteger(env, 'VERSE_PORT', 8000);
  const root = path.resolve(import.meta.dirname, '..');
  return {
    mode,
    namespace,
    port,
    host: env.VERSE_HOST || '127.0.0.1',
    baseUrl: url(env, 'VERSE_BASE_URL', `http://127.0.0.1:${port}`),
    ...storeSettings(env, mode),
    processorConcurrency: positiveInteger(env, 'VERSE_PROCESSOR_CONCURRENCY', 8),
    engineUrl: url(env, 'VERSE_ENGINE_URL', 'http://127.0.0.1:8090'),
    dataDir: path.resolve(env.VERSE_DATA_DIR || path.join(root, 'var', 'data', 'verse')),
    storageUrl: storageUrl(env.VERSE_STORAGE_URL),
    s3Endpoint: env.VERSE_S3_ENDPOINT ? url(env, 'VERSE_S3_ENDPOINT', '') : null,
    s3Region: env.VERSE_S3_REGION || 'us-east-1',
    allowPrivateNetwork: flag(env, 'VERSE_ALLOW_PRIVATE_NETWORK'),
    extraCaFile: env.VERSE_EXTRA_CA_FILE || null,
    outboundAllow: list(env.VERSE_OUTBOUND_ALLOW || ''),
    logLevel: env.VERSE_LOG_LEVEL || 'info',
    version: env.VERSE_VERSION || '0.1.0',
    cursorSecret: secret(env, 'VERSE_CURSOR_SECRET', mode, 'verse-local-cursor-secret'),
    reviewSecret: secret(env, 'VERSE_REVIEW_SECRET', mode, 'verse-local-review-secret'),
    trustProxy: list(env.VERSE_TRUST_PROXY ?? '127.0.0.1,::1'),
    metricsToken:
      mode === 'development' ? env.VERSE_METRICS_TOKEN || null : secret(env, 'VERSE_METRICS_TOKEN', mode, ''),
    drainSeconds: nonNegative(env, 'VERSE_DRAIN_SECONDS', mode === 'production' ? 10 : 0),
  };
}
