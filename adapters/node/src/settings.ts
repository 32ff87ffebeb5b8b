import { isIP } from 'node:net';
import {
  DEFAULT_READINESS_TIMEOUT_MS,
  NODE_DEFAULTS,
  PLATFORM_POOL_DEFAULTS,
} from '@filing-mcp/filing-domain';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './logger.js';

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

/** An environment variable of the Node adapter is missing or wrong; the message names it. */
export class SettingError extends Error {
  readonly code = 'invalid_config';

  constructor(message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

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

function value(env: Environment, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function integer(env: Environment, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new SettingError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function oneOf<T extends string>(env: Environment, name: string, allowed: readonly T[], fallback: T): T {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (!allowed.includes(raw as T)) {
    throw new SettingError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function hostName(env: Environment): string {
  const host = value(env, 'HOST') ?? NODE_DEFAULTS.host;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0 && !/^[A-Za-z0-9.-]+$/.test(bare)) {
    throw new SettingError(
      `HOST must be an IP address or host name, e.g. 127.0.0.1 or 0.0.0.0 (got "${host}")`,
    );
  }
  return bare;
}

function postgresUrl(env: Environment, name: string): string | undefined {
  const url = value(env, name);
  if (url === undefined) return undefined;
  // The message must not echo the URL: it usually carries a password.
  if (!/^postgres(ql)?:\/\//i.test(url)) {
    throw new SettingError(`${name} must be a PostgreSQL URL: postgres://user:password@host:5432/database`);
  }
  return url;
}

function databaseUrl(env: Environment): string | undefined {
  return postgresUrl(env, 'DATABASE_URL');
}

/**
 * `LISTEN` needs a session of its own, which a pooler in transaction mode does not keep: point
 * `REVOCATION_LISTEN_URL` at the database directly, or set it to `off` (the cache TTL then bounds
 * how long a credential ended elsewhere still works).
 */
function revocationListenUrl(env: Environment, database: string | undefined): string | undefined {
  if (database === undefined) return undefined;
  if (value(env, 'REVOCATION_LISTEN_URL')?.toLowerCase() === 'off') return undefined;
  return postgresUrl(env, 'REVOCATION_LISTEN_URL') ?? database;
}

/**
 * Reads the Node adapter's settings from the environment, with the defaults of `NODE_DEFAULTS`
 * (docs/configuration.md shows them): `HOST`, `PORT`, `DATA_DIR`, `PG_POOL_MAX`, `COMPANION`,
 * `COMPANION_SIGN_IN`, `LOCAL_USER_ID`, `LOG_LEVEL`, `LOG_FORMAT`, `SHUTDOWN_TIMEOUT_MS`,
 * `OAUTH_CLEANUP_INTERVAL_MS`, `READINESS_TIMEOUT_MS`, `PACKET_WORKER_MAX_MEMORY_MB`,
 * `REVOCATION_LISTEN_URL` (default `DATABASE_URL`; `off` disables).
 * Throws {@link SettingError} naming the variable at fault.
 */
export function nodeSettingsFromEnv(env: Environment): NodeSettings {
  const database = databaseUrl(env);
  return {
    host: hostName(env),
    port: integer(env, 'PORT', NODE_DEFAULTS.port, 0, 65_535),
    databaseUrl: database,
    dataDir: value(env, 'DATA_DIR') ?? NODE_DEFAULTS.dataDir,
    poolMax: integer(env, 'PG_POOL_MAX', PLATFORM_POOL_DEFAULTS.node.poolMax, 1, 1000),
    companion: oneOf(env, 'COMPANION', ['auto', 'on', 'off'] as const, NODE_DEFAULTS.companion),
    companionSignIn: oneOf(
      env,
      'COMPANION_SIGN_IN',
      ['off', 'link', 'session'] as const,
      NODE_DEFAULTS.companionSignIn,
    ),
    localUserId: value(env, 'LOCAL_USER_ID') ?? NODE_DEFAULTS.localUserId,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, NODE_DEFAULTS.logLevel),
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, NODE_DEFAULTS.logFormat),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', NODE_DEFAULTS.shutdownTimeoutMs, 0, 600_000),
    cleanupIntervalMs: integer(
      env,
      'OAUTH_CLEANUP_INTERVAL_MS',
      NODE_DEFAULTS.cleanupIntervalMs,
      0,
      86_400_000,
    ),
    readinessTimeoutMs: integer(env, 'READINESS_TIMEOUT_MS', DEFAULT_READINESS_TIMEOUT_MS, 1, 60_000),
    packetWorkerMaxMemoryMb: integer(
      env,
      'PACKET_WORKER_MAX_MEMORY_MB',
      NODE_DEFAULTS.packetWorkerMaxMemoryMb,
      64,
      16_384,
    ),
    revocationListenUrl: revocationListenUrl(env, database),
  };
}

/**
 * Whether `serve` mounts the companion pages: `COMPANION=on` or `off` decides; otherwise only on
 * the embedded database without `APP_URL`, so that a production configuration (PostgreSQL, or an
 * external companion app) never serves them unless asked to.
 */
export function companionEnabled(settings: NodeSettings, env: Environment): boolean {
  if (settings.companion !== 'auto') return settings.companion === 'on';
  return settings.databaseUrl === undefined && value(env, 'APP_URL') === undefined;
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
