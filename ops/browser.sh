#!/usr/bin/env bash
# The browser the page tests drive: Debian's Chromium (never a downloaded one), through playwright-core.
#   ops/browser.sh install   install chromium from Debian when /usr/bin/chromium is missing
set -euo pipefail
source "$(dirname "$0")/lib.sh"

case "${1:-install}" in
  install)
    if [[ -x /usr/bin/chromium ]]; then exit 0; fi
    log "installing chromium (Debian package)"
    apt_install chromium
    ;;
  *) die "usage: ops/browser.sh install" ;;
esac
