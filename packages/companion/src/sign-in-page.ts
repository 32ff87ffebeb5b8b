import type { CompanionContext } from './companion-context.js';
import type { CompanionSignIn } from './companion-sign-in.js';
import { CSRF_FIELD } from './csrf.js';
import type { SessionJwtSignIn } from './session-jwt-sign-in.js';
import { html, type SafeHtml } from './html.js';
import { errorPage, pageResponse } from './page.js';

/**
 * GET `{app_url}/sign-in?token=…`: a button that spends the one-time token. A GET alone spends
 * nothing, so a link preview or a prefetch cannot use the link up before its owner does.
 */
export function signInPage(context: CompanionContext, request: Request): Response {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return signInForm(
    context,
    request,
    html`<p>This one-time link signs this browser in as <strong>${context.userId}</strong>. It works once; a restart of the server prints a new one.</p>`,
    html`<input type="hidden" name="token" value="${token}">`,
  );
}

/** The sign-in card of both modes: its text, then a CSRF-guarded form POSTing `fields` to sign-in. */
function signInForm(
  context: CompanionContext,
  request: Request,
  intro: SafeHtml,
  fields: SafeHtml,
): Response {
  const csrf = context.csrf.issue(request);
  return pageResponse(
    {
      ...context,
      navigation: false,
      title: 'Sign in',
      body: html`<div class="card consent"><h1>Sign in to filing-mcp</h1>
${intro}
<form method="post" action="${context.appPath}/sign-in">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf.token}">
${fields}
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form></div>`,
    },
    csrf.setCookie ? { 'set-cookie': csrf.setCookie } : {},
  );
}

/** POST `{app_url}/sign-in`: spends the token for a session cookie, then shows the filings. */
export function signInAction(
  context: CompanionContext,
  signIn: CompanionSignIn,
  form: URLSearchParams,
): Response {
  const cookie = signIn.redeem(form.get('token'));
  if (!cookie) {
    return errorPage(
      context,
      403,
      'Sign-in link not valid',
      'This sign-in link is not valid or was already used. Restart filing-mcp for a new one (it prints the link at start).',
    );
  }
  return new Response(null, {
    status: 303,
    headers: { location: `${context.appPath}/`, 'set-cookie': cookie, 'cache-control': 'no-store' },
  });
}

/**
 * GET `{app_url}/sign-in` with a session-JWT sign-in: a form to paste a session JWT into. The token
 * is POSTed, never put in a URL, so it stays out of access logs and browser history.
 */
export function sessionSignInPage(context: CompanionContext, request: Request): Response {
  return signInForm(
    context,
    request,
    html`<p>Paste a session token: one from <code>filing-mcp session-token --user &lt;id&gt;</code>, or a session JWT your identity provider signed with the server's secret. The pages then act for that token's user.</p>`,
    html`<label for="session">Session token</label>
<input id="session" name="session" type="password" autocomplete="off" required>`,
  );
}

/** POST `{app_url}/sign-in` with a session-JWT sign-in: checks the JWT, sets the session cookie. */
export async function sessionSignInAction(
  context: CompanionContext,
  signIn: SessionJwtSignIn,
  form: URLSearchParams,
): Promise<Response> {
  const session = await signIn.redeem(form.get('session'));
  if (!session) {
    // Never echo the token: it may be valid elsewhere, or a near miss of one that is.
    // No navigation bar: nobody is signed in.
    return errorPage(
      { ...context, navigation: false },
      401,
      'Session token not valid',
      'The session token (field "session") is not valid: it may be expired, signed with another key, altered, or older than SESSION_JWT_MAX_AGE_SECONDS. Get a new one (filing-mcp session-token --user <id>, or from your identity provider) and sign in again.',
    );
  }
  return new Response(null, {
    status: 303,
    headers: { location: `${context.appPath}/`, 'set-cookie': session.cookie, 'cache-control': 'no-store' },
  });
}

/** The answer to every page without a session, when sign-in is required. */
export function signInRequired(context: CompanionContext, mode: 'link' | 'session'): Response {
  return errorPage(
    // With a session JWT nobody is signed in yet; with the link, the pages' one user is named.
    mode === 'session' ? { ...context, navigation: false } : context,
    401,
    'Sign in first',
    mode === 'link'
      ? 'These pages need a sign-in: open the one-time sign-in link that filing-mcp printed when it started.'
      : html`These pages need a sign-in: open <a href="${context.appPath}/sign-in">the sign-in page</a> and paste a session token.`,
  );
}
