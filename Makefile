# Two commands for a fresh machine (see README.md):
#   make up    install what is missing, start Kafka, Cassandra, Redis, the schema registry, the
#              speech engine, then the gateway and every processor on 127.0.0.1:8000
#   make test  the same set-up, then lint, type-check and every test suite
# make down stops everything `make up` started. Everything lives under ./var.

SHELL := /bin/bash
.DEFAULT_GOAL := help
STAMP := var/stamps
# Everything make runs is a local run, in development mode; `make up` also writes var/verse.env so
# that bin/verse run by hand does the same. Production is the default anywhere else (core/config.ts).
export VERSE_MODE ?= development


.PHONY: help setup test-setup up down test lint typecheck test-unit test-integration test-e2e test-hostile test-browser test-faults test-engine test-containers test-cluster cluster-up cluster-down bench bench-engine bench-volume status

help:
	@echo "make up | make test | make down | make status | make bench | make bench-volume | make bench-engine"

$(STAMP):
	@mkdir -p $(STAMP)

# npm packages, reinstalled when the lockfile changes. `npm ci` is the only install path: it installs
# exactly the locked tree and never rewrites package-lock.json, so a fresh clone stays clean.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

schemas/generated: node_modules/.package-lock.json $(wildcard schemas/api/*.json schemas/topics/*.json schemas/engine/*.json) schemas/generate.ts
	npm run -s gen:types
	@touch $@

setup: node_modules/.package-lock.json schemas/generated
	ops/infra.sh install
	ops/engine.sh install

# Only the tests need a browser (the review page and studio tests).
test-setup: setup
	ops/browser.sh install
	ops/s3.sh install
	ops/schemathesis.sh install
	ops/clients.sh install
	ops/prometheus.sh install
	ops/ttml-schema.sh install

# Marks this checkout as a development install, so bin/verse run by hand starts in development mode.
var/verse.env:
	@mkdir -p var
	@printf '%s\n' '# Written by make up: this checkout runs in development mode.' \
	  'export VERSE_MODE="$${VERSE_MODE:-development}"' > $@

up: setup var/verse.env
	ops/infra.sh up
	ops/engine.sh start
	bin/verse migrate
	ops/service.sh start
	@echo "Verse is up: http://127.0.0.1:8000/api/v1/health  (create an organisation: bin/verse org create --name NAME)"

down:
	-ops/service.sh stop
	-ops/engine.sh stop
	-ops/s3.sh stop
	ops/infra.sh down

status:
	-ops/infra.sh health
	@ops/engine.sh health && echo "engine: up" || echo "engine: down"
	@ops/service.sh health && echo "verse: up" || echo "verse: down"

lint:
	npx biome check .

typecheck: schemas/generated
	npx tsc --noEmit

test-engine:
	ops/engine.sh test

test-unit:
	npx vitest run --project unit

test-integration test-e2e test-hostile test-browser test-faults: test-%:
	npx vitest run --project $*

test: test-setup
	ops/infra.sh up
	ops/engine.sh start
	ops/s3.sh start
	$(MAKE) lint typecheck test-engine
	@rm -rf var/test/services && mkdir -p var/test
	set -o pipefail; npx vitest run --project unit --project integration --project hostile --project e2e \
	  --project browser 2>&1 | tee var/test/main.log; rc=$$?; \
	  if [ $$rc -ne 0 ]; then echo "--- every failure of the main suite, named (its output is above):"; \
	    sed 's/\x1b\[[0-9;]*m//g' var/test/main.log | grep -E -A4 '^ *FAIL ' | cut -c1-240 | tail -n 100; \
	    echo "--- the errors and 503s the e2e services logged (var/test/services):"; \
	    grep -E '"level":(50|60)|SRV_001' var/test/services/*.log | cut -c1-400 | tail -n 40; fi; \
	  exit $$rc
	npx vitest run --project faults
	$(MAKE) test-containers
	$(MAKE) test-cluster

# The images (Dockerfile, engine/Dockerfile) built with podman on locally made bases, and the Verse
# services of docker-compose.yml started against the single-node stack that `make test` runs: one
# real song through them while the transcription container is killed. Prints the images' sizes.
test-containers: setup
	@started=$$(date +%s); ops/containers.sh build && ops/containers.sh up && \
	  npx vitest run --project containers; rc=$$?; \
	  ops/containers.sh down; ops/containers.sh sizes; \
	  echo "containers: $$(( $$(date +%s) - started )) s, exit $$rc"; exit $$rc

# The cluster proof (test/cluster): a three-node cluster of every store beside the single-node stack,
# killed node by node under load, then taken down again. Its engine hosts are a stand-in and the
# real engine, which takes one job in five.
test-cluster: setup
	VERSE_CLUSTER_ENGINE_WEIGHTS="4 1" ops/cluster.sh up
	@mkdir -p var/cluster
	set -o pipefail; npx vitest run --project cluster 2>&1 | tee var/cluster/vitest.log; rc=$$?; \
	  ops/cluster.sh down; \
	  if [ $$rc -ne 0 ]; then echo "--- the cluster test failed; its last words, after the teardown:"; \
	    tail -n 80 var/cluster/vitest.log; fi; exit $$rc

# A cluster to try by hand: every store three times over, HAProxy, and two of each Verse process
# (docs/deploy.md, "A cluster on one machine"). `make cluster-down` stops it all.
cluster-up: setup
	ops/cluster.sh up
	ops/cluster-app.sh start

cluster-down:
	-ops/cluster-app.sh stop
	ops/cluster.sh down

bench: setup
	ops/infra.sh up
	npx vitest run --project bench --exclude test/bench/volume.bench.test.ts

# 30 simulated days of one platform's changes through the real Cassandra tables
# (VERSE_VOLUME_JOBS_PER_DAY, default 1,000; docs/benchmarks.md has the figures).
bench-volume: setup
	ops/infra.sh up
	npx vitest run --project bench test/bench/volume.bench.test.ts

# The engine's benchmarks on ../shared/data/songs and on synthetic speech (5 min 15 s measured on 2 cores,
# before bench.derailment, which adds about 10 min).
bench-engine: setup
	cd engine && .venv/bin/python -m bench.songs
	cd engine && .venv/bin/python -m bench.alignment
	cd engine && .venv/bin/python -m bench.derailment
	cd engine && .venv/bin/python -m bench.lead_bias
	cd engine && .venv/bin/python -m bench.tts_fallback
	cd engine && .venv/bin/python -m bench.language_check --songs
	cd engine && .venv/bin/python -m bench.translation
	cd engine && .venv/bin/python -m bench.romanisation
