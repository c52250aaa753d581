#!/usr/bin/env bash
# `make test-under-load`: the whole suite (`make test`) twice in a row while a CPU hog keeps
# the machine busy, to show that no test depends on the machine's speed.
#   LOAD_WORKERS  CPU hogs to run (default: the number of cores)
#   LOAD_RUNS     how many times to run the suite (default 2)
# The hog is stress-ng (Debian package, installed when possible) or, without it, busy node loops.
set -euo pipefail
cd "$(dirname "$0")/../.."

workers="${LOAD_WORKERS:-$(nproc 2>/dev/null || echo 2)}"
runs="${LOAD_RUNS:-2}"
hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${hogs[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_hogs EXIT

OPTIONAL_TOOLS=stress-ng bash infra/dev/ensure-tools.sh stress-ng
if command -v stress-ng >/dev/null 2>&1; then
  stress-ng --cpu "$workers" --timeout 0 --quiet &
  hogs+=($!)
  echo "Load: stress-ng --cpu $workers (pid ${hogs[0]})"
else
  for _ in $(seq "$workers"); do
    node -e 'for (;;) {}' &
    hogs+=($!)
  done
  echo "Load: $workers busy node loops (pids ${hogs[*]})"
fi

results=()
status=0
for run in $(seq "$runs"); do
  echo "=== make test, run $run of $runs, under load (load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)) ==="
  started=$(date +%s)
  if make test; then outcome=passed; else outcome=FAILED; status=1; fi
  results+=("run $run: $outcome in $(( $(date +%s) - started )) s")
  echo "=== run $run $outcome ==="
done
echo
printf '%s\n' "${results[@]}"
exit "$status"
