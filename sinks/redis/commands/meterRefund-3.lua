--[[
  Gives n units back to the windows they were taken from, never below zero; a window that has since
  closed has nothing left to give back.

  Input:
    KEYS[1..3]  one hash per window (minute, hour, day), as meterConsume writes them
    ARGV[1]     n, the units to give back
    ARGV[2]     the meter clock (s) when they were taken
    ARGV[3..5]  seconds per window, in KEYS order

  Output: 1
]]
local n = tonumber(ARGV[1])
local at = tonumber(ARGV[2])
for i = 1, #KEYS do
  local bucket = math.floor(at / tonumber(ARGV[i + 2]))
  local stored = redis.call('HMGET', KEYS[i], 'b', 'u')
  local u = tonumber(stored[2]) or 0
  if tonumber(stored[1]) == bucket and u > 0 then
    redis.call('HSET', KEYS[i], 'u', u - math.min(n, u))
  end
end
return 1
