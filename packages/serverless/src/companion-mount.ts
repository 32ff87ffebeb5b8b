import { mountCompanion } from '@filing-mcp/companion';
import { configFromEnv } from '@filing-mcp/filing-domain';
import type { FetchApp } from './fetch-app.js';
import type { ServerlessFilingServer } from './serverless-filing-server.js';

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/**
 * The companion pages (`@filing-mcp/companion`: consent, API keys, filing pages) in front of the
 * server, under `APP_URL`'s path, with `mountCompanion` as the Node adapter mounts them
 * (`COMPANION=on`). A function is reachable from the network and its instances share no memory,
 * so every page needs a sign-in with a session JWT (`{APP_URL}/sign-in`, checked as `/approve`
 * checks one): its stateless cookie holds for every instance, and the pages act for the JWT's
 * `sub`. The PDF links build through the server's packets (its in-process builder). Requests
 * outside `APP_URL`'s path go to the server. Throws naming the setting when one is missing.
 * @internal
 */
export async function mountServerlessCompanion(
  env: Record<string, string | undefined>,
  built: ServerlessFilingServer,
): Promise<FetchApp> {
  // The very settings the server's /approve verifies session JWTs with (valid: the server started).
  const { session } = configFromEnv(env);
  return mountCompanion(built.server, {
    // The pages query the database directly: it opens now, with the first request.
    db: await built.database(),
    // Both are set: the server above could not have started without them.
    appUrl: trimmed(env.APP_URL)!,
    baseUrl: trimmed(env.MCP_BASE_URL)!,
    // Unused: every page acts for the signed-in session's user.
    userId: trimmed(env.LOCAL_USER_ID) ?? 'local-user',
    session,
    signIn: 'session',
  });
}
