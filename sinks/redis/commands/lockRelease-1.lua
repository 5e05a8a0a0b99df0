--[[
  Frees a lock while the key still holds the holder's token, never one that lapsed and was taken.

  Input:
    KEYS[1]  the lock
    ARGV[1]  the holder's token

  Output: 1 when released, 0 otherwise
]]
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
