#!/usr/bin/env bash
# The local infrastructure as one unit: Kafka, Cassandra, Redis and the schema registry.
# up: install what is missing (in parallel), start what is not running, wait until all are healthy.
# Usage: ops/infra.sh up|down|health|install
source "$(dirname "$0")/lib.sh"

SERVICES=(kafka cassandra redis registry)

in_parallel() {
  local action=$1 pids=() failed=0
  for s in "${SERVICES[@]}"; do
    "$VERSE_ROOT/ops/$s.sh" "$action" & pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  return $failed
}

case "${1:-}" in
  install) in_parallel install ;;
  up)
    in_parallel install || die "installing the infrastructure failed"
    in_parallel start || die "starting the infrastructure failed (logs in $VERSE_LOGS)"
    log "infrastructure up: kafka :$KAFKA_PORT, cassandra :$CASSANDRA_PORT, redis :$REDIS_PORT, registry :$REGISTRY_PORT"
    ;;
  down)
    for s in "${SERVICES[@]}"; do "$VERSE_ROOT/ops/$s.sh" stop; done
    ;;
  health)
    rc=0
    for s in "${SERVICES[@]}"; do
      if "$VERSE_ROOT/ops/$s.sh" health; then echo "$s: up"; else echo "$s: down"; rc=1; fi
    done
    exit $rc
    ;;
  *) echo "usage: $0 up|down|health|install" >&2; exit 2 ;;
esac
