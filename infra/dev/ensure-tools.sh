#!/usr/bin/env bash
# Installs the system tools the stack and its tests use, when missing:
#   nats-server (JetStream event bus), chromium (browser journeys, PDF rendering), haproxy (the
#   round-robin front before the gateways when the runner starts replicas: make start REPLICAS=2, make test-scale).
# `make start` and `make test` ask for the same list. Tools named in OPTIONAL_TOOLS
# (make start: chromium) only warn when they cannot be had: the platform then runs
# without them (documents answers PDF requests 503 and retries Chromium by itself).
# Uses apt-get (Debian/Ubuntu) as root or through sudo; otherwise says what to install.
set -euo pipefail

declare -A BINARY=([nats-server]=nats-server [chromium]=chromium)
optional=" ${OPTIONAL_TOOLS:-} "
is_optional() { [[ "$optional" == *" $1 "* ]]; }
present() {
  local bin="${BINARY[$1]:-$1}"
  command -v "$bin" >/dev/null 2>&1 || [ -x "/usr/sbin/$bin" ] || [ -x "/usr/bin/$bin" ]
}

missing=()
for pkg in "$@"; do present "$pkg" || missing+=("$pkg"); done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO="none"
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
fi

if [ "$SUDO" != "none" ]; then
  echo "Installing ${missing[*]} with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq || echo "apt-get update failed; trying with the package lists at hand" >&2
  # all at once; when that fails, one by one, so an optional tool cannot block a required one
  if ! $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null; then
    for pkg in "${missing[@]}"; do $SUDO apt-get install -y -qq "$pkg" >/dev/null || true; done
  fi
fi

failed=()
for pkg in "${missing[@]}"; do
  present "$pkg" && continue
  if is_optional "$pkg"; then
    echo "Warning: $pkg is not installed and could not be installed; carrying on without it." >&2
    [ "$pkg" = chromium ] && echo "  PDF documents answer 503 until it is installed (apt-get install chromium); documents picks it up by itself." >&2
  else
    failed+=("$pkg")
  fi
done
[ ${#failed[@]} -eq 0 ] && exit 0
echo "Missing: ${failed[*]}. Install them (Debian/Ubuntu: apt-get install ${failed[*]}; macOS: brew install ${failed[*]})." >&2
exit 1
