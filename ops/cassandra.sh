#!/usr/bin/env bash
# Single-node Cassandra 5.0 on JDK 17, from Maven Central jars.
# Usage: ops/cassandra.sh install|start|stop|health
source "$(dirname "$0")/lib.sh"

CASSANDRA_VERSION=5.0.9
CASSANDRA_HOME="$VERSE_CACHE/cassandra-$CASSANDRA_VERSION"
CASSANDRA_DATA="$VERSE_VAR/data/cassandra"
CASSANDRA_CONF="$VERSE_VAR/conf/cassandra.yaml"
CASSANDRA_HEAP="${VERSE_CASSANDRA_HEAP:-1G}"
# Cassandra's request threads wait for work by spinning in timed sleeps of about 10 µs. On a machine
# whose cores it shares with everything else, each of those wake-ups is a context switch paid for
# by the gateway and the processors: Cassandra was 44 % busy at 500 reads/s. A coarser timer slack
# lets the kernel wake them less often, and reads are answered as fast at the median
# (docs/benchmarks.md, "Platform load").
CASSANDRA_TIMER_SLACK_US="${VERSE_CASSANDRA_TIMER_SLACK_US:-200}"

install() { java17; maven_runtime cassandra "$CASSANDRA_HOME"; }

write_config() {
  mkdir -p "$(dirname "$CASSANDRA_CONF")" "$CASSANDRA_DATA" "$VERSE_VAR/tmp"
  cat >"$CASSANDRA_CONF" <<CONF
cluster_name: verse-local
num_tokens: 1
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
endpoint_snitch: SimpleSnitch
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "127.0.0.1"
listen_address: 127.0.0.1
rpc_address: 127.0.0.1
storage_port: $CASSANDRA_STORAGE_PORT
native_transport_port: $CASSANDRA_PORT
start_native_transport: true
data_file_directories: [$CASSANDRA_DATA/data]
commitlog_directory: $CASSANDRA_DATA/commitlog
saved_caches_directory: $CASSANDRA_DATA/saved_caches
hints_directory: $CASSANDRA_DATA/hints
cdc_raw_directory: $CASSANDRA_DATA/cdc_raw
commitlog_sync: periodic
commitlog_sync_period: 10s
auto_snapshot: false
# Lightweight transactions (idempotency, approvals) and tests need no artificial waits on one node.
cas_contention_timeout: 2000ms
write_request_timeout: 5000ms
read_request_timeout: 5000ms
CONF
}

start() {
  running cassandra && { log "cassandra already running"; return 0; }
  install
  write_config
  local jamm
  jamm=$(ls "$CASSANDRA_HOME"/libs/jamm-*.jar | head -1)
  mapfile -t jvm_flags < <(grep -v '^#' "$VERSE_ROOT/ops/conf/cassandra-jvm17.options" | grep -v '^$')
  log "starting cassandra on 127.0.0.1:$CASSANDRA_PORT (heap $CASSANDRA_HEAP, timer slack ${CASSANDRA_TIMER_SLACK_US} µs)"
  spawn cassandra "$VERSE_ROOT/ops/with-timer-slack.py" "$CASSANDRA_TIMER_SLACK_US" java -Xms"$CASSANDRA_HEAP" -Xmx"$CASSANDRA_HEAP" -Xss512k "${jvm_flags[@]}" \
    -javaagent:"$jamm" \
    -Djava.io.tmpdir="$VERSE_VAR/tmp" -Djna.tmpdir="$VERSE_VAR/tmp" \
    -Dcassandra-foreground=yes \
    -Dcassandra.config="file://$CASSANDRA_CONF" \
    -Dcassandra.storagedir="$CASSANDRA_DATA" \
    -Dcassandra.logdir="$VERSE_LOGS" \
    -Dlogback.configurationFile="$VERSE_ROOT/ops/conf/cassandra-logback.xml" \
    -Dcassandra.skip_wait_for_gossip_to_settle=0 \
    -Dcassandra.unsafesystem=true \
    -Dcassandra.jmx.local.port=7199 \
    -cp "$CASSANDRA_HOME/libs/*" org.apache.cassandra.service.CassandraDaemon
}

health() { port_open "$CASSANDRA_PORT"; }

case "${1:-}" in
  install) install ;;
  start) start; wait_for cassandra 240 health && log "cassandra ready" ;;
  stop) halt cassandra ;;
  health) health ;;
  *) echo "usage: $0 install|start|stop|health" >&2; exit 2 ;;
esac
