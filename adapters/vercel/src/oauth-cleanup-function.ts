import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError, internalErrorResponse } from '@filing-mcp/filing-domain';
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
        return new HttpError(500, message).getResponse();
      }
      if (!authorized(request.headers.get('authorization'), secret)) {
        return new HttpError(401, 'Unauthorized: send Authorization: Bearer <CRON_SECRET>.', {
          headers: { 'www-authenticate': 'Bearer' },
        }).getResponse();
      }
      if (request.method !== 'GET') {
        return new HttpError(405, 'Method not allowed: Vercel Cron calls this with GET.', {
          headers: { allow: 'GET' },
        }).getResponse();
      }
      try {
        return Response.json(await runOAuthCleanup(currentTarget, log), {
          headers: { 'cache-control': 'no-store' },
        });
      } catch {
        // runOAuthCleanup logged the failure (its name and message only).
        return internalErrorResponse();
      }
    },
  };
}
