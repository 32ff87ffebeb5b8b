import type { CompanionContext } from './companion-context.js';
import type { CompanionSignIn } from './companion-sign-in.js';
import { CSRF_FIELD } from './csrf.js';
import { html } from './html.js';
import { errorPage, pageResponse } from './page.js';

/**
 * GET `{app_url}/sign-in?token=…`: a button that spends the one-time token. A GET alone spends
 * nothing, so a link preview or a prefetch cannot use the link up before its owner does.
 */
export function signInPage(context: CompanionContext, request: Request): Response {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const csrf = context.csrf.issue(request);
  return pageResponse(
    {
      ...context,
      navigation: false,
      title: 'Sign in',
      body: html`<div class="card consent"><h1>Sign in to filing-mcp</h1>
<p>This one-time link signs this browser in as <strong>${context.userId}</strong>. It works once; a restart of the server prints a new one.</p>
<form method="post" action="${context.appPath}/sign-in">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf.token}">
<input type="hidden" name="token" value="${token}">
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

/** The answer to every page without a session, when sign-in is required. */
export function signInRequired(context: CompanionContext): Response {
  return errorPage(
    context,
    401,
    'Sign in first',
    'These pages need a sign-in: open the one-time sign-in link that filing-mcp printed when it started.',
  );
}
