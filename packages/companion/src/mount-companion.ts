import type { FilingDatabase } from '@filing-mcp/filing-domain';
import type { FilingServer } from '@filing-mcp/filing-domain';
import type { SessionJwtOptions } from '@filing-mcp/oauth-core';
import type { RequestContext } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { createCompanionApp } from './companion-app.js';
import { companionSessionSecret } from './companion-rules.js';
import { CompanionSignIn } from './companion-sign-in.js';
import { SessionJwtSignIn } from './session-jwt-sign-in.js';

/**
 * What {@link mountCompanion} needs beyond the core: plain values the adapter has already read
 * from its environment (the pages read none).
 */
export interface CompanionSettings {
  /** The server's database (migrated), the one the core uses: the pages query it directly. */
  db: Kysely<FilingDatabase>;
  /** `{app_url}` (`APP_URL`), e.g. `http://localhost:3000/app`: the pages live under its path. */
  appUrl: string;
  /** `{base_url}` (`MCP_BASE_URL`): the OAuth issuer the consent page names. */
  baseUrl: string;
  /** The one local user the pages act for without a sign-in (`LOCAL_USER_ID`). */
  userId: string;
  /**
   * The session JWT settings the core's `/approve` verifies with (`SESSION_JWT_SECRET`, ...). The
   * pages need the HS256 `secret`: it keys their CSRF tokens and their sign-in cookie.
   */
  session: SessionJwtOptions;
  /**
   * `link`: a one-time sign-in link (one process; {@link MountedCompanion.signInUrl}). `session`: a
   * sign-in with a session JWT whose cookie every instance verifies; the pages act for its `sub`.
   * Unset: no sign-in, for pages served on loopback only.
   */
  signIn?: 'link' | 'session' | undefined;
  /** The server's Host allow-list (DNS-rebinding protection), when it has one. */
  allowedHosts?: readonly string[] | undefined;
}

/** The companion pages mounted in front of the core. */
export interface MountedCompanion {
  /** A page, or the core's answer for every request the pages do not own. */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  /** The one-time sign-in link (`signIn: 'link'`): a secret, for the person starting the server. */
  signInUrl?: string;
}

/** The parts of the filing server the pages use. */
export type CompanionCore = Pick<
  FilingServer,
  'fetch' | 'revokeApiKey' | 'resolveOAuthClient' | 'completeAuthorization' | 'packets' | 'billing'
>;

/**
 * Mounts the companion pages in front of the filing server: the one assembly every adapter
 * calls (the Node server with `COMPANION=on`, Vercel and Lambda through `@filing-mcp/serverless`).
 * The consent page issues codes through `core.completeAuthorization` in process, and the PDF links
 * build through `core.packets`, the core's cache and queue in front of its packet builder. Throws
 * a `SettingError` naming the variable without `SESSION_JWT_SECRET` (see ./companion-rules.ts), and a
 * `TypeError` for a core that builds no packets.
 *
 * @example
 * ```ts
 * const core = createFilingServer({ db, packets, config });
 * const companion = mountCompanion(core, { db, appUrl, baseUrl, userId: 'local-user', session: config.session });
 * export default { fetch: (request: Request) => companion.fetch(request) };
 * ```
 */
export function mountCompanion(core: CompanionCore, settings: CompanionSettings): MountedCompanion {
  const sessionSecret = companionSessionSecret(settings.session);
  if (core.packets === undefined) {
    throw new TypeError('the companion pages need a filing server that builds packets (its packets option)');
  }
  const link = settings.signIn === 'link' ? new CompanionSignIn() : undefined;
  const app = createCompanionApp({
    db: settings.db,
    appUrl: settings.appUrl,
    baseUrl: settings.baseUrl,
    userId: settings.userId,
    sessionSecret,
    core,
    ...(settings.allowedHosts && { allowedHosts: settings.allowedHosts }),
    ...(link && { signIn: link }),
    ...(settings.signIn === 'session' && {
      signIn: new SessionJwtSignIn({ session: settings.session, cookieSecret: sessionSecret }),
    }),
  });
  return {
    fetch: (request, context) => app.fetch(request, context),
    ...(link && { signInUrl: link.link(settings.appUrl) }),
  };
}
