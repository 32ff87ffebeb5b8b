// Ours: the Node adapter (createNodeServer from @filing-mcp/node) on real PostgreSQL through pg and
// Kysely, configured as in production: default request log (JSON lines on stdout, which the
// orchestrator sends to /dev/null), node:crypto hashing, the core's default credential cache unless
// AUTH_CACHE_TTL_MS says otherwise.
import { createRequire } from 'node:module';
import { filingPool, pgPoolOptions, resolveDatabaseSettings } from '@filing-mcp/filing-domain';
import { createNodeServer, startTelemetry } from '@filing-mcp/node';
import { Kysely, PostgresDialect } from 'kysely';
import { announce } from '../lib/report.mjs';

// BENCH_TELEMETRY=1 (pnpm bench -- --telemetry): the OpenTelemetry Node SDK exports traces and
// metrics over OTLP (http/protobuf) to the orchestrator's receiver, as `serve` does with
// OTEL_EXPORTER_OTLP_ENDPOINT. Started before `pg` is loaded, so the pg instrumentation wraps it.
if (process.env.BENCH_TELEMETRY === '1') {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = process.env.BENCH_OTLP_ENDPOINT;
  process.env.OTEL_LOGS_EXPORTER = 'none';
}
const telemetry = await startTelemetry(process.env);
const pg = createRequire(import.meta.url)('pg');

// The pool the Node adapter builds: the shared database settings, time limits included.
// Named statements on, as the Node adapter's default (DATABASE_NAMED_STATEMENTS).
const settings = resolveDatabaseSettings(undefined, {
  poolMax: Number(process.env.BENCH_DB_POOL ?? 10),
  namedStatements: true,
});
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, ...pgPoolOptions(settings) });
const db = new Kysely({ dialect: new PostgresDialect({ pool: filingPool(pool, settings) }) });
const ttl = process.env.AUTH_CACHE_TTL_MS;

const node = await createNodeServer({
  db,
  port: 0,
  host: '127.0.0.1',
  config: {
    appUrl: 'http://127.0.0.1/app',
    session: { secret: process.env.SESSION_JWT_SECRET },
    // A load test from one address with one credential: the abuse limits would answer 429 (RATE_LIMITS=off).
    rateLimits: false,
    ...(ttl !== undefined && ttl !== '' && { authCacheTtlMs: Number(ttl) }),
  },
  onClose: async () => {
    await db.destroy();
    await telemetry?.shutdown();
  },
});

announce(Number(new URL(node.origin).port), () => node.close());
