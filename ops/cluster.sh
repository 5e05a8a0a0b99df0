#!/usr/bin/env bash
# A real cluster on one machine, every node its own process on loopback, beside (not instead of)
# the single-node stack of `make up`: 3 Kafka brokers (KRaft, each broker and controller), 3
# Cassandra nodes on 127.0.0.1-3 (replication factor 3), a Redis primary and replica watched by 3
# Sentinels, 2 schema registries sharing their store through Kafka (Apicurio's KafkaSQL storage),
# and HAProxy in front of 2 gateways and 2 engine hosts. Everything lives under var/cluster.
#
# Usage: ops/cluster.sh up|down|health|env|stop NODE|start NODE|kill NODE|nodes
#   up      install what is missing, start every store node and HAProxy, wait until all are ready
#   env     print the VERSE_ settings that point Verse at this cluster (eval "$(ops/cluster.sh env)")
#   kill    SIGKILL one node (kafka-2, cassandra-3, redis-primary, registry-1…), as a crash would
#   start   start one node again (after kill or stop)
# The gateways, engine hosts and processors are Verse's own processes: `make cluster-up` starts two
# of each with ops/cluster-app.sh; the cluster test starts and kills its own.
source "$(dirname "$0")/lib.sh"

CLUSTER="$VERSE_VAR/cluster"
# Process bookkeeping and logs of the cluster's nodes, apart from the single-node stack's.
VERSE_RUN="$CLUSTER/run"
VERSE_LOGS="$CLUSTER/log"
mkdir -p "$VERSE_RUN" "$VERSE_LOGS"

KAFKA_VERSION=3.9.1
KAFKA_HOME="$VERSE_CACHE/kafka-$KAFKA_VERSION"
CASSANDRA_VERSION=5.0.9
CASSANDRA_HOME="$VERSE_CACHE/cassandra-$CASSANDRA_VERSION"
REGISTRY_VERSION=3.0.9
REGISTRY_HOME="$VERSE_CACHE/apicurio-$REGISTRY_VERSION"

# Ports: the single-node stack's plus 10000, so both can run at once.
KAFKA_PORTS=(19092 19093 19094)
KAFKA_CONTROLLER_PORTS=(19192 19193 19194)
CASSANDRA_HOSTS=(127.0.0.1 127.0.0.2 127.0.0.3)
CASSANDRA_NATIVE_PORT=19042
CASSANDRA_STORAGE_PORT=17000
CASSANDRA_JMX_PORTS=(17199 17299 17399)
# Evenly spaced Murmur3 tokens: the nodes start side by side without bootstrapping from each other.
CASSANDRA_TOKENS=(-9223372036854775808 -3074457345618258603 3074457345618258602)
CASSANDRA_HEAP="${VERSE_CLUSTER_CASSANDRA_HEAP:-512M}"
REDIS_PRIMARY_PORT=16379
REDIS_REPLICA_PORT=16380
SENTINEL_PORTS=(26379 26380 26381)
REGISTRY_PORTS=(18081 18082)
GATEWAY_PORTS=(18001 18002)
ENGINE_PORTS=(18091 18092)
# How HAProxy shares engine work between the two hosts ("4 1": four parts to the first, one to the
# second; the cluster test runs a stand-in and a real engine side by side).
read -r -a ENGINE_WEIGHTS <<<"${VERSE_CLUSTER_ENGINE_WEIGHTS:-1 1}"
LB_GATEWAY_PORT=18000
LB_ENGINE_PORT=18090

KAFKA_BOOTSTRAP="127.0.0.1:${KAFKA_PORTS[0]},127.0.0.1:${KAFKA_PORTS[1]},127.0.0.1:${KAFKA_PORTS[2]}"

node_pid() { cat "$(pidfile "$1")" 2>/dev/null; }

