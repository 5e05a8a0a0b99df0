#!/usr/bin/env bash
# Verse itself on the cluster of ops/cluster.sh: 2 engine hosts (the real engine, behind HAProxy on
# :18090), 2 gateways (behind HAProxy on :18000) and 2 members of every processor group, each its
# own process under var/cluster, in development mode against the cluster's settings.
# Usage: ops/cluster-app.sh start|stop
source "$(dirname "$0")/lib.sh"

VERSE_RUN="$VERSE_VAR/cluster/run"
VERSE_LOGS="$VERSE_VAR/cluster/log"
mkdir -p "$VERSE_RUN" "$VERSE_LOGS"
eval "$("$VERSE_ROOT/ops/cluster.sh" env)"
export VERSE_NAMESPACE="${VERSE_NAMESPACE:-verse}" VERSE_DATA_DIR="$VERSE_VAR/cluster/data/verse"
export VERSE_MODEL_DIR="${VERSE_MODEL_DIR:-$VERSE_VAR/models}"

PROCESSORS=(transcription alignment webhook review-timer sweeper)

start() {
  local n p
  "$VERSE_ROOT/bin/verse" migrate >/dev/null
  for n in 1 2; do
    running "engine-$n" || spawn "engine-$n" "$VERSE_ROOT/engine/.venv/bin/uvicorn" verse_engine.service.app:app \
      --app-dir "$VERSE_ROOT/engine" --host 127.0.0.1 --port "$((18090 + n))" --log-level warning
    running "gateway-$n" || spawn "gateway-$n" "$VERSE_ROOT/bin/verse" gateway --port "$((18000 + n))"
    for p in "${PROCESSORS[@]}"; do running "$p-$n" || spawn "$p-$n" "$VERSE_ROOT/bin/verse" processor "$p"; done
  done
  wait_for gateway-1 120 curl -sf http://127.0.0.1:18000/api/v1/health -o /dev/null
  wait_for engine-1 120 curl -sf http://127.0.0.1:18090/ready -o /dev/null
  log "verse on the cluster: http://127.0.0.1:18000/api/v1/health (namespace $VERSE_NAMESPACE)"
}

stop() {
  local n p
  for n in 1 2; do
    for p in "${PROCESSORS[@]}"; do halt "$p-$n"; done
    halt "gateway-$n"
    halt "engine-$n"
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
