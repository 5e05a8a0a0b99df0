#!/usr/bin/env bash
# An S3-compatible endpoint on loopback for the storage tests: moto's server mode from PyPI (MinIO
# cannot be installed here). Only the tests use it; production points VERSE_STORAGE_URL and
# VERSE_S3_ENDPOINT at real S3-compatible storage.
# Usage: ops/s3.sh install|start|stop|health
source "$(dirname "$0")/lib.sh"

S3_PORT=${VERSE_TEST_S3_PORT:-5055}
VENV="$VERSE_VAR/s3-venv"

install() {
  [[ -x $VENV/bin/moto_server ]] && return 0
  log "installing moto[server] (PyPI) into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "moto[server]==5.1.*"
}

start() {
  running s3 && { log "s3 (moto) already running"; return 0; }
  install
  log "starting an S3 endpoint (moto) on 127.0.0.1:$S3_PORT"
  spawn s3 "$VENV/bin/moto_server" -H 127.0.0.1 -p "$S3_PORT"
}

health() { curl -fsS "http://127.0.0.1:$S3_PORT/" >/dev/null 2>&1; }

case "${1:-}" in
  install) install ;;
  start) start; wait_for s3 30 health && log "s3 ready" ;;
  stop) halt s3 ;;
  health) health ;;
  *) echo "usage: $0 install|start|stop|health" >&2; exit 2 ;;
esac