# ---- Kafka: three nodes, each broker and controller (KRaft combined mode) ----
kafka_conf() {
  local i=$1 n=$(($1 + 1)) voters="" j
  for j in 0 1 2; do voters+="$((j + 1))@127.0.0.1:${KAFKA_CONTROLLER_PORTS[$j]},"; done
  mkdir -p "$CLUSTER/conf" "$CLUSTER/data/kafka-$n"
  cat >"$CLUSTER/conf/kafka-$n.properties" <<CONF
process.roles=broker,controller
node.id=$n
controller.quorum.voters=${voters%,}
listeners=PLAINTEXT://127.0.0.1:${KAFKA_PORTS[$i]},CONTROLLER://127.0.0.1:${KAFKA_CONTROLLER_PORTS[$i]}
advertised.listeners=PLAINTEXT://127.0.0.1:${KAFKA_PORTS[$i]}
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$CLUSTER/data/kafka-$n
num.partitions=6
default.replication.factor=3
min.insync.replicas=2
offsets.topic.replication.factor=3
offsets.topic.num.partitions=12
transaction.state.log.replication.factor=3
transaction.state.log.min.isr=2
unclean.leader.election.enable=false
# A killed broker is fenced (its partitions led elsewhere, the in-sync sets shrunk) after 5 s of
# missed heartbeats rather than 9: until then a write with acks=all waits for it.
broker.session.timeout.ms=5000
broker.heartbeat.interval.ms=1000
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
log.cleaner.backoff.ms=5000
CONF
}

start_kafka() {
  local i=$1 n=$(($1 + 1)) log4j="-Dlog4j.configuration=file:$VERSE_ROOT/ops/conf/kafka-log4j.properties"
  running "kafka-$n" && return 0
  kafka_conf "$i"
  if [[ ! -f $CLUSTER/data/kafka-$n/meta.properties ]]; then
    [[ -f $CLUSTER/data/kafka-cluster-id ]] || java "$log4j" -cp "$KAFKA_HOME/libs/*" kafka.tools.StorageTool random-uuid >"$CLUSTER/data/kafka-cluster-id"
    java "$log4j" -cp "$KAFKA_HOME/libs/*" kafka.tools.StorageTool format -t "$(cat "$CLUSTER/data/kafka-cluster-id")" \
      -c "$CLUSTER/conf/kafka-$n.properties" --ignore-formatted >/dev/null
  fi
  log "starting kafka-$n on 127.0.0.1:${KAFKA_PORTS[$i]}"
  spawn "kafka-$n" java -Xms256m -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "$log4j" \
    -cp "$KAFKA_HOME/libs/*" kafka.Kafka "$CLUSTER/conf/kafka-$n.properties"
}

# ---- Cassandra: three nodes on three loopback addresses ----
cassandra_conf() {
  local i=$1 n=$(($1 + 1))
  local host=${CASSANDRA_HOSTS[$1]} dir="$CLUSTER/data/cassandra-$n"
  mkdir -p "$CLUSTER/conf" "$dir" "$CLUSTER/tmp"
  cat >"$CLUSTER/conf/cassandra-$n.yaml" <<CONF
cluster_name: verse-cluster
num_tokens: 1
initial_token: ${CASSANDRA_TOKENS[$i]}
auto_bootstrap: false
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
endpoint_snitch: SimpleSnitch
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "${CASSANDRA_HOSTS[0]}:$CASSANDRA_STORAGE_PORT,${CASSANDRA_HOSTS[1]}:$CASSANDRA_STORAGE_PORT"
listen_address: $host
rpc_address: $host
storage_port: $CASSANDRA_STORAGE_PORT
native_transport_port: $CASSANDRA_NATIVE_PORT
start_native_transport: true
data_file_directories: [$dir/data]
commitlog_directory: $dir/commitlog
saved_caches_directory: $dir/saved_caches
hints_directory: $dir/hints
cdc_raw_directory: $dir/cdc_raw
commitlog_sync: periodic
commitlog_sync_period: 10s
auto_snapshot: false
concurrent_reads: 8
concurrent_writes: 8
cas_contention_timeout: 2000ms
# As on one node: two cores carry every node here, and a busy replica must not time a quorum out.
write_request_timeout: 5000ms
read_request_timeout: 5000ms
# A dead node's writes are kept for it and replayed when it returns.
hinted_handoff_enabled: true
CONF
}

