// The variables of running the server: the Node adapter's operations, telemetry, Vercel and Lambda.
import { code, type EnvironmentVariable } from '../environment-variable.js';
import { DEFAULT_PACKET_BUILD_LIMITS, DEFAULT_READINESS_TIMEOUT_MS } from '../defaults.js';

/** The variables of the configuration page's section "Operations (Node adapter)". */
export const OPERATIONS_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'LOG_LEVEL',
    default: '`info`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      '`debug`, `info`, `warn`, `error` or `silent`. One line per request at `info`. Client disconnects are logged at `debug`; every string value of a log line is cut to 200 characters, without control characters. At `debug` the CLI also prints the stack of an error it stops on.',
  },
  {
    name: 'LOG_FORMAT',
    default: '`json`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      '`json` (one object per line on stdout: `method`, `path` without query, `status`, `duration_ms`, `request_id`, `user_id`, `credential_prefix`) or `text`. Never a token, code, secret or query string.',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '`10000`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      'On SIGTERM/SIGINT: how long in-flight requests may take to finish before connections are cut.',
  },
  {
    name: 'OAUTH_CLEANUP_INTERVAL_MS',
    default: '`300000`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      'How often expired authorization codes and tokens, abandoned clients (see `OAUTH_UNUSED_CLIENT_TTL_SECONDS`) and past rate-limit counters are deleted; `0` disables.',
  },
  {
    name: 'READINESS_TIMEOUT_MS',
    default: code(DEFAULT_READINESS_TIMEOUT_MS),
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      'How long `GET /readyz` waits for the database before answering 503 `database_timeout` (1 to 60000).',
  },
];

/** The variables of the configuration page's section "Packets". */
export const PACKET_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'PACKET_CACHE_MAX_BYTES',
    default: `${code(DEFAULT_PACKET_BUILD_LIMITS.cacheMaxBytes)} (64 MiB)`,
    adapters: 'all',
    section: 'Packets',
    description:
      "Bytes of built packets kept in memory per process, keyed by filing, kind, format, the filing's last change and the day: repeated downloads and reads of an unchanged filing build nothing. Least recently used dropped first; `0` keeps none. See [Performance](performance.md#packets-built-once-queued-with-a-bound).",
  },
  {
    name: 'PACKET_BUILD_CONCURRENCY',
    default: code(DEFAULT_PACKET_BUILD_LIMITS.concurrency),
    adapters: 'all',
    section: 'Packets',
    description: 'Packet builds that run at once per process (on Node, one packet worker thread each).',
  },
  {
    name: 'PACKET_QUEUE_DEPTH',
    default: code(DEFAULT_PACKET_BUILD_LIMITS.queueDepth),
    adapters: 'all',
    section: 'Packets',
    description:
      'Packet builds that may wait for a free slot. Past it a new build is refused at once: 503 with `Retry-After` (JSON-RPC `-32005` on MCP). Callers of a packet already being built join that build and cost no slot.',
  },
  {
    name: 'PACKET_BUILDS_PER_USER',
    default: code(DEFAULT_PACKET_BUILD_LIMITS.perUser),
    adapters: 'all',
    section: 'Packets',
    description:
      "Packet builds of one user's filings running or waiting at once; past it, 503 with `Retry-After`, so one user cannot fill the queue.",
  },
  {
    name: 'PACKET_WORKER_MAX_MEMORY_MB',
    default: '`512`',
    adapters: ['node'],
    section: 'Packets',
    description:
      'Heap limit of each packet worker thread (`resourceLimits.maxOldGenerationSizeMb`). A worker that dies (out of memory or otherwise) takes only the build it held, which is retried once on a new worker; if that fails too, the answer is 503 with `Retry-After`.',
  },
];

/** The variables of the configuration page's section "Telemetry". */
export const TELEMETRY_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset',
    adapters: ['node'],
    section: 'Telemetry',
    description:
      'Turns on OpenTelemetry traces and metrics, exported over OTLP to this collector (e.g. `http://otel-collector:4318`). `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`, `OTEL_TRACES_EXPORTER` or `OTEL_METRICS_EXPORTER` do too. Unset: the SDK is not even loaded. See [Telemetry](telemetry.md).',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    default: '`http/protobuf`',
    adapters: ['node'],
    section: 'Telemetry',
    description: '`http/protobuf`, `http/json` or `grpc`.',
  },
  {
    name: 'OTEL_SERVICE_NAME',
    default: '`filing-mcp`',
    adapters: ['node'],
    section: 'Telemetry',
    description:
      'The service name of the exported telemetry. The other standard `OTEL_*` variables (`OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER`, `OTEL_METRIC_EXPORT_INTERVAL`, `OTEL_NODE_RESOURCE_DETECTORS`, default `env,host,os,serviceinstance`; `OTEL_SDK_DISABLED=true` turns the SDK off) work as documented by OpenTelemetry.',
  },
];

/** The variables of the configuration page's section "Vercel and Lambda". */
export const SERVERLESS_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'MIGRATE_ON_START',
    default: '`false`',
    adapters: ['vercel', 'lambda'],
    section: 'Vercel and Lambda',
    description:
      '`true` runs the migrations when an instance starts (Lambda: on the first invocation of each container). Otherwise run `pnpm filing-mcp migrate` with the same `DATABASE_URL`.',
  },
  {
    name: 'POSTGRES_URL',
    default: 'unset',
    adapters: ['vercel'],
    section: 'Vercel and Lambda',
    description:
      "The PostgreSQL connection string when `DATABASE_URL` is unset (the variable Vercel's Postgres integrations set).",
  },
  {
    name: 'CRON_SECRET',
    default: 'unset (required on Vercel)',
    adapters: ['vercel'],
    section: 'Vercel and Lambda',
    description:
      'The secret Vercel Cron sends as `Authorization: Bearer ...` to the OAuth cleanup function, compared in constant time; 16 or more random characters. While unset the cleanup answers 500.',
  },
  {
    name: 'LAMBDA_STRIP_STAGE',
    default: '`false`',
    adapters: ['lambda'],
    section: 'Vercel and Lambda',
    description:
      '`true` removes a named HTTP API stage (`/prod`) from the path before the core sees it. Leave it off when `MCP_BASE_URL` includes the stage (the `execute-api` address does).',
  },
  {
    name: 'LAMBDA_BASE_PATH',
    default: 'unset',
    adapters: ['lambda'],
    section: 'Vercel and Lambda',
    description:
      "A path prefix removed before the core sees the request (e.g. an API mapping key the core's base path does not include).",
  },
];
