# Shared helpers for the ops scripts: paths, ports, process bookkeeping under ./var.
# Sourced, never run. Every service script is idempotent: start on a running service is a no-op.
set -euo pipefail

VERSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSE_VAR="${VERSE_VAR_DIR:-$VERSE_ROOT/var}"
VERSE_CACHE="$VERSE_VAR/cache"
VERSE_RUN="$VERSE_VAR/run"
VERSE_LOGS="$VERSE_VAR/log"
mkdir -p "$VERSE_CACHE" "$VERSE_RUN" "$VERSE_LOGS"

KAFKA_PORT="${VERSE_KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${VERSE_KAFKA_CONTROLLER_PORT:-9093}"
CASSANDRA_PORT="${VERSE_CASSANDRA_PORT:-9042}"
CASSANDRA_STORAGE_PORT="${VERSE_CASSANDRA_STORAGE_PORT:-7000}"
REDIS_PORT="${VERSE_REDIS_PORT:-6379}"
REGISTRY_PORT="${VERSE_REGISTRY_PORT:-8081}"

log() { printf '[ops %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# wait_for NAME SECONDS CHECK...: polls CHECK until it succeeds; shows the service log tail on timeout.
wait_for() {
  local name=$1 seconds=$2; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      log "$name did not become ready in ${seconds}s; last log lines:"
      tail -n 30 "$VERSE_LOGS/$name.log" >&2 || true
      return 1
    fi
    if ! running "$name"; then
      log "$name exited; last log lines:"
      tail -n 30 "$VERSE_LOGS/$name.log" >&2 || true
      return 1
    fi
    sleep 1
  done
}

pidfile() { echo "$VERSE_RUN/$1.pid"; }

running() {
  local f
  f=$(pidfile "$1")
  [[ -f $f ]] && kill -0 "$(cat "$f")" 2>/dev/null
}

# spawn NAME CMD...: starts CMD detached in its own session, logging to var/log/NAME.log.
spawn() {
  local name=$1; shift
  setsid "$@" >>"$VERSE_LOGS/$name.log" 2>&1 < /dev/null &
  echo $! >"$(pidfile "$name")"
}

# halt NAME: TERM the process group, then KILL after a grace period.
halt() {
  local name=$1 f pid
  f=$(pidfile "$name")
  [[ -f $f ]] || return 0
  pid=$(cat "$f")
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping $name ($pid)"
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$f"
}

# maven_runtime NAME DIR: resolves the pom in ops/maven/NAME into DIR once (cached).
maven_runtime() {
  local name=$1 dest=$2
  [[ -f $dest/.complete ]] && return 0
  command -v mvn >/dev/null || die "mvn is required (Maven with JDK 17)"
  log "resolving $name jars from Maven Central into $dest"
  rm -rf "$dest"
  (cd "$VERSE_ROOT/ops/maven/$name" && mvn -q -B dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$dest/libs")
  touch "$dest/.complete"
}

# fetch_verified URL DEST: downloads once and checks the artifact against Maven Central's SHA-1.
fetch_verified() {
  local url=$1 dest=$2
  [[ -f $dest ]] && return 0
  log "downloading $url"
  curl -fsSL --retry 3 -o "$dest.part" "$url"
  local want got
  want=$(curl -fsSL --retry 3 "$url.sha1" | cut -c1-40)
  got=$(sha1sum "$dest.part" | cut -c1-40)
  [[ $want == "$got" ]] || die "checksum mismatch for $url (want $want, got $got)"
  mv "$dest.part" "$dest"
}

java17() {
  command -v java >/dev/null || die "java (JDK 17) is required"
  local v
  v=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  [[ $v -ge 17 ]] || die "JDK 17 or newer is required (found $v)"
}

# apt_install PKG...: Debian packages, as root directly or through sudo.
apt_install() {
  local sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  command -v apt-get >/dev/null || die "apt-get not found: install $* by hand"
  if [[ ! -f $VERSE_VAR/.apt-updated ]]; then
    $sudo apt-get update -qq && touch "$VERSE_VAR/.apt-updated"
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