start_cassandra() {
  local i=$1 n=$(($1 + 1)) jamm
  running "cassandra-$n" && return 0
  cassandra_conf "$i"
  jamm=$(ls "$CASSANDRA_HOME"/libs/jamm-*.jar | head -1)
  mapfile -t jvm_flags < <(grep -v '^#' "$VERSE_ROOT/ops/conf/cassandra-jvm17.options" | grep -v '^$')
  log "starting cassandra-$n on ${CASSANDRA_HOSTS[$i]}:$CASSANDRA_NATIVE_PORT (heap $CASSANDRA_HEAP)"
  spawn "cassandra-$n" "$VERSE_ROOT/ops/with-timer-slack.py" 200 java -Xms"$CASSANDRA_HEAP" -Xmx"$CASSANDRA_HEAP" -Xss512k \
    "${jvm_flags[@]}" -javaagent:"$jamm" \
    -Djava.io.tmpdir="$CLUSTER/tmp" -Djna.tmpdir="$CLUSTER/tmp" \
    -Dcassandra-foreground=yes \
    -Dcassandra.config="file://$CLUSTER/conf/cassandra-$n.yaml" \
    -Dcassandra.storagedir="$CLUSTER/data/cassandra-$n" \
    -Dcassandra.logdir="$VERSE_LOGS" \
    -Dlogback.configurationFile="$VERSE_ROOT/ops/conf/cassandra-logback.xml" \
    -Dcassandra.skip_wait_for_gossip_to_settle=0 \
    -Dcassandra.consistent.rangemovement=false \
    -Dcassandra.ring_delay_ms=1000 \
    -Dcassandra.jmx.local.port="${CASSANDRA_JMX_PORTS[$i]}" \
    -cp "$CASSANDRA_HOME/libs/*" org.apache.cassandra.service.CassandraDaemon
}

cassandra_up() { (exec 3<>"/dev/tcp/${CASSANDRA_HOSTS[$1]}/$CASSANDRA_NATIVE_PORT") 2>/dev/null; }

# ---- Redis: a primary, a replica, three Sentinels ----
start_redis() {
  local name=$1 port=$2; shift 2
  running "$name" && return 0
  mkdir -p "$CLUSTER/data/$name"
  log "starting $name on 127.0.0.1:$port"
  # Append-only: what a replica had not yet received when its primary died is what is lost, not more.
  spawn "$name" redis-server --bind 127.0.0.1 --port "$port" --dir "$CLUSTER/data/$name" --save '' \
    --appendonly yes --appendfsync everysec --daemonize no "$@"
}

start_sentinel() {
  local i=$1 n=$(($1 + 1))
  local conf="$CLUSTER/conf/sentinel-$n.conf"
  running "sentinel-$n" && return 0
  mkdir -p "$CLUSTER/conf"
  # A Sentinel rewrites its own file (the current primary, the other Sentinels): written once.
  if [[ ! -f $conf ]]; then
    cat >"$conf" <<CONF
port ${SENTINEL_PORTS[$i]}
bind 127.0.0.1
dir $CLUSTER/data
sentinel monitor verse 127.0.0.1 $REDIS_PRIMARY_PORT 2
sentinel down-after-milliseconds verse 2000
sentinel failover-timeout verse 10000
sentinel parallel-syncs verse 1
CONF
  fi
  log "starting sentinel-$n on 127.0.0.1:${SENTINEL_PORTS[$i]}"
  spawn "sentinel-$n" redis-sentinel "$conf"
}

# Which node is primary is the Sentinels' to say once they exist (after a failover, the replica): a
# node is told to replicate only on the very first start, and the Sentinels turn a returning former
# primary into a replica themselves.
first_replicaof() {
  [[ -f $CLUSTER/conf/sentinel-1.conf ]] || echo "--replicaof 127.0.0.1 $REDIS_PRIMARY_PORT"
}

# ---- The schema registry: two Apicurio instances on one KafkaSQL journal ----
start_registry() {
  local i=$1 n=$(($1 + 1))
  running "registry-$n" && return 0
  log "starting registry-$n on 127.0.0.1:${REGISTRY_PORTS[$i]} (KafkaSQL storage)"
  spawn "registry-$n" java -Xms128m -Xmx320m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
    -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="${REGISTRY_PORTS[$i]}" \
    -Dquarkus.log.level=WARN -Dquarkus.http.access-log.enabled=false \
    -Dapicurio.storage.kind=kafkasql \
    -Dapicurio.kafkasql.bootstrap.servers="$KAFKA_BOOTSTRAP" \
    -Dapicurio.kafkasql.topic=verse-registry-journal \
    -Dapicurio.kafkasql.consumer.group-prefix="verse-registry-$n-" \
    -jar "$REGISTRY_HOME/apicurio-registry-app-$REGISTRY_VERSION-runner.jar"
}

