import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File inside the data directory that holds the generated development session secret. */
export const DEVELOPMENT_SECRET_FILE = 'session-secret';

/**
 * The HS256 session secret of an embedded-database installation without `SESSION_JWT_SECRET`:
 * generated once (32 random bytes, base64url) and kept in `<dataDir>/session-secret` with mode
 * 0600, so session JWTs signed by `session-token` and the companion pages stay valid across
 * restarts. Answers the secret and whether it was just created.
 */
export function loadDevelopmentSecret(dataDir: string): { secret: string; created: boolean } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, DEVELOPMENT_SECRET_FILE);
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    return { secret: readFileSync(path, 'utf8').trim(), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A copied directory may have lost the mode; the secret signs sessions, so tighten it again.
  chmodSync(path, 0o600);
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${path} holds no usable session secret; delete it to have a new one generated.`);
  }
  return { secret, created: false };
}
