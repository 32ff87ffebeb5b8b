import { join } from 'node:path';
import { DEVELOPMENT_SECRET_FILE, loadDevelopmentSecret } from './development-secret.js';
import { type Environment, type NodeSettings, SettingError } from './settings.js';

/** The environment with the session settings completed, and where the secret came from. */
export interface ResolvedSession {
  env: Environment;
  /** Set when the secret is the generated development secret. */
  developmentSecret?: { path: string; created: boolean };
}

function isSet(env: Environment, name: string): boolean {
  return (env[name] ?? '').trim() !== '';
}

/**
 * Completes the session JWT settings: `SESSION_JWT_SECRET` or `SESSION_JWKS_URL` when set; else,
 * on the embedded database, the development secret kept in the data directory. On PostgreSQL
 * without either, refuses: a production server must not invent a secret that no companion app
 * knows, and a generated one would differ per instance.
 */
/**
 * The refusal `serve` gives on PostgreSQL without a session secret (a generated development secret
 * would differ per instance), or undefined when the setting is fine.
 */
export function missingSessionSetting(settings: NodeSettings, env: Environment): string | undefined {
  if (isSet(env, 'SESSION_JWT_SECRET') || isSet(env, 'SESSION_JWKS_URL')) return undefined;
  if (settings.databaseUrl === undefined) return undefined;
  return (
    'SESSION_JWT_SECRET or SESSION_JWKS_URL must be set when DATABASE_URL is set: /approve verifies ' +
    "the companion app's session JWTs with it (generate a secret with: openssl rand -base64 48)"
  );
}

export function resolveSession(settings: NodeSettings, env: Environment): ResolvedSession {
  if (isSet(env, 'SESSION_JWT_SECRET') || isSet(env, 'SESSION_JWKS_URL')) return { env };
  const missing = missingSessionSetting(settings, env);
  if (missing !== undefined) throw new SettingError(missing);
  const { secret, created } = loadDevelopmentSecret(settings.dataDir);
  return {
    env: { ...env, SESSION_JWT_SECRET: secret },
    developmentSecret: { path: join(settings.dataDir, DEVELOPMENT_SECRET_FILE), created },
  };
}
