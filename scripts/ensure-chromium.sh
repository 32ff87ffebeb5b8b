#!/usr/bin/env bash
# The companion pages' browser tests drive Debian's Chromium through playwright-core
# (`npx playwright install` cannot download a browser on this network). Install it when missing,
# so that `pnpm test` passes on a fresh machine. Skipped when CHROMIUM_PATH points at a browser.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM and apt-get is unavailable: install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing Debian's chromium for the browser tests..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
