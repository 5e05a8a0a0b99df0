/**
 * Fixed-window meters in Redis. One Lua script reads every window of a meter, and only if all have
 * room for n does it add n to all of them: a request is counted everywhere or nowhere. The same
 * script can first check the organisation's version, so a request served from kept credentials
 * confirms them in the round trip that meters it. Time comes from Redis itself so that gateways
 * with skewed clocks agree on window boundaries.
 */
import type { Redis } from 'ioredis';
import { type MeterKind, type MeterLimits, WINDOWS, type WindowName } from '../../core/meters.ts';
import type { Meter, MeterResult } from '../../core/ports/meter.ts';
import { LuaScript } from './lua-script.ts';
import { tenancyVersionKey } from './tenancy-versions.ts';

// KEYS: the organisation's version counter, then one per window. ARGV: n, the version the caller's
// credentials were kept under ('' to meter whatever the version), then (limit, seconds) per window.
// Returns {-1} with nothing taken when the version has moved on; otherwise allowed (0/1),
// retry_after, the meter clock (s), then the used count per window after the call.
const CONSUME = new LuaScript(`
local n = tonumber(ARGV[1])
if ARGV[2] ~= '' and tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[2]) then
  return {-1}
end
local now = tonumber(redis.call('TIME')[1])
local used, keys, blocked_until = {}, {}, 0
for i = 1, #KEYS - 1 do
  local limit = tonumber(ARGV[2 * i + 1])
  local seconds = tonumber(ARGV[2 * i + 2])
  local bucket = math.floor(now / seconds)
  keys[i] = KEYS[i + 1] .. ':' .. bucket
  used[i] = tonumber(redis.call('GET', keys[i]) or '0')
  if used[i] + n > limit then
    local reset = (bucket + 1) * seconds - now
    if reset > blocked_until then blocked_until = reset end
  end
end
if blocked_until > 0 then
  local out = {0, blocked_until, now}
  for i = 1, #keys do out[#out + 1] = used[i] end
  return out
end
local out = {1, 0, now}
for i = 1, #keys do
  local seconds = tonumber(ARGV[2 * i + 2])
  local value = redis.call('INCRBY', keys[i], n)
  if value == n then redis.call('EXPIRE', keys[i], seconds + 5) end
  out[#out + 1] = value
end
return out
`);

// Refund gives n back to the windows the units were taken from (ARGV[2]: the meter clock at
// consume), never below zero; a window that has since closed has nothing left to give back.
const REFUND = new LuaScript(`
local n = tonumber(ARGV[1])
local at = tonumber(ARGV[2])
for i = 1, #KEYS do
  local seconds = tonumber(ARGV[i + 2])
  local key = KEYS[i] .. ':' .. math.floor(at / seconds)
  local value = tonumber(redis.call('GET', key) or '0')
  if value > 0 then redis.call('DECRBY', key, math.min(n, value)) end
end
return 1
`);

export class RedisMeter implements Meter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keys(orgId: string, meter: MeterKind): string[] {
    return WINDOWS.map((w) => `${this.prefix}:meter:${meter}:${orgId}:${w.name}`);
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
