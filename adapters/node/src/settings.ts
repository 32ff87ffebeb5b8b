import { isIP } from 'node:net';
import { DEFAULT_READINESS_TIMEOUT_MS, PLATFORM_POOL_DEFAULTS } from '@filing-mcp/filing-domain';
import {
  choiceSetting,
  integerSetting,
  postgresUrlSetting,
  SettingError,
  textSetting,
} from '@filing-mcp/filing-domain/settings';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './logger.js';
import { NODE_DEFAULTS } from './node-defaults.js';

/** Environment variables, as in `process.env`. */
export type Environment = Record<string, string | undefined>;

/**
 * The environment of this process: the one place the Node adapter reads `process.env` (the CLI and
 * `startServer` take it from here, then read it into {@link NodeSettings} / `ServeSettings`).
 */
export function currentEnvironment(): Environment {
  return process.env;
}

/**
 * Sets a standard variable that a library reads from `process.env` itself (the OpenTelemetry
 * SDK's `OTEL_NODE_RESOURCE_DETECTORS`), unless it is set already.
 */
export function setSdkDefault(name: string, value: string): void {
  process.env[name] ??= value;
}

/**
 * A setting is missing or wrong: filing-domain's one error for every settings reader, re-exported
 * for the users of this package.
 */
export { SettingError };

/** Whether the companion pages are mounted: `auto` mounts them on the embedded database without `APP_URL`. */
export type CompanionMode = 'auto' | 'on' | 'off';

/** The Node adapter's own settings (the core's are read by filing-domain's `configFromEnv`). */
export interface NodeSettings {
  host: string;
  port: number;
  /** `postgres://...`, or undefined for the embedded database. */
  databaseUrl: string | undefined;
  dataDir: string;
  poolMax: number;
  companion: CompanionMode;
  /**
   * `COMPANION_SIGN_IN`: `link` requires the one-time sign-in link's session on every page;
   * `session` a sign-in with a session JWT (the pages act for its `sub`).
   */
  companionSignIn: 'off' | 'link' | 'session';
  localUserId: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  shutdownTimeoutMs: number;
  cleanupIntervalMs: number;
  readinessTimeoutMs: number;
  /** `PACKET_WORKER_MAX_MEMORY_MB`: heap limit of each packet worker thread. */
  packetWorkerMaxMemoryMb: number;
  /**
   * Where to `LISTEN` for ended credentials: `REVOCATION_LISTEN_URL`, default `DATABASE_URL`;
   * undefined on the embedded database or with `REVOCATION_LISTEN_URL=off`.
   */
  revocationListenUrl: string | undefined;
}

function hostName(env: Environment): string {
  const host = textSetting(env, 'HOST') ?? NODE_DEFAULTS.host;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0 && !/^[A-Za-z0-9.-]+$/.test(bare)) {
    throw new SettingError(
      'HOST',
      `HOST must be an IP address or host name, e.g. 127.0.0.1 or 0.0.0.0 (got "${host}")`,
    );
  }
  return bare;
}

/**
 * `LISTEN` needs a session of its own, which a pooler in transaction mode does not keep: point
 * `REVOCATION_LISTEN_URL` at the database directly, or set it to `off` (the cache TTL then bounds
 * how long a credential ended elsewhere still works).
 */
function revocationListenUrl(env: Environment, database: string | undefined): string | undefined {
  if (database === undefined) return undefined;
  if (textSetting(env, 'REVOCATION_LISTEN_URL')?.toLowerCase() === 'off') return undefined;
  return postgresUrlSetting(env, 'REVOCATION_LISTEN_URL') ?? database;
}

/**
 * Reads the Node adapter's settings from the environment: each variable with its parser and its
 * default (`NODE_DEFAULTS`, ./node-defaults.ts; docs/configuration.md shows the same, and
 * test/node-defaults.test.ts checks that it does): `HOST`, `PORT`, `DATABASE_URL`, `DATA_DIR`,
 * `PG_POOL_MAX`, `COMPANION`, `COMPANION_SIGN_IN`, `LOCAL_USER_ID`, `LOG_LEVEL`, `LOG_FORMAT`,
 * `SHUTDOWN_TIMEOUT_MS`, `OAUTH_CLEANUP_INTERVAL_MS`, `READINESS_TIMEOUT_MS`,
 * `PACKET_WORKER_MAX_MEMORY_MB`, `REVOCATION_LISTEN_URL` (default `DATABASE_URL`; `off` disables).
 * Throws {@link SettingError} naming the variable at fault.
 */
export function nodeSettingsFromEnv(env: Environment): NodeSettings {
  const database = postgresUrlSetting(env, 'DATABASE_URL');
  return {
    host: hostName(env),
    port: integerSetting(env, 'PORT', { fallback: NODE_DEFAULTS.port, min: 0, max: 65_535 }),
    databaseUrl: database,
    dataDir: textSetting(env, 'DATA_DIR') ?? NODE_DEFAULTS.dataDir,
    poolMax: integerSetting(env, 'PG_POOL_MAX', {
      fallback: PLATFORM_POOL_DEFAULTS.node.poolMax,
      min: 1,
      max: 1000,
    }),
    companion: choiceSetting(env, 'COMPANION', ['auto', 'on', 'off'] as const, NODE_DEFAULTS.companion),
    companionSignIn: choiceSetting(
      env,
      'COMPANION_SIGN_IN',
      ['off', 'link', 'session'] as const,
      NODE_DEFAULTS.companionSignIn,
    ),
    localUserId: textSetting(env, 'LOCAL_USER_ID') ?? NODE_DEFAULTS.localUserId,
    logLevel: choiceSetting(env, 'LOG_LEVEL', LOG_LEVELS, NODE_DEFAULTS.logLevel),
    logFormat: choiceSetting(env, 'LOG_FORMAT', LOG_FORMATS, NODE_DEFAULTS.logFormat),
    shutdownTimeoutMs: integerSetting(env, 'SHUTDOWN_TIMEOUT_MS', {
      fallback: NODE_DEFAULTS.shutdownTimeoutMs,
      min: 0,
      max: 600_000,
    }),
    cleanupIntervalMs: integerSetting(env, 'OAUTH_CLEANUP_INTERVAL_MS', {
      fallback: NODE_DEFAULTS.cleanupIntervalMs,
      min: 0,
      max: 86_400_000,
    }),
    readinessTimeoutMs: integerSetting(env, 'READINESS_TIMEOUT_MS', {
      fallback: DEFAULT_READINESS_TIMEOUT_MS,
      min: 1,
      max: 60_000,
    }),
    packetWorkerMaxMemoryMb: integerSetting(env, 'PACKET_WORKER_MAX_MEMORY_MB', {
      fallback: NODE_DEFAULTS.packetWorkerMaxMemoryMb,
      min: 64,
      max: 16_384,
    }),
    revocationListenUrl: revocationListenUrl(env, database),
  };
}

/**
 * Whether `serve` mounts the companion pages: `COMPANION=on` or `off` decides; otherwise only on
 * the embedded database without `APP_URL` (`appUrl`, as the core's settings read it), so that a production configuration (PostgreSQL, or an
 * external companion app) never serves them unless asked to.
 */
export function companionEnabled(settings: NodeSettings, appUrl: string | undefined): boolean {
  if (settings.companion !== 'auto') return settings.companion === 'on';
  return settings.databaseUrl === undefined && appUrl === undefined;
}

/** A PostgreSQL URL without its credentials, for start-up messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
