import type { Meter, ObservableResult } from '@opentelemetry/api';
import type { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import type { Pool } from 'pg';
import { type Environment, setSdkDefault } from './settings.js';

/** A started OpenTelemetry SDK; `shutdown` flushes what is buffered and stops exporting. */
export interface Telemetry {
  shutdown(): Promise<void>;
}

// The standard variables that ask for an exporter. Any one of them set turns telemetry on.
const EXPORTER_VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'OTEL_TRACES_EXPORTER',
  'OTEL_METRICS_EXPORTER',
];

// Without the process detector: it copies the command line into every export.
const RESOURCE_DETECTORS = 'env,host,os,serviceinstance';

/** What the Node adapter's settings hold of telemetry; the SDK reads the other `OTEL_*` variables itself. */
export interface TelemetrySettings {
  /** {@link telemetryRequested}. */
  enabled: boolean;
  /** Whether `OTEL_SERVICE_NAME` is set; otherwise the service is named `filing-mcp`. */
  serviceNameSet: boolean;
}

/** The telemetry settings of `env`. */
export function telemetrySettingsFromEnv(env: Environment): TelemetrySettings {
  return { enabled: telemetryRequested(env), serviceNameSet: (env.OTEL_SERVICE_NAME ?? '').trim() !== '' };
}

/** Whether the environment asks for telemetry: an exporter variable is set and `OTEL_SDK_DISABLED` is not true. */
export function telemetryRequested(env: Environment): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return EXPORTER_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
}

/**
 * Starts the OpenTelemetry Node SDK (traces and metrics, exporters from the standard `OTEL_*`
 * variables, OTLP by default) with the PostgreSQL instrumentation, when {@link telemetryRequested}.
 * Otherwise it loads nothing at all: the SDK is imported on demand, so a server without telemetry
 * starts as fast as before. Call it before the database driver is loaded (`pg` is required lazily
 * by `openDatabase`), so that the instrumentation can wrap it. The SDK reads the standard `OTEL_*`
 * variables itself.
 *
 * @example
 * ```ts
 * const telemetry = await startTelemetry(telemetrySettingsFromEnv(env)); // undefined unless OTEL_* asks for it
 * await telemetry?.shutdown();
 * ```
 */
export async function startTelemetry(settings: TelemetrySettings): Promise<Telemetry | undefined> {
  if (!settings.enabled) return undefined;
  const [{ NodeSDK }, { PgInstrumentation }, { metrics }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/api'),
  ]);
  setSdkDefault('OTEL_NODE_RESOURCE_DETECTORS', RESOURCE_DETECTORS);
  const instrumentation = new PgInstrumentation({
    enhancedDatabaseReporting: false,
    ignoreConnectSpans: true,
  });
  const pools = poolsReadAtCollection(instrumentation);
  const sdk = new NodeSDK({
    ...(!settings.serviceNameSet && { serviceName: 'filing-mcp' }),
    // Statement text only (Kysely sends every value as a bind parameter); never the values. One
    // span per query: the pool's connect spans tripled the spans per query for little to learn.
    instrumentations: [instrumentation],
  });
  sdk.start();
  if (pools !== undefined) observePools(metrics.getMeter('@filing-mcp/node'), pools);
  let stopped: Promise<void> | undefined;
  return {
    shutdown: () => {
      stopped ??= sdk.shutdown().catch(() => {});
      return stopped;
    },
  };
}

// The pg instrumentation's private hook that it calls on every pool.connect (see below).
interface PoolHooks {
  _setPoolConnectEventListeners?: (pool: Pool) => void;
  _recordPoolMax?: (pool: Pool) => void;
}

/**
 * The pool use metrics read from the pools when metrics are collected, rather than counted on
 * every acquire and release: the pg instrumentation updates three up-down counters on each of
 * them (six measurements per query, each sorting and serialising its attributes), which made up
 * most of the metrics' cost per request. Answers the pools the instrumentation saw (it still
 * records db.client.connection.max), or undefined where its hook is not the one expected (another
 * version): the instrumentation then counts as before.
 */
function poolsReadAtCollection(instrumentation: PgInstrumentation): Set<Pool> | undefined {
  const hooks = instrumentation as unknown as PoolHooks;
  const recordMax = hooks._recordPoolMax;
  if (typeof hooks._setPoolConnectEventListeners !== 'function' || typeof recordMax !== 'function') {
    return undefined;
  }
  // A process opens one pool; one that ended reports zeros.
  const pools = new Set<Pool>();
  hooks._setPoolConnectEventListeners = (pool) => {
    recordMax.call(instrumentation, pool);
    pools.add(pool);
  };
  return pools;
}

/** The pool's name in the pg instrumentation's form (`host:port/database`), from its connection string when it has one. */
function poolName(pool: Pool): string {
  const options = pool.options as {
    connectionString?: string;
    host?: string;
    port?: number;
    database?: string;
  };
  let { host, port, database } = options;
  if (options.connectionString !== undefined && URL.canParse(options.connectionString)) {
    const url = new URL(options.connectionString);
    host = url.hostname || host;
    port = Number(url.port) || port;
    database = decodeURIComponent(url.pathname.slice(1)) || database;
  }
  return `${host ?? 'unknown_host'}:${port ?? 'unknown_port'}/${database ?? 'unknown_database'}`;
}

/** db.client.connection.count (used, idle) and db.client.connection.pending_requests, observed. */
function observePools(meter: Meter, pools: Set<Pool>): void {
  const names = new WeakMap<Pool, string>();
  const each = (observe: (pool: Pool, name: string) => void) => {
    for (const pool of pools) {
      let name = names.get(pool);
      if (name === undefined) {
        name = poolName(pool);
        names.set(pool, name);
      }
      observe(pool, name);
    }
  };
  meter
    .createObservableUpDownCounter('db.client.connection.count', {
      unit: '{connection}',
      description: 'The number of connections that are currently in state described by the state attribute.',
    })
    .addCallback((result: ObservableResult) =>
      each((pool, name) => {
        const base = { 'db.client.connection.pool.name': name };
        result.observe(pool.totalCount - pool.idleCount, { ...base, 'db.client.connection.state': 'used' });
        result.observe(pool.idleCount, { ...base, 'db.client.connection.state': 'idle' });
      }),
    );
  meter
    .createObservableUpDownCounter('db.client.connection.pending_requests', {
      unit: '{request}',
      description: 'The number of current pending requests for an open connection.',
    })
    .addCallback((result: ObservableResult) =>
      each((pool, name) => result.observe(pool.waitingCount, { 'db.client.connection.pool.name': name })),
    );
}
