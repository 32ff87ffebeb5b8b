#!/usr/bin/env bash
# adapters/lambda's real-runtime tests run AWS's runtime interface client, aws-lambda-ric, whose
# install compiles curl, aws-lambda-cpp and an N-API addon (about 75 s on 2 cores). So that
# `pnpm install` and `pnpm start` build nothing native, it is no dependency of any package: this
# installs it on demand (adapters/lambda's `test` script runs this first) into
# ${XDG_CACHE_HOME:-~/.cache}/filing-mcp/aws-lambda-ric-<version>, where the tests find it
# (adapters/lambda/test/support/lambda-ric.ts), at the version of adapters/lambda's
# package.json "config.awsLambdaRic". Installed once; later runs return at once.
# Missing build tools are installed with apt-get where it can be (Debian packages). Where the client
# cannot be built, the real-runtime tests are skipped and say why; under CI=true that fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(node -p "require('./adapters/lambda/package.json').config.awsLambdaRic")
prefix="${AWS_LAMBDA_RIC_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/filing-mcp/aws-lambda-ric-$version}"
addon="$prefix/node_modules/aws-lambda-ric/rapid-client.node"
[ -f "$addon" ] && exit 0

unavailable() {
  if [ "${CI:-}" = "true" ]; then
    echo "CI=true: $1" >&2
    exit 1
  fi
  echo "$1: adapters/lambda's real-runtime tests will be skipped." >&2
  exit 0
}

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v xz >/dev/null 2>&1 || missing+=(xz-utils)
# curl's bundled sources ship a generated configure: autoconf and libtool are not needed.
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null 2>&1 || unavailable "aws-lambda-ric needs ${missing[*]} to build, and apt-get is unavailable"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "Installing the build tools of aws-lambda-ric: ${missing[*]}..." >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "Installing aws-lambda-ric@$version into $prefix (compiles its native client, about a minute)..." >&2
mkdir -p "$prefix"
log="$prefix/install.log"
if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --foreground-scripts \
  "aws-lambda-ric@$version" >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  unavailable "aws-lambda-ric@$version did not install (log: $log)"
fi
[ -f "$addon" ] || unavailable "aws-lambda-ric@$version installed without its native client ($addon; log: $log)"
echo "aws-lambda-ric@$version built ($prefix)." >&2
