import { join } from 'node:path';
import { DEVELOPMENT_SECRET_FILE, loadDevelopmentSecret } from './development-secret.js';
import { type NodeSettings, SettingError } from './settings.js';

/** The session settings completed, and where the secret came from. */
export interface ResolvedSession<S extends SessionSettings = SessionSettings> {
  session: S;
  /** Set when the secret is the generated development secret. */
  developmentSecret?: { path: string; created: boolean };
}

/** The session settings of the core's configuration (`SESSION_JWT_*`, `SESSION_JWKS_URL`). */
export interface SessionSettings {
  secret?: string;
  jwksUrl?: string;
  issuer?: string;
  audience?: string;
  maxAgeSeconds?: number;
}

/** The refusal of `serve` on PostgreSQL without a session key. */
export const MISSING_SESSION =
  'SESSION_JWT_SECRET or SESSION_JWKS_URL must be set when DATABASE_URL is set: /approve verifies ' +
  "the companion app's session JWTs with it (generate a secret with: openssl rand -base64 48)";

/**
 * Completes the session JWT settings: the secret or JWKS URL when set; else, on the embedded
 * database, the development secret kept in the data directory. On PostgreSQL without either,
 * refuses: a production server must not invent a secret that no companion app knows, and a
 * generated one would differ per instance.
 */
export function completeSession<S extends SessionSettings>(
  settings: NodeSettings,
  session: S,
): ResolvedSession<S> {
  if (session.secret !== undefined || session.jwksUrl !== undefined) return { session };
  if (settings.databaseUrl !== undefined) {
    throw new SettingError(['SESSION_JWT_SECRET', 'SESSION_JWKS_URL'], MISSING_SESSION);
  }
  const { secret, created } = loadDevelopmentSecret(settings.dataDir);
  return {
    session: { ...session, secret },
    developmentSecret: { path: join(settings.dataDir, DEVELOPMENT_SECRET_FILE), created },
  };
}
