/**
 * The spec's meters, their windows and limits, with per-organisation overrides (`<meter>.<window>`
 * keys). The port that counts them is core/ports/meter.ts; Redis counts them (sinks/redis/meter.ts).
 */

export const METERS = ['submit', 'read'] as const;
export type MeterName = (typeof METERS)[number];
/**
 * The API's meters; the studio's sign-in throttle (per client address and per account); the
 * audio_url probes an organisation's submissions may make (per organisation, never refunded); and
 * the engine calls a review page or the studio makes for one job (per job).
 */
export type MeterKind = MeterName | 'signin' | 'probe' | 'page';

export const WINDOWS = [
  { name: 'minute', seconds: 60 },
  { name: 'hour', seconds: 3600 },
  { name: 'day', seconds: 86400 },
] as const;
export type WindowName = (typeof WINDOWS)[number]['name'];

export type MeterLimits = Record<WindowName, number>;

/**
 * Whether an answer keeps the units its request drew: a rejected request (any 4xx or 5xx) consumes
 * nothing (spec, Errors rule 5). The API's meters (gateway/plugins/meters.ts) and the pages' draws
 * (gateway/pages/editor-calls.ts) both give units back by this rule.
 */
export const answerConsumes = (statusCode: number): boolean => statusCode < 400;

export const DEFAULT_LIMITS: Record<MeterName, MeterLimits> = {
  submit: { minute: 10, hour: 100, day: 1000 },
  read: { minute: 120, hour: 2000, day: 20000 },
};

/**
 * Studio sign-in attempts. Per account: enough for a person who mistypes, far too few to guess a
 * 12-character password. Per client address: a whole office behind one address, not a botnet's node.
 */
export const SIGNIN_LIMITS = {
  account: { minute: 5, hour: 30, day: 100 },
  address: { minute: 30, hour: 300, day: 2000 },
} as const satisfies Record<string, MeterLimits>;

/**
 * HEAD probes of submitted audio_urls per organisation. A submission refused after its probe gives
 * its submit unit back (spec: rejected requests consume nothing) but not this: past it, probes are
 * skipped, which the spec allows (a host that refuses HEAD), and an oversized file fails at fetch.
 */
export const PROBE_LIMITS: MeterLimits = { minute: 60, hour: 600, day: 5000 };

/**
 * A fresh romanisation of edited lines from a review page or the studio, per job: a budget of its
 * own, so a review link's holder spends nothing of the organisation's API quota. Enough for a
 * reviewer editing line by line; far too little to use the engine as a free service.
 */
export const PAGE_LIMITS: MeterLimits = { minute: 30, hour: 300, day: 1000 };

export function limitsFor(meter: MeterName, overrides: Record<string, number>): MeterLimits {
  const base = DEFAULT_LIMITS[meter];
  const out = { ...base };
  for (const w of WINDOWS) {
    const override = overrides[`${meter}.${w.name}`];
    if (override !== undefined) out[w.name] = override;
  }
  return out;
}

/** Every override key: `<meter>.<window>`. */
export const LIMIT_KEYS: readonly string[] = METERS.flatMap((m) => WINDOWS.map((w) => `${m}.${w.name}`));
