#!/usr/bin/env bash
# Single-node Kafka in KRaft combined mode (broker + controller), from Maven Central jars.
# Usage: ops/kafka.sh install|start|stop|health
source "$(dirname "$0")/lib.sh"

KAFKA_VERSION=3.9.1
KAFKA_HOME="$VERSE_CACHE/kafka-$KAFKA_VERSION"
KAFKA_DATA="$VERSE_VAR/data/kafka"
KAFKA_CONF="$VERSE_VAR/conf/kafka.properties"

install() { java17; maven_runtime kafka "$KAFKA_HOME"; }

write_config() {
  mkdir -p "$(dirname "$KAFKA_CONF")" "$KAFKA_DATA"
  cat >"$KAFKA_CONF" <<CONF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=6
offsets.topic.replication.factor=1
offsets.topic.num.partitions=12
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
log.cleaner.backoff.ms=5000
CONF
}

start() {
  running kafka && { log "kafka already running"; return 0; }
  install
  write_config
  if [[ ! -f $KAFKA_DATA/meta.properties ]]; then
    local id
    local log4j="-Dlog4j.configuration=file:$VERSE_ROOT/ops/conf/kafka-log4j.properties"
    id=$(java "$log4j" -cp "$KAFKA_HOME/libs/*" kafka.tools.StorageTool random-uuid)
    java "$log4j" -cp "$KAFKA_HOME/libs/*" kafka.tools.StorageTool format -t "$id" -c "$KAFKA_CONF" --ignore-formatted >/dev/null
  fi
  log "starting kafka on 127.0.0.1:$KAFKA_PORT"
  spawn kafka java -Xms512m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -Dlog4j.configuration="file:$VERSE_ROOT/ops/conf/kafka-log4j.properties" \
    -cp "$KAFKA_HOME/libs/*" kafka.Kafka "$KAFKA_CONF"
}

health() { port_open "$KAFKA_PORT"; }

case "${1:-}" in
  install) install ;;
  start) start; wait_for kafka 120 health && log "kafka ready" ;;
  stop) halt kafka ;;
  health) health ;;
  *) echo "usage: $0 install|start|stop|health" >&2; exit 2 ;;
esac
