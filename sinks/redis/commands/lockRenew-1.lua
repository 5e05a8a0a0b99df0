--[[
  Extends a lock's lease while the key still holds the holder's token.

  Input:
    KEYS[1]  the lock
    ARGV[1]  the holder's token
    ARGV[2]  the lease (ms)

  Output: 1 when renewed, 0 when the lock has lapsed or is someone else's
]]
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
