#!/usr/bin/env bash
# adapters/lambda's real-runtime tests run AWS's runtime interface client, aws-lambda-ric, an
# optional dependency whose install compiles curl, aws-lambda-cpp and an N-API addon. This installs
# the tools that build needs when one is missing (Debian packages), before `pnpm install`.
# With `--check` (after the install) it fails when the client was not built: CI must run the real
# runtime rather than skip it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--check" ]; then
  addon=$(ls adapters/lambda/node_modules/aws-lambda-ric/rapid-client.node 2>/dev/null || true)
  if [ -z "$addon" ]; then
    echo "aws-lambda-ric was not built (adapters/lambda/node_modules/aws-lambda-ric/rapid-client.node is missing): see the pnpm install output." >&2
    exit 1
  fi
  exit 0
fi

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v xz >/dev/null 2>&1 || missing+=(xz-utils)
# curl's bundled sources ship a generated configure: autoconf and libtool are not needed.
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "aws-lambda-ric needs ${missing[*]} to build, and apt-get is unavailable: its tests will be skipped." >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing the build tools of aws-lambda-ric: ${missing[*]}..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
