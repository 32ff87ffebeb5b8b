# syntax=docker/dockerfile:1
# The Node adapter (`filing-mcp serve`) for a host with PostgreSQL; see "Deploying to a Node host
# with PostgreSQL" in the README. Multi-stage: the image holds the built server and its production
# dependencies, installed from the lockfile inside the build; nothing of the host's node_modules.
# adapters/node/test/dockerfile.test.ts checks that these commands are the README's and .ci/run's.

FROM node:22-slim AS base
# The pnpm of package.json's packageManager, installed with npm as .ci/run does (corepack cannot
# fetch it on every network).
RUN npm install -g pnpm@10.34.8
# No TTY here: pnpm may replace node_modules without asking.
ENV CI=true
WORKDIR /srv

FROM base AS build
COPY . .
RUN pnpm install --frozen-lockfile && pnpm turbo run build --filter=@filing-mcp/node...

FROM build AS deploy
# Only what the server runs: the node adapter's workspace packages and their dependencies.
RUN pnpm install --frozen-lockfile --prod --filter=@filing-mcp/node... \
  && rm -rf bench examples docs scripts .ci

FROM node:22-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /srv
COPY --from=deploy --chown=node:node /srv /srv
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "adapters/node/dist/cli.js", "serve"]
