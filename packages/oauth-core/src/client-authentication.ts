import { textProblem } from './client-text.js';
import type { OAuthContext } from './context.js';
import { timingSafeEqual } from './crypto.js';
import { OAuthError } from './errors.js';
import type { OAuthClientRecord, TokenEndpointAuthMethod } from './store.js';

/** Client credentials as presented at `/token` or `/revoke`. */
export interface PresentedClient {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** True when they came in an `Authorization: Basic` header, which changes the 401 challenge. */
  basic: boolean;
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/** The `invalid_client` answer: 401, with a Basic challenge when Basic was tried (RFC 6749 section 5.2). */
export function invalidClient(description: string, basic: boolean): OAuthError {
  return new OAuthError('invalid_client', description, {
    status: 401,
    headers: basic ? { 'www-authenticate': 'Basic realm="oauth"' } : {},
  });
}

/**
 * Reads client credentials from `client_secret_basic` (RFC 6749 section 2.3.1: form-encoded, then
 * base64) or from the body (`client_secret_post`, or just `client_id` for public clients).
 */
export function readPresentedClient(request: Request, params: ReadonlyMap<string, string>): PresentedClient {
  const authorization = request.headers.get('authorization');
  const basic = authorization ? /^Basic[ ]+([A-Za-z0-9+/=]+)[ ]*$/i.exec(authorization) : null;
  if (authorization && /^Basic\b/i.test(authorization)) {
    let decoded: string;
    try {
      decoded = atob(basic?.[1] ?? '!');
    } catch {
      throw invalidClient('the Basic authorization header is malformed', true);
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient('the Basic authorization header is malformed', true);
    let clientId: string;
    let clientSecret: string;
    try {
      clientId = formDecode(decoded.slice(0, colon));
      clientSecret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw invalidClient('the Basic authorization header is malformed', true);
    }
    const problem = textProblem(clientId) ?? textProblem(clientSecret);
    if (problem !== undefined) {
      throw new OAuthError('invalid_request', `the Basic credentials ${problem}`);
    }
    if (params.has('client_secret')) {
      throw new OAuthError('invalid_request', 'use one client authentication method, not two');
    }
    const bodyClientId = params.get('client_id');
    if (bodyClientId !== undefined && bodyClientId !== clientId) {
      throw invalidClient('client_id in the body differs from the Basic credentials', true);
    }
    return { clientId, clientSecret, basic: true };
  }
  return { clientId: params.get('client_id'), clientSecret: params.get('client_secret'), basic: false };
}

/** How each registered method presents its credentials, for the error that names it. */
const METHOD_HOW: Record<TokenEndpointAuthMethod, string> = {
  none: 'client_id alone in the body, without a secret or an Authorization header',
  client_secret_post: 'client_id and client_secret in the body',
  client_secret_basic: 'client_id and client_secret in an Authorization: Basic header',
};

/** The method a request used to present its credentials. */
function presentedMethod(presented: PresentedClient): TokenEndpointAuthMethod {
  if (presented.basic) return 'client_secret_basic';
  return presented.clientSecret ? 'client_secret_post' : 'none';
}

/**
 * Authenticates a presented client with the method it registered (`token_endpoint_auth_method`,
 * RFC 7591 section 2), answering `invalid_client` (401, RFC 6749 section 5.2) otherwise: a public
 * (`none`) client presents no secret at all; a `client_secret_post` client its secret in the body; a
 * `client_secret_basic` client in a Basic header. Secrets are compared as hashes, in constant time.
 */
export async function authenticateClient(
  context: OAuthContext,
  presented: PresentedClient & { clientId: string },
): Promise<OAuthClientRecord> {
  let client: OAuthClientRecord | undefined;
  try {
    client = await context.resolveClient(presented.clientId);
  } catch (error) {
    if (error instanceof OAuthError && error.code === 'invalid_client')
      throw invalidClient(error.message, presented.basic);
    throw error;
  }
  if (!client) throw invalidClient('unknown client', presented.basic);
  const registered = client.clientSecretHash === null ? 'none' : client.tokenEndpointAuthMethod;
  const used = presentedMethod(presented);
  if (used !== registered) {
    context.log({ event: 'client_auth_method_mismatch', clientId: client.clientId, registered, used });
    throw invalidClient(
      registered === 'none'
        ? `this client is public (token_endpoint_auth_method none): send ${METHOD_HOW.none}`
        : `this client is registered with token_endpoint_auth_method ${registered}: send ${METHOD_HOW[registered]}`,
      presented.basic,
    );
  }
  if (registered === 'none') return client;
  const presentedHash = await context.hash(presented.clientSecret!);
  if (!timingSafeEqual(presentedHash, client.clientSecretHash!)) {
    throw invalidClient('client authentication failed', presented.basic);
  }
  return client;
}
