#!/usr/bin/env bash
# Installs the system tools the stack and its tests use, when missing:
#   nats-server (JetStream event bus), chromium (browser journeys, PDF rendering).
# Uses apt-get (Debian/Ubuntu) as root or through sudo; otherwise says what to install.
set -euo pipefail

declare -A BINARY=([nats-server]=nats-server [chromium]=chromium)
missing=()
for pkg in "$@"; do
  bin="${BINARY[$pkg]:-$pkg}"
  if ! command -v "$bin" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$bin" ] && [ ! -x "/usr/bin/$bin" ]; then missing+=("$pkg"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else SUDO="none"; fi
  if [ "$SUDO" != "none" ]; then
    echo "Installing ${missing[*]} with apt-get…"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
    exit 0
  fi
fi
echo "Missing: ${missing[*]}. Install them (Debian/Ubuntu: apt-get install ${missing[*]}; macOS: brew install nats-server chromium)." >&2
exit 1
