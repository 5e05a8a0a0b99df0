/**
 * The rate-meter port. consume() takes n from every window of one meter or from none, atomically
 * across gateway processes; refund() gives back what a request consumed, to the windows it was taken from, when it was then rejected.
 */
import type { MeterKind, MeterLimits, WindowName } from '../meters.ts';

export interface MeterResult {
  allowed: boolean;
  limits: MeterLimits;
  remaining: Record<WindowName, number>;
  /** Seconds until every exhausted window has room again; 0 when allowed. */
  retryAfter: number;
  /** The meter's clock (Unix seconds) when the units were taken: a refund goes back to those windows. */
  at: number;
}

export interface Meter {
  consume(orgId: string, meter: MeterKind, n: number, limits: MeterLimits): Promise<MeterResult>;
  /**
   * consume(), only while the organisation's version (core/ports/tenancy-versions.ts) is still
   * `version`, checked in the same atomic step; null, with nothing taken, once it has moved on. A
   * caller serving credentials kept under `version` confirms them and meters in one round trip.
   */
  consumeIfCurrent(
    orgId: string,
    meter: MeterKind,
    n: number,
    limits: MeterLimits,
    version: number,
  ): Promise<MeterResult | null>;
  refund(orgId: string, meter: MeterKind, n: number, at: number): Promise<void>;
}
