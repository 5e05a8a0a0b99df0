#!/usr/bin/env bash
# Redis from the Debian package, run by hand under ./var (no persistence: meters are short-lived).
# Usage: ops/redis.sh install|start|stop|health
source "$(dirname "$0")/lib.sh"

install() {
  command -v redis-server >/dev/null && return 0
  log "installing redis-server (Debian package)"
  apt_install redis-server
}

start() {
  running redis && { log "redis already running"; return 0; }
  install
  log "starting redis on 127.0.0.1:$REDIS_PORT"
  spawn redis redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
    --dir "$VERSE_VAR" --daemonize no
}

health() { redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; }

case "${1:-}" in
  install) install ;;
  start) start; wait_for redis 30 health && log "redis ready" ;;
  stop) halt redis ;;
  health) health ;;
  *) echo "usage: $0 install|start|stop|health" >&2; exit 2 ;;
esac
