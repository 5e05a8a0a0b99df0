#!/usr/bin/env bash
# Cassandra's nodetool against the local node (JMX on 127.0.0.1:7199, or VERSE_NODETOOL_JMX_PORT), from the jars ops/cassandra.sh
# installed: `ops/nodetool.sh flush verse`, `ops/nodetool.sh tablestats -F json verse`.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
CASSANDRA_VERSION=5.0.9
CASSANDRA_HOME="$VERSE_CACHE/cassandra-$CASSANDRA_VERSION"
# The module openings Cassandra's own scripts pass on JDK 17, and its quiet log configuration.
exec java \
  --add-exports java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
  --add-exports java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED \
  --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED \
  -Dlogback.configurationFile="$VERSE_ROOT/ops/conf/cassandra-logback.xml" \
  -cp "$CASSANDRA_HOME/libs/*" org.apache.cassandra.tools.NodeTool -h 127.0.0.1 -p "${VERSE_NODETOOL_JMX_PORT:-7199}" "$@"
