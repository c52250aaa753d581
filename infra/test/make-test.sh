#!/usr/bin/env bash
# `make test`: every check of the repository in timed stages; the table of their times is printed
# at the end and kept in test-output/stage-times.txt (stages.sh). On two cores no single stage
# keeps both busy all the time, so some run side by side: ESLint (one thread) beside `tsc -b` and
# the web build, and the browser journeys (one browser, one test at a time) beside jest. The
# fault-injection suite runs after them alone: it holds the platform's recovery to 30 s.
set -uo pipefail
cd "$(dirname "$0")/../.."
source infra/test/stages.sh

stages_begin 'make test'
stage install make --no-print-directory install
stage tools bash infra/dev/ensure-tools.sh nats-server chromium
stage_bg lint npm run lint
stage tsc npx tsc -b
# the web build (as `npm run build -w @cti/web` makes it), held to the initial JavaScript budget of /index
stage web-build node web/scripts/bundle-report.mjs --outDir web/dist --sourcemap
stage_bg e2e npx jest -c e2e/jest.config.js
stage jest npx jest
stage_wait lint e2e
stage faults npx jest -c infra/faults/jest.config.js
# In CI, the scale-out suite too, alone and last, at a reduced load (`make test-scale` runs it
# whole): two replicas of everything behind HAProxy and a three-node NATS cluster, through kills
# and a rolling restart. About 5 minutes; run.sh installs HAProxy if it is missing.
if [ "${CI:-}" = true ]; then
  stage scale env SCALE_LOAD=reduced bash infra/scale/run.sh
fi
