import { authenticateClient, invalidClient, readPresentedClient } from './client-authentication.js';
import type { OAuthContext } from './context.js';
import { OAuthError } from './errors.js';
import { jsonResponse } from './http-error.js';
import { readParams } from './request-body.js';

/**
 * POST /revoke (RFC 7009). The calling client may revoke its own access or refresh
 * tokens; revoking a refresh token ends its whole grant family. Unknown tokens, and tokens of other
 * clients (left untouched), answer 200 like success, so the endpoint reveals nothing.
 */
export async function handleRevoke(context: OAuthContext, request: Request): Promise<Response> {
  const params = await readParams(request);
  const presented = readPresentedClient(request, params);
  const token = params.get('token');
  if (!token) throw new OAuthError('invalid_request', 'token is required');
  if (!presented.clientId) throw invalidClient('client authentication is required', false);
  const client = await authenticateClient(context, { ...presented, clientId: presented.clientId });

  const now = context.now();
  const tokenHash = await context.hash(token);
  const refreshFirst = params.get('token_type_hint') === 'refresh_token';
  const lookups = [
    async () => ({
      kind: 'access' as const,
      record: await context.store.getTokenByAccessTokenHash(tokenHash),
    }),
    async () => ({
      kind: 'refresh' as const,
      record: await context.store.getTokenByRefreshTokenHash(tokenHash),
    }),
  ];
  if (refreshFirst) lookups.reverse();
  for (const lookup of lookups) {
    const { kind, record } = await lookup();
    if (!record) continue;
    if (record.clientId !== client.clientId) break;
    if (kind === 'refresh') context.credentialsEnded(await context.store.revokeGrant(record.grantId, now));
    else {
      await context.store.revokeToken(record.id, now);
      context.credentialsEnded([record.accessTokenHash]);
    }
    context.log({ event: 'token_revoked', kind, clientId: client.clientId, userId: record.userId });
    break;
  }
  return jsonResponse({});
}