registry_up() { curl -sf "http://127.0.0.1:${REGISTRY_PORTS[$1]}/apis/ccompat/v7/subjects" >/dev/null; }

# ---- HAProxy in front of the gateways and the engine hosts ----
start_haproxy() {
  running haproxy && return 0
  mkdir -p "$CLUSTER/conf"
  cat >"$CLUSTER/conf/haproxy.cfg" <<CONF
global
  maxconn 4096
  # Room for a whole submission (a short clip) in one buffer, so that it can be sent again (retry-on).
  tune.bufsize 262144
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 11m
  # A request that found its server gone before any answer (refused, or closed with nothing said) goes
  # to the other one: every submission carries an Idempotency-Key, so sending it twice is safe.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  # A fresh server connection per request: an idle one the server has closed (uvicorn keeps them
  # 5 s) would otherwise be tried, fail empty, and every request meant for that server go elsewhere.
  option http-server-close
  # A server marked down keeps the requests it has: a draining gateway finishes them, and an engine
  # host slow to answer its check while it decodes is not cut off mid-song.
  timeout check 5s
  default-server inter 1s fall 3 rise 2
frontend gateways
  bind 127.0.0.1:$LB_GATEWAY_PORT
  option http-buffer-request
  default_backend gateways
backend gateways
  option httpchk GET /api/v1/health
  http-check expect status 200
  server gateway-1 127.0.0.1:${GATEWAY_PORTS[0]} check
  server gateway-2 127.0.0.1:${GATEWAY_PORTS[1]} check
frontend engines
  bind 127.0.0.1:$LB_ENGINE_PORT
  option http-buffer-request
  default_backend engines
backend engines
  option httpchk GET /ready
  http-check expect status 200
  server engine-1 127.0.0.1:${ENGINE_PORTS[0]} check weight ${ENGINE_WEIGHTS[0]}
  server engine-2 127.0.0.1:${ENGINE_PORTS[1]} check weight ${ENGINE_WEIGHTS[1]}
CONF
  haproxy -c -q -f "$CLUSTER/conf/haproxy.cfg" || die "haproxy refused its configuration"
  log "starting haproxy: gateways on 127.0.0.1:$LB_GATEWAY_PORT, engines on 127.0.0.1:$LB_ENGINE_PORT"
  spawn haproxy haproxy -db -f "$CLUSTER/conf/haproxy.cfg"
}

install() {
  java17
  command -v haproxy >/dev/null || { log "installing haproxy (Debian package)"; apt_install haproxy; }
  command -v redis-sentinel >/dev/null || { log "installing redis-sentinel (Debian package)"; apt_install redis-sentinel redis-server; }
  "$VERSE_ROOT/ops/kafka.sh" install
  "$VERSE_ROOT/ops/cassandra.sh" install
  "$VERSE_ROOT/ops/registry.sh" install
}

NODES=(kafka-1 kafka-2 kafka-3 cassandra-1 cassandra-2 cassandra-3 redis-primary redis-replica
  sentinel-1 sentinel-2 sentinel-3 registry-1 registry-2 haproxy)

