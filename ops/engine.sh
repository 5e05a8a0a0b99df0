#!/usr/bin/env bash
# The Python speech engine in its own virtual environment (engine/.venv), on 127.0.0.1:$ENGINE_PORT.
# Usage: ops/engine.sh install|start|stop|health|test
source "$(dirname "$0")/lib.sh"

ENGINE_DIR="$VERSE_ROOT/engine"
VENV="$ENGINE_DIR/.venv"
ENGINE_PORT="${VERSE_ENGINE_PORT:-8090}"

install() {
  local stamp="$VENV/.installed" want
  want=$(sha1sum "$ENGINE_DIR/pyproject.toml" | cut -c1-40)
  [[ -f $stamp && $(cat "$stamp") == "$want" ]] && return 0
  command -v python3 >/dev/null || die "python3 (3.11) is required"
  log "installing the engine's Python environment"
  [[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check -e "$ENGINE_DIR[dev]"
  echo "$want" >"$stamp"
}

start() {
  running engine && { log "engine already running"; return 0; }
  install
  log "starting engine on 127.0.0.1:$ENGINE_PORT"
  spawn engine "$VENV/bin/uvicorn" verse_engine.app:app --app-dir "$ENGINE_DIR" --host 127.0.0.1 \
    --port "$ENGINE_PORT" --log-level warning
}

health() { curl -sf "http://127.0.0.1:$ENGINE_PORT/health" >/dev/null; }

case "${1:-}" in
  install) install ;;
  start) start; wait_for engine 60 health && log "engine ready" ;;
  stop) halt engine ;;
  health) health ;;
  test) install; cd "$ENGINE_DIR" && "$VENV/bin/ruff" check . && "$VENV/bin/ruff" format --check . && "$VENV/bin/pytest" -q ;;
  *) echo "usage: $0 install|start|stop|health|test" >&2; exit 2 ;;
esac
