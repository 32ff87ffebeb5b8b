import type { Environment } from './settings.js';

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
 * by `openDatabase`), so that the instrumentation can wrap it. The SDK reads `process.env`.
 *
 * @example
 * ```ts
 * const telemetry = await startTelemetry(process.env); // undefined unless OTEL_* asks for it
 * await telemetry?.shutdown();
 * ```
 */
export async function startTelemetry(env: Environment): Promise<Telemetry | undefined> {
  if (!telemetryRequested(env)) return undefined;
  const [{ NodeSDK }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  process.env.OTEL_NODE_RESOURCE_DETECTORS ??= RESOURCE_DETECTORS;
  const sdk = new NodeSDK({
    ...(!env.OTEL_SERVICE_NAME?.trim() && { serviceName: 'filing-mcp' }),
    // Statement text only (Kysely sends every value as a bind parameter); never the values. One
    // span per query: the pool's connect spans tripled the spans per query for little to learn.
    instrumentations: [new PgInstrumentation({ enhancedDatabaseReporting: false, ignoreConnectSpans: true })],
  });
  sdk.start();
  let stopped: Promise<void> | undefined;
  return {
    shutdown: () => {
      stopped ??= sdk.shutdown().catch(() => {});
      return stopped;
    },
  };
}
