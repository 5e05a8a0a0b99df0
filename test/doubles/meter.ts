/** In-memory Meter for unit tests of code around the meter; same all-or-nothing rule as the Redis script. */
import { type MeterKind, type MeterLimits, WINDOWS, type WindowName } from '../../core/meters.ts';
import type { Meter, MeterResult } from '../../core/ports/meter.ts';

export class MemoryMeter implements Meter {
  private readonly used = new Map<string, number>();

  /**
   * @param versionOf the organisation's current version, as consumeIfCurrent checks it (the
   *   TenancyVersions the credentials were kept under).
   */
  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly versionOf: (orgId: string) => Promise<number> = async () => 0,
  ) {}

  async consumeIfCurrent(
    orgId: string,
    meter: MeterKind,
    n: number,
    limits: MeterLimits,
    version: number,
  ): Promise<MeterResult | null> {
    if ((await this.versionOf(orgId)) !== version) return null;
    return this.consume(orgId, meter, n, limits);
  }

  private key(orgId: string, meter: MeterKind, window: WindowName, seconds: number, atS: number): string {
    return `${meter}:${orgId}:${window}:${Math.floor(atS / seconds)}`;
  }

  async consume(orgId: string, meter: MeterKind, n: number, limits: MeterLimits): Promise<MeterResult> {
    const nowS = Math.floor(this.now() / 1000);
    let retryAfter = 0;
    const keys = WINDOWS.map((w) => this.key(orgId, meter, w.name, w.seconds, nowS));
    WINDOWS.forEach((w, i) => {
      if ((this.used.get(keys[i]!) ?? 0) + n > limits[w.name]) {
        retryAfter = Math.max(retryAfter, (Math.floor(nowS / w.seconds) + 1) * w.seconds - nowS);
      }
    });
    if (retryAfter === 0) for (const k of keys) this.used.set(k, (this.used.get(k) ?? 0) + n);
    const remaining = {} as Record<WindowName, number>;
    WINDOWS.forEach((w, i) => {
      remaining[w.name] = Math.max(0, limits[w.name] - (this.used.get(keys[i]!) ?? 0));
    });
    return { allowed: retryAfter === 0, retryAfter, at: nowS, limits, remaining };
  }

  async refund(orgId: string, meter: MeterKind, n: number, at: number): Promise<void> {
    for (const w of WINDOWS) {
      const k = this.key(orgId, meter, w.name, w.seconds, at);
      this.used.set(k, Math.max(0, (this.used.get(k) ?? 0) - n));
    }
  }
}
