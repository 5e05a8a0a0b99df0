#!/usr/bin/env bash
# The standard clients our users run, for the tests that prove they work against Verse: Confluent's
# Python Kafka client with the schema registry (data teams reading verse.jobs.changes) and the
# Standard Webhooks library (receivers verifying deliveries). Installed from PyPI into var/clients-venv.
# Usage: ops/clients.sh install
source "$(dirname "$0")/lib.sh"

VENV="$VERSE_VAR/clients-venv"

case "${1:-install}" in
  install)
    [[ -x $VENV/bin/python ]] && "$VENV/bin/python" -c "import confluent_kafka, standardwebhooks" 2>/dev/null && exit 0
    log "installing confluent-kafka and standardwebhooks (PyPI) into $VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check "confluent-kafka[schemaregistry,json]==2.*" "standardwebhooks==1.*"
    ;;
  *) echo "usage: $0 install" >&2; exit 2 ;;
esac
