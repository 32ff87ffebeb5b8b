import { validateAuthorizationRequest } from './authorization-request.js';
import { redirectWith } from './authorize.js';
import { paramsTextProblem } from './client-text.js';
import type { OAuthContext } from './context.js';
import { generateAuthorizationCode } from './credentials.js';
import { HttpError, jsonResponse } from './http-error.js';
import { jsonObjectParams, readBodyText } from './request-body.js';

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

/**
 * POST /approve (docs/oauth.md#consent): the companion app, holding the user's session
 * JWT, turns a consented request into a code. Every forwarded parameter is validated again, as
 * `/authorize` did, so this endpoint cannot mint a code for a redirect URI that was never registered.
 */
export async function handleApprove(context: OAuthContext, request: Request): Promise<Response> {
  const authorization = request.headers.get('authorization') ?? '';
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(authorization);
  const now = context.now();
  const userId = match ? await context.verifySession(match[1]!, now) : undefined;
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
  return jsonResponse({
    code,
    redirect_to: redirectWith(authorizationRequest.redirectUri, {
      code,
      state: authorizationRequest.state,
      iss: context.issuer,
    }),
  });
}
