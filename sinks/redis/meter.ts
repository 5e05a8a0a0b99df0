/**
 * Fixed-window meters in Redis (commands/meterConsume-4.lua, meterRefund-3.lua). One script reads
 * every window of a meter, and only if all have room for n does it add n to all of them: a request
 * is counted everywhere or nowhere. The same
 * script can first check the organisation's version, so a request served from kept credentials
 * confirms them in the round trip that meters it. Time comes from Redis itself so that gateways
 * with skewed clocks agree on window boundaries.
 */
import type { Redis } from 'ioredis';
import { type MeterKind, type MeterLimits, WINDOWS, type WindowName } from '../../core/meters.ts';
import type { Meter, MeterResult } from '../../core/ports/meter.ts';
import { organisationKey } from './keys.ts';
import { LuaScript } from './lua-script.ts';
import { tenancyVersionKey } from './tenancy-versions.ts';

const CONSUME = new LuaScript('meterConsume');
const REFUND = new LuaScript('meterRefund');

export class RedisMeter implements Meter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keys(orgId: string, meter: MeterKind): string[] {
    return WINDOWS.map((w) => organisationKey(this.prefix, orgId, 'meter', meter, w.name));
  }

  async consume(orgId: string, meter: MeterKind, n: number, limits: MeterLimits): Promise<MeterResult> {
    return (await this.run(orgId, meter, n, limits, ''))!;
  }

  consumeIfCurrent(
    orgId: string,
    meter: MeterKind,
    n: number,
    limits: MeterLimits,
    version: number,
  ): Promise<MeterResult | null> {
    return this.run(orgId, meter, n, limits, version);
  }

  private async run(
    orgId: string,
    meter: MeterKind,
    n: number,
    limits: MeterLimits,
    version: number | '',
  ): Promise<MeterResult | null> {
    const keys = [tenancyVersionKey(this.prefix, orgId), ...this.keys(orgId, meter)];
    const args = WINDOWS.flatMap((w) => [limits[w.name], w.seconds]);
    const reply = (await CONSUME.run(this.redis, keys, [n, version, ...args])) as number[];
    if (reply[0] === -1) return null;
    const remaining = {} as Record<WindowName, number>;
    WINDOWS.forEach((w, i) => {
      remaining[w.name] = Math.max(0, limits[w.name] - Number(reply[i + 3]));
    });
    return { allowed: reply[0] === 1, retryAfter: Number(reply[1]), at: Number(reply[2]), limits, remaining };
  }

  async refund(orgId: string, meter: MeterKind, n: number, at: number): Promise<void> {
    await REFUND.run(this.redis, this.keys(orgId, meter), [n, at, ...WINDOWS.map((w) => w.seconds)]);
  }
}