start_node() {
  case "$1" in
    kafka-[123]) start_kafka $((${1#kafka-} - 1)) ;;
    cassandra-[123]) start_cassandra $((${1#cassandra-} - 1)) ;;
    redis-primary) start_redis redis-primary "$REDIS_PRIMARY_PORT" ;;
    redis-replica) start_redis redis-replica "$REDIS_REPLICA_PORT" $(first_replicaof) ;;
    sentinel-[123]) start_sentinel $((${1#sentinel-} - 1)) ;;
    registry-[12]) start_registry $((${1#registry-} - 1)) ;;
    haproxy) start_haproxy ;;
    *) die "unknown node $1 (one of: ${NODES[*]})" ;;
  esac
}

kafka_ready() {
  local p
  for p in "${KAFKA_PORTS[@]}"; do port_open "$p" || return 1; done
}

cassandra_ready() { cassandra_up 0 && cassandra_up 1 && cassandra_up 2; }

redis_ready() {
  redis-cli -p "$REDIS_PRIMARY_PORT" ping 2>/dev/null | grep -q PONG &&
    redis-cli -p "${SENTINEL_PORTS[0]}" sentinel get-master-addr-by-name verse 2>/dev/null | grep -q 127.0.0.1
}

registries_ready() { registry_up 0 && registry_up 1; }

up() {
  install
  local i
  for i in 0 1 2; do start_kafka "$i"; done
  # The first Cassandra node alone (a seed), then the other two side by side.
  start_cassandra 0
  start_redis redis-primary "$REDIS_PRIMARY_PORT"
  start_redis redis-replica "$REDIS_REPLICA_PORT" $(first_replicaof)
  for i in 0 1 2; do start_sentinel "$i"; done
  wait_for kafka-1 180 kafka_ready
  for i in 0 1; do start_registry "$i"; done
  wait_for cassandra-1 300 cassandra_up 0
  start_cassandra 1
  start_cassandra 2
  start_haproxy
  wait_for redis-primary 30 redis_ready
  wait_for registry-1 240 registries_ready
  wait_for cassandra-2 300 cassandra_ready
  log "cluster up: kafka $KAFKA_BOOTSTRAP, cassandra ${CASSANDRA_HOSTS[*]} :$CASSANDRA_NATIVE_PORT, sentinels ${SENTINEL_PORTS[*]}, registries ${REGISTRY_PORTS[*]}, gateways via :$LB_GATEWAY_PORT, engines via :$LB_ENGINE_PORT"
}

down() {
  local n
  for n in haproxy registry-1 registry-2 sentinel-1 sentinel-2 sentinel-3 redis-replica redis-primary \
    cassandra-1 cassandra-2 cassandra-3 kafka-1 kafka-2 kafka-3; do halt "$n"; done
}

env_settings() {
  local cassandra="" sentinels="" registries="" i
  for i in 0 1 2; do cassandra+="${CASSANDRA_HOSTS[$i]}:$CASSANDRA_NATIVE_PORT,"; done
  for i in 0 1 2; do sentinels+="127.0.0.1:${SENTINEL_PORTS[$i]},"; done
  for i in 0 1; do registries+="http://127.0.0.1:${REGISTRY_PORTS[$i]}/apis/ccompat/v7,"; done
  cat <<ENV
export VERSE_KAFKA_BROKERS="$KAFKA_BOOTSTRAP"
export VERSE_KAFKA_REPLICATION_FACTOR=3
export VERSE_KAFKA_MIN_INSYNC_REPLICAS=2
export VERSE_CASSANDRA_CONTACT_POINTS="${cassandra%,}"
export VERSE_CASSANDRA_REPLICATION=3
export VERSE_REDIS_SENTINELS="${sentinels%,}"
export VERSE_REDIS_SENTINEL_NAME=verse
export VERSE_SCHEMA_REGISTRY_URL="${registries%,}"
export VERSE_ENGINE_URL="http://127.0.0.1:$LB_ENGINE_PORT"
export VERSE_BASE_URL="http://127.0.0.1:$LB_GATEWAY_PORT"
ENV
}

case "${1:-}" in
  install) install ;;
  up) up ;;
  down) down ;;
  env) env_settings ;;
  nodes) printf '%s\n' "${NODES[@]}" ;;
  start) start_node "${2:?node}" ;;
  stop) halt "${2:?node}" ;;
  kill)
    pid=$(node_pid "${2:?node}") || die "${2} is not running"
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"
    rm -f "$(pidfile "$2")"
    log "killed $2 ($pid)"
    ;;
  pid) node_pid "${2:?node}" ;;
  health)
    rc=0
    kafka_ready && echo "kafka: 3 brokers up" || { echo "kafka: not all up"; rc=1; }
    cassandra_ready && echo "cassandra: 3 nodes up" || { echo "cassandra: not all up"; rc=1; }
    redis_ready && echo "redis: primary and sentinels up" || { echo "redis: down"; rc=1; }
    registries_ready && echo "registry: 2 up" || { echo "registry: not all up"; rc=1; }
    exit $rc
    ;;
  *) echo "usage: $0 up|down|health|env|nodes|start NODE|stop NODE|kill NODE" >&2; exit 2 ;;
esac
