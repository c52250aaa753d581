# The two commands: `make start` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := help
WORKSPACE_MANIFESTS := $(wildcard libs/*/package.json services/*/package.json web/package.json infra/dev/package.json e2e/package.json examples/*/package.json)

.PHONY: help install build start test test-unit test-e2e clean

help:
	@echo "make start   run the whole platform with demo data on http://localhost:8080"
	@echo "make test    run every test (unit, service, browser journeys)"

# npm dependencies, installed when missing or when a manifest changed
node_modules/.installed: package.json package-lock.json $(WORKSPACE_MANIFESTS)
	# `npm install`, not `npm ci`: this registry mirror omits other platforms' optional packages from the lockfile, which npm ci rejects
	npm install --no-audit --no-fund
	@touch $@

install: node_modules/.installed

build: install
	npx tsc -b
	npm run build -w @cti/web

start: build
	bash infra/dev/ensure-tools.sh nats-server
	node infra/dev/dist/start.js

test: install
	bash infra/dev/ensure-tools.sh nats-server chromium
	npx tsc -b
	npx jest
	npm run build -w @cti/web
	npx jest -c e2e/jest.config.js

test-unit: install
	npx tsc -b
	npx jest

test-e2e: build
	npx jest -c e2e/jest.config.js

clean:
	rm -rf node_modules */*/dist web/dist test-output
