#!/usr/bin/env bash
# The Verse service itself (`verse serve`: gateway + processors) in the background under ./var.
# Usage: ops/service.sh start|stop|health
source "$(dirname "$0")/lib.sh"

PORT="${VERSE_PORT:-8000}"

health() { curl -sf "http://127.0.0.1:$PORT/api/v1/health" >/dev/null; }

case "${1:-}" in
  start)
    if ! running verse; then
      log "starting verse (gateway and processors) on 127.0.0.1:$PORT"
      spawn verse "$VERSE_ROOT/bin/verse" serve --port "$PORT"
    fi
    wait_for verse 90 health && log "verse ready: http://127.0.0.1:$PORT/api/v1/health"
    ;;
  stop) halt verse ;;
  health) health ;;
  *) echo "usage: $0 start|stop|health" >&2; exit 2 ;;
esac
