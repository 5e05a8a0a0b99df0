#!/usr/bin/env bash
# Prometheus and promtool (Debian package), for the tests that check ops/monitoring/alerts.yml and
# evaluate it against the running platform. Production runs its own Prometheus with the same rules.
# Usage: ops/prometheus.sh install
source "$(dirname "$0")/lib.sh"

case "${1:-install}" in
  install)
    command -v prometheus >/dev/null && command -v promtool >/dev/null && exit 0
    log "installing prometheus (Debian package)"
    apt_install prometheus
    ;;
  *) echo "usage: $0 install" >&2; exit 2 ;;
esac
