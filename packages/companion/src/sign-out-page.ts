import type { CompanionContext } from './companion-context.js';
import { CompanionSignIn } from './companion-sign-in.js';
import { CSRF_FIELD } from './csrf.js';
import { html } from './html.js';
import { pageResponse } from './page.js';
import type { SessionJwtSignIn } from './session-jwt-sign-in.js';
import { revokeSession } from './session-revocations.js';

/** GET `{app_url}/sign-out`: a button that signs this browser out (a GET alone changes nothing). */
export function signOutPage(context: CompanionContext, request: Request): Response {
  const csrf = context.csrf.issue(request);
  return pageResponse(
    {
      ...context,
      title: 'Sign out',
      body: html`<div class="card consent"><h1>Sign out of filing-mcp</h1>
<p>Signs this browser out as <strong>${context.userId}</strong>. The session cookie is removed and refused from then on, by every instance of the server, even where a copy of it is kept.</p>
<form method="post" action="${context.appPath}/sign-out">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf.token}">
<div class="actions"><button class="primary" type="submit">Sign out</button></div>
</form></div>`,
    },
    csrf.setCookie ? { 'set-cookie': csrf.setCookie } : {},
  );
}

/**
 * POST `{app_url}/sign-out` (CSRF already checked): ends the session and clears its cookie, then
 * sends the browser to the sign-in page. A session JWT sign-in's cookie is verified by any instance
 * on its own, so its SHA-256 is recorded in `companion_revoked_sessions` until it expires; the
 * one-time link's sessions live in this process and are forgotten here.
 */
export async function signOutAction(
  context: CompanionContext,
  request: Request,
  signIn: CompanionSignIn | SessionJwtSignIn,
): Promise<Response> {
  let cleared: string;
  if (signIn instanceof CompanionSignIn) {
    cleared = signIn.signOut(request);
  } else {
    const session = await signIn.session(request);
    if (session !== undefined) await revokeSession(context.db, session.cookie, session.expiresAt);
    cleared = signIn.clearedCookie();
  }
  return new Response(null, {
    status: 303,
    headers: { location: `${context.appPath}/sign-in`, 'set-cookie': cleared, 'cache-control': 'no-store' },
  });
}
