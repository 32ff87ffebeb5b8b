import {
  acceptsRedirectUri,
  ApproveError,
  type AuthorizationGrant,
  isClientIdMetadataDocumentUrl,
  OAuthError,
  type OAuthClientRecord,
  redirectsOnlyToLoopback,
} from '@filing-mcp/oauth-core';
import { FILING_SCOPES, filingScopeSet } from '@filing-mcp/filing-domain';
import type { CompanionContext } from './companion-context.js';
import { displayClientName } from './client-name.js';
import { CSRF_FIELD } from './csrf.js';
import { html } from './html.js';
import { errorPage, pageResponse } from './page.js';

/** Authorization parameters the consent form carries from `/authorize` to `/approve`. */
const FORWARDED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
] as const;

type ForwardedName = (typeof FORWARDED)[number];
type AuthorizationParams = Partial<Record<ForwardedName, string>>;

/** A request whose client and redirect URI are registered: the only kind that may redirect. */
interface TrustedRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  params: AuthorizationParams;
}

function pickParams(source: URLSearchParams): AuthorizationParams | { duplicate: string } {
  const params: AuthorizationParams = {};
  for (const name of FORWARDED) {
    const values = source.getAll(name);
    if (values.length > 1) return { duplicate: name };
    if (values.length === 1) params[name] = values[0]!;
  }
  return params;
}

/**
 * Validates client and redirect URI against the registration, as `/authorize` does. Anything else
 * answers an error page and never a redirect: an unknown client or redirect URI must not turn
 * the companion into an open redirector.
 */
async function trust(context: CompanionContext, source: URLSearchParams): Promise<TrustedRequest | Response> {
  const params = pickParams(source);
  if ('duplicate' in params) {
    return errorPage(
      context,
      400,
      'Invalid authorization request',
      `The parameter ${params.duplicate} was sent more than once.`,
    );
  }
  if (!params.client_id || !params.redirect_uri) {
    return errorPage(
      context,
      400,
      'Invalid authorization request',
      'client_id and redirect_uri are required.',
    );
  }
  let client: OAuthClientRecord | undefined;
  try {
    // A registration, or a Client ID Metadata Document fetched and validated as /authorize does.
    client = await context.core.resolveOAuthClient(params.client_id);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return errorPage(context, 400, 'Invalid application', `${error.message}.`);
  }
  if (!client) {
    return errorPage(
      context,
      400,
      'Unknown application',
      'No application is registered with this client_id.',
    );
  }
  if (!acceptsRedirectUri(client, params.redirect_uri)) {
    return errorPage(
      context,
      400,
      'Invalid authorization request',
      'The redirect_uri is not registered for this application, so the request cannot continue.',
    );
  }
  return { client, redirectUri: params.redirect_uri, params };
}

/** Where the browser goes after the decision, as a CSP `form-action` source. */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

function redirectHost(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.host;
  return url.host ? `${url.protocol}//${url.host}` : url.protocol;
}

