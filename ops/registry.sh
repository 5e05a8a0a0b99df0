#!/usr/bin/env bash
# Confluent-compatible schema registry: Apicurio Registry 3.0 (the last 3.x line that runs on JDK 17),
# from Maven Central, with file-backed H2 storage so schema ids survive a restart (messages already
# in Kafka reference them). Confluent API at http://127.0.0.1:$REGISTRY_PORT/apis/ccompat/v7.
# Usage: ops/registry.sh install|start|stop|health
source "$(dirname "$0")/lib.sh"

REGISTRY_VERSION=3.0.9
REGISTRY_HOME="$VERSE_CACHE/apicurio-$REGISTRY_VERSION"
REGISTRY_DATA="$VERSE_VAR/data/registry"
REGISTRY_URL="https://repo1.maven.org/maven2/io/apicurio/apicurio-registry-app/$REGISTRY_VERSION/apicurio-registry-app-$REGISTRY_VERSION-all.tar.gz"

install() {
  java17
  [[ -f $REGISTRY_HOME/.complete ]] && return 0
  fetch_verified "$REGISTRY_URL" "$VERSE_CACHE/apicurio-$REGISTRY_VERSION.tar.gz"
  rm -rf "$REGISTRY_HOME" && mkdir -p "$REGISTRY_HOME"
  tar xzf "$VERSE_CACHE/apicurio-$REGISTRY_VERSION.tar.gz" -C "$REGISTRY_HOME"
  rm -f "$VERSE_CACHE/apicurio-$REGISTRY_VERSION.tar.gz"
  touch "$REGISTRY_HOME/.complete"
}

start() {
  running registry && { log "registry already running"; return 0; }
  install
  mkdir -p "$REGISTRY_DATA"
  log "starting schema registry on 127.0.0.1:$REGISTRY_PORT"
  spawn registry java -Xms128m -Xmx384m -XX:+UseSerialGC \
    -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$REGISTRY_PORT" \
    -Dquarkus.log.level=WARN -Dquarkus.http.access-log.enabled=false -Dquarkus.log.category.\"io.quarkus\".level=INFO \
    -Dapicurio.datasource.url="jdbc:h2:file:$REGISTRY_DATA/registry;DB_CLOSE_ON_EXIT=FALSE" \
    -jar "$REGISTRY_HOME/apicurio-registry-app-$REGISTRY_VERSION-runner.jar"
}

health() { curl -sf "http://127.0.0.1:$REGISTRY_PORT/apis/ccompat/v7/subjects" >/dev/null; }

case "${1:-}" in
  install) install ;;
  start) start; wait_for registry 120 health && log "registry ready" ;;
  stop) halt registry ;;
  health) health ;;
  *) echo "usage: $0 install|start|stop|health" >&2; exit 2 ;;
esac
