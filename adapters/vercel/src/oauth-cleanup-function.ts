import { createHash, timingSafeEqual } from 'node:crypto';
import { internalErrorResponse } from '@filing-mcp/protocol';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import { type OAuthCleanupTarget, runOAuthCleanup } from '@filing-mcp/serverless';
import type { VercelFunction } from './vercel-function.js';
import { vercelSettings } from './vercel-settings.js';

export type { OAuthCleanupCounts, OAuthCleanupTarget } from '@filing-mcp/serverless';

/** Options of {@link createOAuthCleanupFunction}. */
export interface OAuthCleanupFunctionOptions {
  /**
   * Answers the shared secret Vercel Cron sends as `Authorization: Bearer <secret>`; read on every
   * request, so a secret added to the environment takes effect without a new instance. Default
   * `CRON_SECRET` of the Vercel settings.
   */
  cronSecret?: () => string | undefined;
  /** Receives one JSON log line per run, without its newline; default `console.log`. */
  log?: (line: string) => void;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

// Both sides are hashed first so that the comparison takes the same time whatever the lengths.
const digest = (text: string) => createHash('sha256').update(text).digest();

function authorized(header: string | null, secret: string): boolean {
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${secret}`));
}

/**
 * A Vercel Function (`export default`) for the `crons` entry of vercel.json: runs the core's
 * `cleanup()` (deletes expired authorization codes and OAuth tokens) when called by Vercel Cron, and
 * answers `200 { codes, tokens }`. Vercel Cron sends `GET` with `Authorization: Bearer $CRON_SECRET`;
 * the header is compared in constant time. Without `CRON_SECRET` in the environment every call
 * answers 500 naming the setting (a cleanup anyone on the internet could trigger is not offered); a
 * missing or wrong `Authorization` answers 401 and another method 405, and neither touches the
 * database. The target is created on the first authorised call and reused; a failed creation is
 * retried on the next.
 *
 * @example
 * ```ts
 * // api/oauth-cleanup.ts
 * export default createOAuthCleanupFunction(vercelBootstrap.cleanupTarget);
 * ```
 */
export function createOAuthCleanupFunction(
  createTarget: () => OAuthCleanupTarget | Promise<OAuthCleanupTarget>,
  options: OAuthCleanupFunctionOptions = {},
): VercelFunction {
  const cronSecret = options.cronSecret ?? vercelSettings.cronSecret;
  const log = options.log ?? ((line: string) => console.log(line));
  const currentTarget = lazyOnce(async () => createTarget());

  return {
    async fetch(request) {
      const secret = cronSecret()?.trim();
      if (!secret) {
        const message =
          'CRON_SECRET is not set: add it (16 or more random characters) to the project environment so that ' +
          'Vercel Cron can authenticate the OAuth cleanup.';
        log(
          JSON.stringify({
            source: 'filing-mcp',
            event: 'oauth_cleanup_refused',
            reason: 'CRON_SECRET is not set',
          }),
        );
        return json(500, { code: 500, message });
      }
      if (!authorized(request.headers.get('authorization'), secret)) {
        return json(
          401,
          { code: 401, message: 'Unauthorized: send Authorization: Bearer <CRON_SECRET>.' },
          { 'www-authenticate': 'Bearer' },
        );
      }
      if (request.method !== 'GET') {
        return json(
          405,
          { code: 405, message: 'Method not allowed: Vercel Cron calls this with GET.' },
          { allow: 'GET' },
        );
      }
      try {
        return json(200, await runOAuthCleanup(currentTarget, log));
      } catch {
        // runOAuthCleanup logged the failure (its name and message only).
        return internalErrorResponse();
      }
    },
  };
}
