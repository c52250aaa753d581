#!/usr/bin/env bash
# `make test-scale`: the scale-out suite (infra/scale). Two replicas of every service, two gateways
# behind HAProxy and a three-node NATS JetStream cluster under load, through kills and a rolling
# restart; the report goes to test-output/scale-report.txt. 10 to 20 minutes on a loaded 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/dev/ensure-tools.sh nats-server haproxy
npx tsc -b
npx jest -c infra/scale/jest.config.js "$@"
