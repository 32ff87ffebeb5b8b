import { validateAuthorizationRequest } from './authorization-request.js';
import { paramsTextProblem } from './client-text.js';
import type { OAuthContext } from './context.js';
import { OAuthError } from './errors.js';
import { singleValuedParams } from './request-body.js';

/** Adds query parameters to a redirect URI, keeping the ones it was registered with. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.href;
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}

/**
 * GET /authorize (RFC 6749 section 4.1.1; errors by section 4.1.2.1, `iss` by RFC 9207). An
 * untrusted client or redirect URI gets a JSON 400 and never a redirect; any other error goes back to the redirect URI with `iss`; a valid
 * request goes to the consent page with exactly the incoming parameters.
 */
export async function handleAuthorize(context: OAuthContext, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const params = singleValuedParams(url.searchParams);
  if (!(params instanceof Map)) {
    // Which of two values is meant cannot be known, so not even the redirect URI can be trusted.
    throw new OAuthError('invalid_request', `the parameter ${params.duplicate} was sent more than once`);
  }
  const textProblem = paramsTextProblem(params);
  // Before any look-up, and never redirected: the client and redirect URI are not yet trusted.
  if (textProblem !== undefined) throw new OAuthError('invalid_request', textProblem);
  const result = await validateAuthorizationRequest(context, params, true);
  if (result.ok) {
    return redirect(`${context.appUrl}/oauth/authorize${url.search}`);
  }
  context.log({ event: 'authorize_error', error: result.error.code, clientId: params.get('client_id') });
  if (result.redirectUri === undefined) throw result.error;
  return redirect(
    redirectWith(result.redirectUri, {
      error: result.error.code,
      error_description: result.error.message,
      state: result.state,
      iss: context.issuer,
    }),
  );
}
