#!/usr/bin/env bash
# `make test-fast`: the inner loop. What changed against main (BASE, default `main`: committed on
# this branch since it forked, staged, unstaged and new files), and only that: ESLint and Prettier
# on the changed files, `tsc -b` (incremental), and the jest tests of the workspace packages that
# hold a changed file (a change under infra/test runs infra/test). Lint runs beside tsc and jest;
# it includes the folder-cycle check, which reads the whole tree in seconds.
# Not checked here, `make test` does: knip, the browser journeys, the fault suite, packages that
# merely depend on a changed one.
set -uo pipefail
cd "$(dirname "$0")/../.."
source infra/test/stages.sh
STAGES_TABLE=test-output/stage-times-fast.txt
STAGES_DIR=test-output/stages-fast

base="${BASE:-main}"
# a clone has main as origin/main only
git rev-parse --verify -q "$base^{commit}" >/dev/null || ! git rev-parse --verify -q "origin/$base^{commit}" >/dev/null || base="origin/$base"
if ! fork=$(git merge-base HEAD "$base" 2>/dev/null); then
  echo "make test-fast compares with '$base', which this repository does not have: BASE=<branch or commit> make test-fast" >&2
  exit 2
fi
mapfile -t changed < <({
  git diff --name-only --diff-filter=d "$fork"
  git ls-files --others --exclude-standard
} | sort -u)

# The workspace package (or infra/test) holding each changed file
mapfile -t packages < <(for file in "${changed[@]}"; do
  case "$file" in
    libs/*/* | services/*/*) echo "$file" | cut -d/ -f1-2 ;;
    # an example is a standalone client: its test lives in infra/test/examples
    infra/test/* | infra/dev/* | examples/*/*) echo infra/test ;;
    infra/lint/*) echo infra/lint ;;
    web/*) echo web ;;
  esac
done | sort -u)
mapfile -t lintable < <(printf '%s\n' "${changed[@]}" | grep -E '\.(ts|tsx|js|mjs|cjs)$' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
mapfile -t formattable < <(printf '%s\n' "${changed[@]}" | while read -r f; do [ -f "$f" ] && echo "$f"; done)

echo "Changed against $base ($(git rev-parse --short "$fork")): ${#changed[@]} files; packages: ${packages[*]:-none}"
stages_begin 'make test-fast'
lint() {
  local status=0
  if [ ${#formattable[@]} -gt 0 ]; then node_modules/.bin/prettier --check --ignore-unknown "${formattable[@]}" || status=1; fi
  if [ ${#lintable[@]} -gt 0 ]; then
    node --max-old-space-size=12288 node_modules/eslint/bin/eslint.js --cache --cache-location node_modules/.cache/eslint/ "${lintable[@]}" || status=1
  fi
  # a folder cycle is made by a change in one file but lives in the folders it joins
  node infra/lint/folder-cycles.mjs || status=1
  return "$status"
}
unit_and_service_tests() {
  [ ${#packages[@]} -eq 0 ] && { echo 'no package changed: no tests to run'; return 0; }
  # jest reads its arguments as patterns of test paths: one per package folder
  npx jest $(printf "$PWD/%s/ " "${packages[@]}")
}
stage_bg lint lint
stage tsc npx tsc -b
stage jest unit_and_service_tests
stage_wait lint
