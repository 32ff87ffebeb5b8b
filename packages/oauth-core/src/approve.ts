import { validateAuthorizationRequest } from './authorization-request.js';
import { redirectWith } from './authorize.js';
import { paramsTextProblem } from './client-text.js';
import type { OAuthContext } from './context.js';
import type { AuthorizationGrant, CompletedAuthorization } from './types.js';
import { generateAuthorizationCode } from './credentials.js';
import { HttpError, jsonResponse } from './http-error.js';
import { jsonObjectParams, readBodyText } from './request-body.js';
import { isAcceptableSubject } from './session-jwt.js';

/** An `/approve` failure, answered as the spec's `{code, message}` (plus a `detail` for 400s). */
export class ApproveError extends HttpError {
  override readonly name = 'ApproveError';
  declare readonly status: 400 | 401 | 500 | 503;

  constructor(status: 400 | 401 | 500 | 503, detail?: string, options?: { cause?: unknown }) {
    super(
      status,
      status === 400
        ? 'Bad request'
        : status === 401
          ? 'Unauthorized'
          : status === 503
            ? 'Service unavailable'
            : 'Internal server error',
      // A 401 also carries a Bearer challenge (RFC 6750).
      { detail, headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {}, cause: options?.cause },
    );
  }

  /** The answer, with any extra headers (the 503's `Retry-After`). */
  toResponse(headers: Record<string, string> = {}): Response {
    return this.getResponse(headers);
  }
}

function paramsMap(params: CompletedAuthorization['params']): Map<string, string> {
  if (params instanceof Map) return new Map(params);
  const map = new Map<string, string>();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) map.set(key, value);
  return map;
}

/**
 * Turns a consented authorization request into a code, in process: what `/approve` does once it has
 * verified its caller's session JWT. A consent page served by the same process (the companion)
 * calls it directly, as workers-oauth-provider's `completeAuthorization()` is called by the app
 * that showed the consent; `/approve` stays for consent apps elsewhere. Every parameter is
 * validated again, so no code is issued for a client, redirect URI, scope or resource `/authorize`
 * would refuse. Throws an {@link ApproveError}, the very one `/approve` answers for the same input
 * (401 for an unusable `userId`, 400 with the same `detail` for a bad request), and writes nothing then.
 */
export async function completeAuthorization(
  context: OAuthContext,
  authorization: CompletedAuthorization,
): Promise<AuthorizationGrant> {
  const { userId } = authorization;
  if (!isAcceptableSubject(userId)) {
    context.log({ event: 'approve_error', error: 'unauthorized' });
    throw new ApproveError(401);
  }
  const params = paramsMap(authorization.params);
  const textProblem = paramsTextProblem(params);
  if (textProblem !== undefined) throw new ApproveError(400, `invalid_request: ${textProblem}`);

  const result = await validateAuthorizationRequest(context, params, false);
  if (!result.ok) {
    context.log({
      event: 'approve_error',
      error: result.error.code,
      userId,
      clientId: params.get('client_id'),
    });
    throw new ApproveError(400, `${result.error.code}: ${result.error.message}`);
  }
  const authorizationRequest = result.request;
  const now = context.now();
  const code = generateAuthorizationCode();
  await context.store.createAuthorizationCode({
    id: crypto.randomUUID(),
    codeHash: await context.hash(code),
    grantId: crypto.randomUUID(),
    clientId: authorizationRequest.client.clientId,
    userId,
    redirectUri: authorizationRequest.redirectUri,
    scope: authorizationRequest.scope,
    resource: authorizationRequest.resource,
    codeChallenge: authorizationRequest.codeChallenge,
    codeChallengeMethod: authorizationRequest.codeChallengeMethod,
    createdAt: now,
    expiresAt: now + context.lifetimes.authorizationCode * 1000,
    usedAt: null,
  });
  context.log({ event: 'code_issued', clientId: authorizationRequest.client.clientId, userId });
  return {
    code,
    redirectTo: redirectWith(authorizationRequest.redirectUri, {
      code,
      state: authorizationRequest.state,
      iss: context.issuer,
    }),
  };
}

/**
 * POST /approve (docs/oauth.md#consent): a consent app elsewhere, holding the user's session JWT,
 * turns a consented request into a code: the JWT's `sub` and the JSON body go to
 * {@link completeAuthorization}, so this endpoint cannot mint a code for a redirect URI that was
 * never registered.
 */
export async function handleApprove(context: OAuthContext, request: Request): Promise<Response> {
  const authorization = request.headers.get('authorization') ?? '';
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(authorization);
  const userId = match ? await context.verifySession(match[1]!, context.now()) : undefined;
  if (!userId) {
    context.log({ event: 'approve_error', error: 'unauthorized' });
    throw new ApproveError(401);
  }

  const text = await readBodyText(request, () => new ApproveError(400, 'the body is too large or not UTF-8'));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApproveError(400, 'the body must be a JSON object');
  }
  const params = jsonObjectParams(body);
  if (!(params instanceof Map)) throw new ApproveError(400, `the field ${params.invalid} must be a string`);
  const grant = await completeAuthorization(context, { userId, params });
  return jsonResponse({ code: grant.code, redirect_to: grant.redirectTo });
}
