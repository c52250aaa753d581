# The two commands: `make start` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := help
WORKSPACE_MANIFESTS := $(wildcard libs/*/package.json services/*/package.json web/package.json infra/dev/package.json infra/lint/package.json e2e/package.json examples/*/package.json)

.PHONY: help install build start status lint test test-fast test-unit test-e2e test-faults test-scale test-under-load bench bench-growth clean

help:
	@echo "make start            run the whole platform with demo data on http://localhost:8080"
	@echo "make status           each process of a running 'make start': state, restarts, readiness"
	@echo "make test             lint (ESLint, Prettier, knip), then every test (unit, service, browser journeys, fault injection); prints each stage's time"
	@echo "make test-fast        lint, tsc and the tests of the packages changed against main (BASE=<branch> to compare with another)"
	@echo "make lint             ESLint, Prettier and knip alone (npm run lint; npm run lint:fix repairs what it can)"
	@echo "make test-faults      the fault-injection suite alone (kill -9 NATS and services, Postgres restarts)"
	@echo "make test-scale       two replicas of everything and a 3-node NATS cluster under load, through kills and a rolling restart"
	@echo "make test-under-load  the whole suite twice in a row while a CPU hog loads the machine"
	@echo "make bench            the performance budgets, measured (bench/README.md; ONLY=<phase,…>; not part of make test)"
	@echo "make bench-growth     the index's reads at demo size and at 200 countries × 20 periods (bench/README.md; seeds once)"

# npm dependencies, installed when missing or when a manifest changed
node_modules/.installed: package.json package-lock.json $(WORKSPACE_MANIFESTS)
	# `npm install`, not `npm ci`: this registry mirror omits other platforms' optional packages from the lockfile, which npm ci rejects
	npm install --no-audit --no-fund
	@touch $@

install: node_modules/.installed
	@# the commit-msg hook (.githooks): only in a git work tree, and not over hooks set up otherwise
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ -z "$$(git config core.hooksPath)" ]; then git config core.hooksPath .githooks; fi

build: install
	npx tsc -b
	npm run build -w @cti/web

# The same system tools as `make test`; when Chromium cannot be had the platform starts
# all the same (documents answers PDF requests 503 and picks Chromium up once installed).
start: export OPTIONAL_TOOLS := chromium
start: build
	bash infra/dev/ensure-tools.sh nats-server chromium $(if $(filter-out 1,$(or $(REPLICAS),1)),haproxy)
	node infra/dev/dist/start.js

status:
	@test -f infra/dev/dist/status.js || { echo "Nothing built yet: make start builds and starts the platform."; exit 3; }
	@node infra/dev/dist/status.js

lint: install
	npm run lint

# The stages (install, tools, lint beside tsc and the web build, jest, browser journeys, faults)
# are in infra/test/make-test.sh, which times each and prints the table at the end.
test:
	bash infra/test/make-test.sh

test-fast: install
	bash infra/test/test-fast.sh

test-unit: install
	npx tsc -b
	npx jest

test-e2e: build
	npx jest -c e2e/jest.config.js

test-faults: install
	bash infra/dev/ensure-tools.sh nats-server chromium
	npx tsc -b
	npx jest -c infra/faults/jest.config.js

test-scale: install
	bash infra/scale/run.sh

test-under-load: install
	bash infra/test/under-load.sh

bench: install
	bash infra/dev/ensure-tools.sh nats-server chromium
	npx tsc -b
	npm run build -w @cti/web
	node bench/dist/budgets.js

bench-growth: install
	npx tsc -b
	node bench/dist/data-growth.js

clean:
	rm -rf node_modules */*/dist web/dist test-output
