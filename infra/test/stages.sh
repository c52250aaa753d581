# Timed stages for `make test` and `make test-fast` (sourced, not run). Each stage's start, end
# and exit status go to $STAGES_DIR; when the script exits, a table of them is printed and
# written to $STAGES_TABLE (default test-output/stage-times.txt), with the machine's load.
#
#   stage NAME CMD...        runs CMD in the foreground; on failure the script stops with its status
#   stage_bg NAME CMD...     starts CMD in the background, its output kept in $STAGES_DIR/NAME.log
#   stage_wait NAME...       waits for background stages, prints their output, stops on a failure
#   stages_begin TITLE       starts the clock (call first)

STAGES_DIR="${STAGES_DIR:-test-output/stages}"
STAGES_TABLE="${STAGES_TABLE:-test-output/stage-times.txt}"
declare -A STAGE_PIDS=()

_now() { date +%s.%N; }
_minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a - b }'; }
_load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'; }

# CPU seconds (user + system) of this shell's waited-for children so far, into CHILDREN_CPU
# (`times` must run in this very shell: a subshell has children of its own)
_children_cpu() {
  local self children
  times >"$STAGES_DIR/.times.$$"
  { read -r self; read -r children; } <"$STAGES_DIR/.times.$$"
  rm -f "$STAGES_DIR/.times.$$"
  CHILDREN_CPU=$(awk -v t="$children" 'BEGIN { n = split(t, p, /[ ms]+/); s = 0; for (i = 1; i + 1 <= n; i += 2) s += p[i] * 60 + p[i + 1]; printf "%.1f", s }')
}

# Runs one stage and records it: `name start end status cpu` in $STAGES_DIR/name.time
_run_stage() {
  local name=$1 started ended status cpu0
  shift
  _children_cpu
  cpu0=$CHILDREN_CPU
  started=$(_now)
  "$@"
  status=$?
  ended=$(_now)
  _children_cpu
  echo "$name $started $ended $status $(_minus "$CHILDREN_CPU" "$cpu0")" >"$STAGES_DIR/$name.time"
  return "$status"
}

stages_begin() {
  STAGES_TITLE=$1
  STAGES_T0=$(_now)
  STAGES_LOAD0=$(_load)
  rm -rf "$STAGES_DIR"
  mkdir -p "$STAGES_DIR" "$(dirname "$STAGES_TABLE")"
  trap _stages_end EXIT
  trap 'exit 130' INT TERM
}

stage() {
  local name=$1
  shift
  echo "━━━ ${name} ($(date +%H:%M:%S))"
  _run_stage "$name" "$@" || {
    local status=$?
    echo "━━━ ${name} failed (exit ${status})"
    exit "$status"
  }
}

stage_bg() {
  local name=$1
  shift
  echo "━━━ ${name} started in the background ($(date +%H:%M:%S)); its output follows when it ends"
  # a process group of its own (job control on for this one job), so a failure elsewhere stops all of it
  set -m
  _run_stage "$name" "$@" >"$STAGES_DIR/$name.log" 2>&1 </dev/null &
  set +m
  STAGE_PIDS[$name]=$!
  _now >"$STAGES_DIR/$name.started"
}

stage_wait() {
  local name status
  for name in "$@"; do
    wait "${STAGE_PIDS[$name]}"
    status=$?
    unset "STAGE_PIDS[$name]"
    echo "━━━ ${name} (ran in the background) output:"
    cat "$STAGES_DIR/$name.log"
    if [ "$status" -ne 0 ]; then
      echo "━━━ ${name} failed (exit ${status})"
      exit "$status"
    fi
  done
}

_stages_end() {
  local status=$? name pid
  for name in "${!STAGE_PIDS[@]}"; do
    pid=${STAGE_PIDS[$name]}
    kill -TERM -- "-$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    [ -f "$STAGES_DIR/$name.time" ] || echo "$name $(cat "$STAGES_DIR/$name.started") $(_now) stopped ?" >"$STAGES_DIR/$name.time"
    echo "━━━ ${name} stopped (another stage failed); its output so far: $STAGES_DIR/$name.log"
  done
  local ended
  ended=$(_now)
  {
    echo
    echo "${STAGES_TITLE}: stage times ($(nproc 2>/dev/null || echo '?') cores; load average $STAGES_LOAD0 at the start, $(_load) at the end)"
    printf '%-28s %9s %9s %9s  %s\n' stage 'start (s)' 'took (s)' 'cpu (s)' result
    cat "$STAGES_DIR"/*.time 2>/dev/null | sort -k2 -n | while read -r name started finished code cpu; do
      printf '%-28s %9.1f %9.1f %9s  %s\n' "$name" "$(_minus "$started" "$STAGES_T0")" "$(_minus "$finished" "$started")" "$cpu" \
        "$(case $code in 0) echo ok ;; stopped) echo stopped ;; *) echo "FAILED ($code)" ;; esac)"
    done
    printf '%-28s %9s %9.1f %9s  %s\n' 'wall clock' '' "$(_minus "$ended" "$STAGES_T0")"  "$([ "$status" = 0 ] && echo passed || echo "FAILED ($status)")"
  } | tee "$STAGES_TABLE"
  exit "$status"
}
