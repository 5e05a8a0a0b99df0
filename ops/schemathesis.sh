#!/usr/bin/env bash
# Schemathesis (PyPI), for the property-based API test (test/e2e/schemathesis.test.ts).
# Usage: ops/schemathesis.sh install
source "$(dirname "$0")/lib.sh"

VENV="$VERSE_VAR/schemathesis-venv"

case "${1:-install}" in
  install)
    [[ -x $VENV/bin/st ]] && exit 0
    log "installing schemathesis (PyPI) into $VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==4.*"
    ;;
  *) echo "usage: $0 install" >&2; exit 2 ;;
esac
