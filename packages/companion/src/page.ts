import { createHash } from 'node:crypto';
import { type HtmlValue, html, SafeHtml } from './html.js';

// One small stylesheet, inline, allowed by its hash: no extra request, no 'unsafe-inline'.
const STYLESHEET = `
:root{color-scheme:light;--ink:#1d2430;--muted:#5b6475;--line:#d9dee7;--accent:#1f5fbf;--bad:#a4262c;--soft:#f5f7fa}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
header{border-bottom:1px solid var(--line);background:var(--soft)}
header nav{max-width:960px;margin:0 auto;padding:10px 20px;display:flex;gap:18px;align-items:center}
header nav strong{margin-right:auto}
main{max-width:960px;margin:0 auto;padding:20px}
a{color:var(--accent)}
h1{font-size:1.5rem;margin:.4em 0 .6em}
h2{font-size:1.15rem;margin:1.4em 0 .5em}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:var(--soft);font-weight:600}
dl.fields{display:grid;grid-template-columns:minmax(150px,30%) 1fr;margin:.3em 0;border:1px solid var(--line)}
dl.fields>dt,dl.fields>dd{margin:0;padding:5px 8px;border-top:1px solid var(--line);overflow-wrap:anywhere}
dl.fields>dt{background:var(--soft);font-weight:600}
dl.fields>dt:first-of-type,dl.fields>dt:first-of-type+dd{border-top:0}
dt small{display:block;font-weight:400;color:var(--muted);font-family:ui-monospace,monospace}
ol.items{margin:.3em 0;padding-left:1.4em}
.muted{color:var(--muted)}
.card{border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:1em 0}
.consent{max-width:560px;margin:2em auto}
.secret{font-family:ui-monospace,monospace;background:var(--soft);border:1px solid var(--line);padding:8px;word-break:break-all;user-select:all}
.notice{background:#fff8e1;border:1px solid #f0d58c;border-radius:6px;padding:8px 12px}
.error{color:var(--bad)}
form.inline{display:inline}
button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid var(--line);background:#fff;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
button.danger{color:var(--bad)}
.actions{display:flex;gap:12px;margin-top:1em}
label{display:block;margin:.5em 0 .2em}
input,select{font:inherit;padding:5px 8px;border:1px solid var(--line);border-radius:6px}
code{font-family:ui-monospace,monospace}
@media print{header,.noprint{display:none}main{max-width:none;padding:0}a{color:inherit;text-decoration:none}}
`.trim();

// A trusted constant: it goes in verbatim so that its hash matches the CSP.
const TRUSTED_STYLESHEET = new SafeHtml(STYLESHEET);

const STYLESHEET_HASH = `'sha256-${createHash('sha256').update(STYLESHEET).digest('base64')}'`;

/** What a page contributes to its response. */
export interface PageOptions {
  status?: number;
  title: string;
  body: SafeHtml;
  /** Where this page's forms may send the browser, besides the app itself (CSP `form-action`). */
  formTargets?: readonly string[];
  /** Whether to show the navigation bar (the consent page stands alone). */
  navigation?: boolean;
  /** Path prefix of the app, for the navigation links. */
  appPath: string;
  userId: string;
  /** Whether the navigation bar links to the sign-out page (pages that need a sign-in). */
  signOut?: boolean;
  /** Whether the server takes payments: the navigation links to the billing page. */
  billing?: unknown;
}

/**
 * Headers every companion response carries. Pages show filings and secrets, so nothing is cached,
 * framed, sniffed or leaked through a referrer; `default-src 'none'` leaves only the hashed
 * stylesheet and same-origin forms.
 */
export function securityHeaders(formTargets: readonly string[] = []): Record<string, string> {
  // Chromium applies form-action to the redirects that follow a submission, so the consent page
  // must also name where Approve and Deny send the browser.
  const formAction = ["'self'", ...formTargets].join(' ');
  return {
    'content-security-policy': `default-src 'none'; style-src ${STYLESHEET_HASH}; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

/** A complete HTML document as a Response with the security headers. */
export function pageResponse(options: PageOptions, extraHeaders: Record<string, string> = {}): Response {
  const navigation =
    options.navigation === false
      ? ''
      : html`<header><nav><strong>filing-mcp (local)</strong><a href="${options.appPath}/">Filings</a><a href="${options.appPath}/api-keys">API keys</a>${options.billing ? html`<a href="${options.appPath}/billing">Billing</a>` : ''}<span class="muted">Signed in as ${options.userId}</span>${options.signOut ? html`<a href="${options.appPath}/sign-out">Sign out</a>` : ''}</nav></header>`;
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${options.title} · filing-mcp</title>
<style>${TRUSTED_STYLESHEET}</style>
</head>
<body>
${navigation}
<main>
${options.body}
</main>
</body>
</html>
`;
  return new Response(document.value, {
    status: options.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...securityHeaders(options.formTargets),
      ...extraHeaders,
    },
  });
}

/** A page that explains an error (404, 400, 403) in words. */
export function errorPage(
  context: { appPath: string; userId: string; navigation?: boolean },
  status: number,
  title: string,
  message: HtmlValue,
  extraHeaders: Record<string, string> = {},
): Response {
  return pageResponse(
    {
      ...context,
      status,
      title,
      body: html`<h1>${title}</h1><p class="error">${message}</p><p><a href="${context.appPath}/">Back to your filings</a></p>`,
    },
    extraHeaders,
  );
}
