# syntax=docker/dockerfile:1
# The Node adapter (`filing-mcp serve`) for a host with PostgreSQL; see docs/deploy-node.md.
# Multi-stage: the build stage installs the workspace from the lockfile and builds the server; the
# image holds only `pnpm deploy --prod` of @filing-mcp/node (its built files and its production
# dependencies, about 120 MB: no vitest, typescript, biome, turbo or embedded-postgres) on
# node:22-slim, run by the unprivileged `node` user.
# adapters/node/test/dockerfile.test.ts checks these commands against docs/deploy-node.md and
# .ci/run, and replays the deploy command to check what the production stage holds.

FROM node:22-slim AS build
# The pnpm of package.json's packageManager, installed with npm (corepack cannot fetch it on every
# network).
RUN npm install -g pnpm@10.34.8
# No TTY here: pnpm may replace node_modules without asking.
ENV CI=true
WORKDIR /srv
COPY . .
RUN pnpm install --frozen-lockfile && pnpm turbo run build --filter=@filing-mcp/node...
# `--legacy`: the workspace links its packages rather than injecting them, which pnpm 10's
# lockfile-based deploy requires.
RUN pnpm --filter=@filing-mcp/node deploy --prod --legacy /prod/filing-mcp

FROM node:22-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /srv
COPY --from=build --chown=node:node /prod/filing-mcp /srv
# WORKDIR made /srv root's: the server may write its embedded database's ./.data there.
RUN chown node:node /srv
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "bin/filing-mcp.js", "serve"]
