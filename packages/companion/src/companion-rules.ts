// The rules the companion pages set on their settings, written once beside the pages: the adapters'
// settings modules apply them at start (so that a wrong setting stops the process before anything
// opens) and `mountCompanion` applies them again for a caller that skipped the settings. Small and
// zod-free, on its own subpath (`@filing-mcp/companion/rules`), so that a serverless instance
// checks its settings without loading the pages.
import { SettingError } from '@filing-mcp/filing-domain/settings';
import { loopbackAllowList } from '@filing-mcp/protocol';

/**
 * The HS256 secret the pages key their CSRF tokens and sign-in cookie with, and sign session JWTs
 * with: `SESSION_JWT_SECRET`. A JWKS URL alone verifies tokens but signs none, so it is refused.
 */
export function companionSessionSecret(session: { secret?: unknown }): string {
  if (typeof session.secret === 'string' && session.secret !== '') return session.secret;
  throw new SettingError(
    'SESSION_JWT_SECRET',
    'COMPANION=on needs SESSION_JWT_SECRET: the companion pages sign session JWTs, which SESSION_JWKS_URL cannot verify.',
  );
}

/**
 * Without a sign-in (`COMPANION_SIGN_IN` unset or `off`) the pages act for the local user with no
 * password, so they are served on a loopback `HOST` only.
 */
export function checkCompanionHost(host: string, signIn: 'link' | 'session' | undefined): void {
  if (signIn !== undefined || loopbackAllowList(host, 0) !== undefined) return;
  throw new SettingError(
    ['HOST', 'COMPANION_SIGN_IN'],
    `the companion pages act for the local user without a password, so they serve only loopback (HOST=${host}): ` +
      'set COMPANION_SIGN_IN=link for a one-time sign-in link printed at start, ' +
      'COMPANION_SIGN_IN=session for a sign-in with a session JWT, ' +
      'or COMPANION=off with APP_URL set to the product app, which signs its users in with the session JWT',
  );
}