/** GET `{app_url}/oauth/authorize`: who is asking, for what, Approve or Deny. */
export async function consentPage(context: CompanionContext, request: Request): Promise<Response> {
  const trusted = await trust(context, new URL(request.url).searchParams);
  if (trusted instanceof Response) return trusted;
  const { client, redirectUri, params } = trusted;
  const csrf = context.csrf.issue(request);
  const requested = filingScopeSet.parse(params.scope);
  // An unknown scope is refused by /approve; it is still shown as sent, with no promise attached.
  const scopes =
    'unknown' in requested ? (params.scope ?? '').split(' ').filter(Boolean) : requested.scope.split(' ');
  const displayed = displayClientName(client.clientName);
  const name = displayed?.text ?? 'An unnamed application';
  const documentHost = isClientIdMetadataDocumentUrl(client.clientId)
    ? new URL(client.clientId).host
    : undefined;
  const loopbackOnly = documentHost !== undefined && redirectsOnlyToLoopback(client.redirectUris);
  const hidden = FORWARDED.filter((field) => params[field] !== undefined).map(
    (field) => html`<input type="hidden" name="${field}" value="${params[field]}">`,
  );
  return pageResponse(
    {
      ...context,
      navigation: false,
      formTargets: [formTarget(redirectUri)],
      title: 'Authorize access',
      body: html`<div class="card consent">
<h1>Allow ${name} to use your filings?</h1>
<dl class="fields">
<dt>Application</dt><dd><bdi>${name}</bdi> <small class="muted">(name given by the client; client ID <code>${client.clientId}</code>)</small>${displayed?.mixedScripts.length ? html`<br><strong class="error" role="alert">This name mixes ${displayed.mixedScripts.join(' and ')} letters, which can imitate another application's name.</strong>` : ''}${displayed?.verificationClaim ? html`<br><strong class="error" role="alert">This name claims to be verified or official (“${displayed.verificationClaim}”). This server verifies no application: the name is whatever the client chose.</strong>` : ''}</dd>
${documentHost === undefined ? '' : html`<dt>Described by</dt><dd><strong>${documentHost}</strong><br><small class="muted">The application's metadata document is published on this host.</small></dd>`}
<dt>Sends you back to</dt><dd><strong>${redirectHost(redirectUri)}</strong><br><small class="muted">${redirectUri}</small></dd>
<dt>Access requested</dt><dd>Use the filing tools of <code>${context.baseUrl}</code> as you, with:<ul class="scopes">${scopes.map(
        (scope) =>
          html`<li><code>${scope}</code>: ${FILING_SCOPES.find((known) => known.name === scope)?.description ?? 'not a scope this server grants; approving will fail.'}</li>`,
      )}</ul></dd>
<dt>Signed in as</dt><dd>${context.userId}</dd>
</dl>
${loopbackOnly ? html`<p class="notice" role="alert"><strong>Warning:</strong> this application sends you back only to this computer (localhost). Any program running here could use <strong>${documentHost}</strong>'s name; approve only if you started it yourself.</p>` : ''}
<p class="muted">Application names are chosen by the application itself when it registers. Approve only if you just started connecting this application.</p>
<form method="post" action="${context.appPath}/oauth/authorize">
${hidden}
<input type="hidden" name="${CSRF_FIELD}" value="${csrf.token}">
<div class="actions">
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>
</div>`,
    },
    csrf.setCookie ? { 'set-cookie': csrf.setCookie } : {},
  );
}

function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

/** `redirectUri` with the given query parameters added, keeping those it was registered with. */
function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.href;
}

/** The core's `redirect_to` must lead to the redirect URI that was validated, and nowhere else. */
function isSameTarget(redirectTo: unknown, redirectUri: string): redirectTo is string {
  if (typeof redirectTo !== 'string') return false;
  try {
    const target = new URL(redirectTo);
    const expected = new URL(redirectUri);
    return (
      target.protocol === expected.protocol &&
      target.host === expected.host &&
      target.pathname === expected.pathname &&
      target.hash === ''
    );
  } catch {
    return false;
  }
}

/**
 * POST `{app_url}/oauth/authorize` (CSRF already checked): Approve issues a code for the signed-in
 * user with the core's `completeAuthorization` (`/approve` in process: the same checks, the same
 * refusals) and sends the browser to the redirect URI with it; Deny sends the browser back with
 * `error=access_denied`, `state` and `iss`.
 */
export async function consentDecision(context: CompanionContext, form: URLSearchParams): Promise<Response> {
  const trusted = await trust(context, form);
  if (trusted instanceof Response) return trusted;
  const { redirectUri, params } = trusted;
  const decision = form.get('decision');

  if (decision === 'deny') {
    return seeOther(
      withParams(redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied the request.',
        state: params.state,
        iss: context.baseUrl,
      }),
    );
  }
  if (decision !== 'approve') {
    return errorPage(context, 400, 'Invalid decision', 'Choose Approve or Deny.');
  }

  const forwarded: Record<string, string> = {};
  for (const field of FORWARDED) {
    if (field !== 'response_type' && params[field] !== undefined) forwarded[field] = params[field]!;
  }
  let grant: AuthorizationGrant;
  try {
    grant = await context.core.completeAuthorization({ userId: context.userId, params: forwarded });
  } catch (error) {
    if (!(error instanceof ApproveError)) throw error;
    if (error.status === 400) {
      const detail = error.detail ?? 'The request is not valid.';
      return errorPage(
        context,
        400,
        'Authorization refused',
        `The authorization server refused this request: ${detail}`,
      );
    }
    // 401: the signed-in user id is no user id a grant can name; 500/503: the store failed.
    return errorPage(
      context,
      502,
      'Authorization failed',
      `The authorization server answered ${error.status}; no code was issued.`,
    );
  }
  if (!isSameTarget(grant.redirectTo, redirectUri)) {
    return errorPage(context, 500, 'Authorization failed', 'No code was issued for this application.');
  }
  return seeOther(grant.redirectTo);
}
