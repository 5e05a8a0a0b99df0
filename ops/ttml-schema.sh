#!/usr/bin/env bash
# The W3C TTML1 XML schema, for the tests that validate Verse's TTML downloads. W3C publishes it
# only on its website; skynav's Timed Text Verifier bundles the same XSDs in a jar on Maven Central,
# so it is fetched from there (checked against Maven Central's SHA-1) and only the XSDs are kept.
# Usage: ops/ttml-schema.sh install   (prints nothing more once installed)
source "$(dirname "$0")/lib.sh"

JAR_URL="https://repo1.maven.org/maven2/com/skynav/ttt/ttt-ttv/1.0/ttt-ttv-1.0.jar"
SCHEMA_DIR="$VERSE_VAR/ttml-schema"

case "${1:-install}" in
  install)
    [[ -f $SCHEMA_DIR/ttml1/ttml1.xsd ]] && exit 0
    mkdir -p "$SCHEMA_DIR"
    fetch_verified "$JAR_URL" "$SCHEMA_DIR/ttt-ttv-1.0.jar"
    command -v unzip >/dev/null || apt_install unzip
    rm -rf "$SCHEMA_DIR/extract"
    unzip -q -o "$SCHEMA_DIR/ttt-ttv-1.0.jar" 'com/skynav/ttv/xsd/ttml1/*.xsd' -d "$SCHEMA_DIR/extract"
    rm -rf "$SCHEMA_DIR/ttml1"
    mv "$SCHEMA_DIR/extract/com/skynav/ttv/xsd/ttml1" "$SCHEMA_DIR/ttml1"
    rm -rf "$SCHEMA_DIR/extract" "$SCHEMA_DIR/ttt-ttv-1.0.jar"
    log "TTML1 schema in $SCHEMA_DIR/ttml1"
    ;;
  *) echo "usage: $0 install" >&2; exit 2 ;;
esac
