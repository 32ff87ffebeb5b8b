#!/usr/bin/env bash
# adapters/lambda's real-runtime tests run AWS's runtime interface client, aws-lambda-ric, whose
# install compiles curl, aws-lambda-cpp and an N-API addon (about 75 s on 2 cores). So that
# `pnpm install` and `pnpm start` build nothing native, it is no dependency of any package: this
# installs it on demand (adapters/lambda's `test` script runs this first) into
# ${XDG_CACHE_HOME:-~/.cache}/filing-mcp/aws-lambda-ric-<version>, where the tests find it
# (adapters/lambda/test/support/lambda-ric.ts), at the version of adapters/lambda's
# package.json "config.awsLambdaRic". Installed once; later runs return at once.
# Missing build tools are installed with apt-get where it can be (Debian packages). node-gyp builds
# against the headers of the Node.js that runs this (the official layout, or the `node` package that
# scripts/use-node.sh installs from the npm registry, which carries them): it never downloads them.
# Where the client cannot be built this fails, saying why and what to do, unless the suite is skipped
# by name: LAMBDA_RUNTIME_TESTS=skip (then the tests report the skip, and `pnpm test`'s summary too).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${LAMBDA_RUNTIME_TESTS:-}" = "skip" ]; then
  echo "LAMBDA_RUNTIME_TESTS=skip: adapters/lambda's real-runtime tests are skipped by request." >&2
  exit 0
fi

version=$(node -p "require('./adapters/lambda/package.json').config.awsLambdaRic")
prefix="${AWS_LAMBDA_RIC_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/filing-mcp/aws-lambda-ric-$version}"
addon="$prefix/node_modules/aws-lambda-ric/rapid-client.node"
[ -f "$addon" ] && exit 0

unavailable() {
  echo "$1." >&2
  echo "adapters/lambda's real-runtime tests cannot run. Fix the above, or skip them by name:" \
    "LAMBDA_RUNTIME_TESTS=skip pnpm test" >&2
  exit 1
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

# Node's headers, from the Node.js running this: node-gyp would otherwise fetch them from nodejs.org,
# which these machines cannot reach. The official layout has them at <prefix>/include/node; the
# `node` package of the npm registry at node_modules/node-<platform>-<arch>/include/node beside its
# bin/ (a copy of the binary).
nodedir=$(node -e '
  const { existsSync, readFileSync, readdirSync, realpathSync } = require("node:fs");
  const { dirname, join } = require("node:path");
  const root = dirname(dirname(realpathSync(process.execPath)));
  const candidates = [root];
  const nested = join(root, "node_modules");
  if (existsSync(nested)) {
    for (const name of readdirSync(nested)) if (name.startsWith("node-")) candidates.push(join(nested, name));
  }
  const [major, minor, patch] = process.versions.node.split(".");
  for (const dir of candidates) {
    const header = join(dir, "include", "node", "node_version.h");
    if (!existsSync(header)) continue;
    const text = readFileSync(header, "utf8");
    const has = (name, value) => new RegExp(`#define ${name} ${value}\\b`).test(text);
    if (has("NODE_MAJOR_VERSION", major) && has("NODE_MINOR_VERSION", minor) && has("NODE_PATCH_VERSION", patch)) {
      console.log(dir);
      process.exit(0);
    }
  }
  process.exit(1);
') || unavailable "No headers of Node.js $(node --version) beside $(node -p 'process.execPath') for node-gyp (and nodejs.org is not reachable): use the Node of scripts/use-node.sh, which carries them"
export npm_config_nodedir="$nodedir"

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
