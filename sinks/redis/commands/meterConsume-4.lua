--[[
  Takes n units from every window of one meter of one organisation, or from none: a request is
  counted everywhere or nowhere. Time is Redis's own, so that gateways with skewed clocks agree on
  window boundaries. Every key carries the organisation's hash tag: one slot, Cluster-safe.

  Input:
    KEYS[1]     the organisation's version counter
    KEYS[2..4]  one hash per window (minute, hour, day): b = the window's bucket, u = units used in it
    ARGV[1]     n, the units to take
    ARGV[2]     the organisation version the caller's credentials were kept under ('' = any version)
    ARGV[3..8]  limit, seconds: one pair per window, in KEYS order

  Output:
    {-1} with nothing taken when the version has moved on; otherwise
    {allowed (0/1), retry_after (s), the meter clock (s), used per window after the call...}
]]
local n = tonumber(ARGV[1])
if ARGV[2] ~= '' and tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[2]) then
  return {-1}
end
local now = tonumber(redis.call('TIME')[1])
local used, buckets, blocked_until = {}, {}, 0
for i = 2, #KEYS do
  local limit = tonumber(ARGV[2 * i - 1])
  local seconds = tonumber(ARGV[2 * i])
  local bucket = math.floor(now / seconds)
  local stored = redis.call('HMGET', KEYS[i], 'b', 'u')
  local u = 0
  if tonumber(stored[1]) == bucket then u = tonumber(stored[2]) or 0 end
  buckets[i], used[i] = bucket, u
  if u + n > limit then
    local reset = (bucket + 1) * seconds - now
    if reset > blocked_until then blocked_until = reset end
  end
end
if blocked_until > 0 then
  local out = {0, blocked_until, now}
  for i = 2, #KEYS do out[#out + 1] = used[i] end
  return out
end
local out = {1, 0, now}
for i = 2, #KEYS do
  local value = used[i] + n
  redis.call('HSET', KEYS[i], 'b', buckets[i], 'u', value)
  redis.call('EXPIRE', KEYS[i], tonumber(ARGV[2 * i]) + 5)
  out[#out + 1] = value
end
return out
