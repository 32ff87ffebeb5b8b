import { readBoundedBody, SIGNED_COPY_MAX_BYTES, storeSignedCopy } from '@filing-mcp/filing-domain';
import type { CompanionContext } from './companion-context.js';
import type { Submissions } from './filing-status.js';
import { CSRF_FIELD } from './csrf.js';
import { html, type SafeHtml } from './html.js';
import { errorPage } from './page.js';

/** The IRS fax number the send step names (send_fax dials it; the rules table holds it). */
const IRS_FAX = '855-887-7737';

/**
 * The "Sign and file" section of a single-member filing page: the signed copies and faxes so far,
 * the send step once a signed copy is kept, and the upload form (multipart, CSRF token inside).
 * Once the return is filed it shows what was sent and offers nothing more to send.
 */
export function signedCopySection(
  context: CompanionContext,
  request: Request,
  submissions: Submissions,
  uploadAction: string,
): { body: SafeHtml; setCookie: string | undefined } {
  const { signed_copies: copies, faxes, filed } = submissions;
  const latest = copies[0];
  const faxList =
    faxes.length === 0
      ? ''
      : html`<h3>Faxes</h3><ul id="faxes">${faxes.map(
          (fax) =>
            html`<li>${fax.created_at.slice(0, 16).replace('T', ' ')} UTC: ${fax.status}${fax.pages_sent > 0 ? html`, ${String(fax.pages_sent)} pages sent` : ''}${fax.failure_reason ? html` (${fax.failure_reason})` : ''}</li>`,
        )}</ul>`;
  const copyStatus =
    latest === undefined
      ? html`<p class="muted" id="signed-copy-status">No signed copy yet.</p>`
      : html`<p id="signed-copy-status">Signed copy uploaded ${latest.created_at.slice(0, 10)}: <strong>${String(latest.pages)} pages</strong>, SHA-256 <code>${latest.sha256.slice(0, 16)}…</code></p>`;
  if (filed !== null) {
    return {
      body: html`<h2>Signed and filed</h2>
${copyStatus}
${faxList}
<p id="filed"><strong>Filed</strong> by ${filed.method} on ${filed.date}. Nothing more to send.</p>`,
      setCookie: undefined,
    };
  }
  const csrf = context.csrf.issue(request);
  const body = html`<h2>Sign and file</h2>
<p>Print the IRS forms, have the officer sign the pro forma 1120 by hand, scan every page, and upload the scan here (PDF, or one JPEG or PNG a page; at most 20 MiB and 40 pages).</p>
${copyStatus}
${
  latest === undefined
    ? ''
    : html`<div id="send-step"><h3>Send it to the IRS</h3>
<p>Ask your assistant to fax it: these ${String(latest.pages)} pages go to the IRS fax ${IRS_FAX} once you say yes. Or mail them by certified mail, keep the receipt, and tell your assistant the postmark date.</p></div>`
}
${faxList}
<form method="post" enctype="multipart/form-data" action="${uploadAction}">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf.token}">
<label for="signed-copy">Signed copy</label>
<input id="signed-copy" name="file" type="file" accept="application/pdf,image/jpeg,image/png" multiple required>
<div class="actions"><button class="primary" type="submit">Upload signed copy</button></div>
</form>`;
  return { body, setCookie: csrf.setCookie };
}

/**
 * POST `{app_url}/filings/{id}/signed-copy`: the upload form. The body is bounded before it is read
 * (Content-Length, then counted as it streams); the CSRF token comes in the multipart form; the copy
 * is checked and kept as an upload through `upload_url` is. Answers 303 to the filing page.
 */
export async function uploadSignedCopyAction(
  context: CompanionContext,
  request: Request,
  filingId: string,
  filingPath: string,
): Promise<Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    return errorPage(
      context,
      415,
      'Unsupported form',
      'Upload the signed copy with the form on the filing page.',
    );
  }
  const body = await readBoundedBody(request, SIGNED_COPY_MAX_BYTES + 64 * 1024);
  if (body === 'too_large') {
    return errorPage(
      context,
      413,
      'Signed copy refused',
      'The signed copy is larger than 20 MiB: scan it at a lower resolution.',
    );
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return errorPage(context, 400, 'Unreadable form', 'The upload could not be read. Try again.');
  }
  const token = form.get(CSRF_FIELD);
  const failure = context.csrf.check(
    request,
    new URLSearchParams(typeof token === 'string' ? { [CSRF_FIELD]: token } : {}),
  );
  if (failure) {
    return errorPage(
      context,
      403,
      'Request refused',
      `This upload was refused (${failure}). Reload the page and try again.`,
    );
  }
  const files: Array<{ bytes: Uint8Array; name: string }> = [];
  for (const value of form.getAll('file')) {
    if (typeof value !== 'string')
      files.push({ bytes: new Uint8Array(await value.arrayBuffer()), name: value.name.slice(0, 100) });
  }
  // A refused copy (415, 422...), or a packet too large or busy to compare it with, throws: the
  // app's error page (error-pages.ts) answers it, as the upload link does.
  await storeSignedCopy({
    db: context.db,
    packets: context.packets,
    kind: '5472',
    filingId,
    userId: context.userId,
    files,
  });
  return new Response(null, { status: 303, headers: { location: filingPath, 'cache-control': 'no-store' } });
}
