import {
  FILING_KIND_LIST,
  kindRecord,
  type Filing,
  type FilingKind,
  FilingRepository,
  type FilingSummary,
  formDataSchemaOf,
  kindOfPage,
  kindPdfUrl,
  kindViewUrl,
  submissionsOf,
} from '@filing-mcp/filing-domain';
import { checkFilingReadiness, zipStore } from '@filing-mcp/irs-forms';
import type { CompanionContext } from './companion-context.js';
import { signedCopySection } from './signed-copy-page.js';
import { filingState, type StatusReadiness, type Submissions, statusSection } from './filing-status.js';
import { maskedNumber, renderJsonValue } from './form-data-view.js';
import { html, type SafeHtml } from './html.js';
import { errorPage, pageResponse, securityHeaders } from './page.js';

/**
 * A kind of filing as the companion shows it: its record in `FILING_KINDS` (table, page path, titles)
 * and its form's top-level fields in the order of the form schema.
 */
interface KindDescription {
  title: string;
  viewUrl(appUrl: string, id: string): string;
  pdfUrl(appUrl: string, id: string): string;
  fieldOrder: readonly string[];
}

/** The kind of filing whose pages live under `{app_url}/{segment}/` (`filings`, `partnership`). */
export function filingKindOfPage(segment: string | undefined): FilingKind | undefined {
  return kindOfPage(segment);
}

export { kindViewUrl };

/** Whether the page of a filing of `kind` takes its signed copy (`POST .../signed-copy`). */
export function takesSignedCopy(kind: FilingKind): boolean {
  return kindRecord(kind).signedCopies;
}

const descriptions: Partial<Record<FilingKind, KindDescription>> = {};

function describeKind(kind: FilingKind): KindDescription {
  descriptions[kind] ??= {
    title: kindRecord(kind).pageTitle,
    viewUrl: (appUrl, id) => kindViewUrl(kind, appUrl, id),
    pdfUrl: (appUrl, id) => kindPdfUrl(kind, appUrl, id),
    fieldOrder: Object.keys(formDataSchemaOf(kind).shape),
  };
  return descriptions[kind];
}

// Filing ids are UUIDs; anything else cannot exist, and must not reach a uuid column as a query.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The index shows this many filings of each kind; more than a local user will have.
const INDEX_LIMIT = 500;

/** `2025-03-01T12:34:56.000Z` -> `2025-03-01 12:34 UTC`. */
export function displayTimestamp(iso: string | null): string {
  if (!iso) return '';
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

function taxYear(filing: FilingSummary): string {
  if (!filing.tax_year_begin && !filing.tax_year_end) return '';
  return `${filing.tax_year_begin ?? '?'} to ${filing.tax_year_end ?? '?'}`;
}

function notFound(context: CompanionContext): Response {
  return errorPage(context, 404, 'Filing not found', 'There is no such filing among yours.');
}

async function loadFiling(
  context: CompanionContext,
  kind: FilingKind,
  id: string,
): Promise<Filing | undefined> {
  if (!UUID.test(id)) return undefined;
  return new FilingRepository(context.db).getFiling(kindRecord(kind).table, context.userId, id.toLowerCase());
}

/**
 * A page about one of the user's filings: 404 when the id is not one of theirs, otherwise `page`
 * with the kind's description and the name the page shows.
 */
async function withFiling(
  context: CompanionContext,
  kind: FilingKind,
  id: string,
  page: (filing: Filing, description: KindDescription, name: string) => Response | Promise<Response>,
): Promise<Response> {
  const filing = await loadFiling(context, kind, id);
  if (!filing) return notFound(context);
  return page(filing, describeKind(kind), filing.llc_name || 'Unnamed filing');
}

function summary(filing: Filing, state?: string): SafeHtml {
  return html`<dl class="fields">
<dt>Name</dt><dd>${filing.llc_name ?? ''}</dd>
<dt>EIN</dt><dd>${filing.ein ? maskedNumber(filing.ein) : ''}</dd>
<dt>Tax year</dt><dd>${taxYear(filing)}</dd>
${state === undefined ? '' : html`<dt>State</dt><dd>${state}</dd>`}
<dt>Created</dt><dd>${displayTimestamp(filing.created_at)}</dd>
<dt>Filing ID</dt><dd><code>${filing.id}</code></dd>
</dl>`;
}

/** GET `{app_url}/filings/{id}` and `{app_url}/partnership/{id}`: the view_url the tools return. */
export async function filingPage(
  context: CompanionContext,
  kind: FilingKind,
  id: string,
  request?: Request,
): Promise<Response> {
  return withFiling(context, kind, id, async (filing, description, name) => {
    const submissions = await submissionsOf(
      context.db,
      context.userId,
      filing.id,
      () => import('@filing-mcp/irs-forms'),
    );
    const readiness = pageReadiness(kind, filing, submissions);
    // A single-member return is signed and filed from here (docs/filing.md); a 1065 is mailed.
    const filingSection =
      kindRecord(kind).signedCopies && request !== undefined
        ? signedCopySection(
            context,
            request,
            submissions,
            `${description.viewUrl(context.appPath, filing.id)}/signed-copy`,
          )
        : undefined;
    return pageResponse(
      {
        ...context,
        title: `${name}: ${description.title}`,
        body: html`<p class="muted">${description.title}</p>
<h1>${name}</h1>
<p class="noprint"><a href="${description.pdfUrl(context.appUrl, filing.id)}">IRS forms (PDF)</a> · <a href="${description.pdfUrl(context.appUrl, filing.id)}?format=zip">One PDF per form (ZIP)</a> · <a href="${printUrl(description, context.appUrl, filing.id)}">Printable view</a> · <a href="${context.appPath}/">All filings</a></p>
${statusSection(kind, readiness, submissions)}
<h2>Summary</h2>
${summary(filing, filingState(readiness, submissions))}
${filingSection?.body ?? ''}
<h2>Form data</h2>
${renderJsonValue(filing.form_data, 0, description.fieldOrder)}`,
      },
      filingSection?.setCookie ? { 'set-cookie': filingSection.setCookie } : {},
    );
  });
}

/**
 * check_filing's answer as the page shows it: as of today, or of the filing date once filed (days
 * late stop there); the due date in force (the extended one for a Form 7004 filed by the due date).
 */
function pageReadiness(kind: FilingKind, filing: Filing, submissions: Submissions): StatusReadiness {
  const asOf = submissions.filed?.date ?? new Date().toISOString().slice(0, 10);
  const readiness = checkFilingReadiness(kind, filing.form_data, undefined, asOf);
  const filed7004 = filing.form_data.form7004FiledDate;
  const due = readiness.due_date;
  const inForce =
    due !== null && readiness.extended_due_date !== null && typeof filed7004 === 'string' && filed7004 <= due
      ? readiness.extended_due_date
      : due;
  return { ...readiness, due_date: inForce };
}

/** `{app_url}/filings/{id}/print`: the printable HTML view of the filing's data. */
function printUrl(description: KindDescription, appUrl: string, id: string): string {
  return `${description.viewUrl(appUrl, id)}/print`;
}

function fileStem(filing: Filing): string {
  const stem = (filing.llc_name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${stem.slice(0, 60) || 'filing'}-irs-forms`;
}

/**
 * GET `{app_url}/filings/{id}/pdf` and `{app_url}/partnership/{id}/pdf`: what get_pdf_url links
 * to. The filing's packet of official IRS forms as one PDF, or with `?format=zip` one PDF per form
 * in a ZIP. Only the owner's filings: anything else is the same 404 page as a missing filing, with
 * nothing of the packet. Text the forms cannot print answers 422 naming the field.
 */
/** Why a download of the final packet is refused for want of a credit, or undefined. */
async function downloadCredit(
  context: CompanionContext,
  kind: FilingKind,
  source: Parameters<CompanionContext['packets']['pdf']>[1],
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  if (context.billing === undefined) return undefined;
  // The same packet the download serves (cached): its readiness decides the draft mark.
  const { ready } = await context.packets.pdf(kind, source, signal);
  if (ready !== true) return undefined;
  return context.billing.creditForDownload({ userId: context.userId, filingId: source.id, kind });
}

export async function filingPacket(
  context: CompanionContext,
  kind: FilingKind,
  id: string,
  format: string | null,
  signal?: AbortSignal,
): Promise<Response> {
  if (format !== null && format !== 'zip' && format !== 'pdf') {
    return errorPage(context, 400, 'Unknown format', 'Use format=pdf (the default) or format=zip.');
  }
  const repository = new FilingRepository(context.db);
  const [filing, source] = UUID.test(id)
    ? await Promise.all([
        repository.getFiling(kindRecord(kind).table, context.userId, id.toLowerCase()),
        repository.packetSource(kind, id.toLowerCase(), context.userId),
      ])
    : [];
  if (!filing || !source) return notFound(context);
  const packets = context.packets;
  const headers = {
    ...securityHeaders(),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  // A packet over its bounds, text the forms cannot print or full builds: the app's error page
  // (error-pages.ts), as the signed link and the MCP resource answer them.
  // The final (unmarked) packet of a ready filing is what is mailed: with BILLING=on it uses the
  // filing's credit (once); the draft stays free.
  const refusal = await downloadCredit(context, kind, source, signal);
  if (refusal !== undefined) return errorPage(context, 402, 'A credit is needed', refusal);
  if (format === 'zip') {
    const files = await packets.files(kind, source, signal);
    const zip = zipStore(files.map((file) => ({ name: file.fileName, bytes: file.bytes })));
    return new Response(zip, {
      headers: {
        ...headers,
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${fileStem(filing)}.zip"`,
      },
    });
  }
  const packet = await packets.pdf(kind, source, signal);
  return new Response(packet.pdf, {
    headers: {
      ...headers,
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${fileStem(filing)}.pdf"`,
      'x-form-editions': (packet.editions ?? [])
        .map((edition) => `${edition.form} ${edition.edition}`)
        .join(', '),
    },
  });
}

/**
 * GET `{app_url}/filings/{id}/print` and `{app_url}/partnership/{id}/print`: the filing's data as a
 * print-ready page, linked from the filing page.
 */
export async function filingPrintPage(
  context: CompanionContext,
  kind: FilingKind,
  id: string,
): Promise<Response> {
  return withFiling(context, kind, id, (filing, description, name) =>
    pageResponse({
      ...context,
      navigation: false,
      title: `${name}: printable view`,
      body: html`<p class="notice noprint">Printable view of the filing's data. The official IRS forms are in the <a href="${description.pdfUrl(context.appUrl, filing.id)}">PDF packet</a>. <a href="${description.viewUrl(context.appUrl, filing.id)}">Back to the filing</a></p>
<h1>${name}</h1>
<p>${description.title}</p>
${summary(filing)}
<h2>Form data</h2>
${renderJsonValue(filing.form_data, 0, description.fieldOrder)}`,
    }),
  );
}

function filingTable(context: CompanionContext, kind: FilingKind, filings: FilingSummary[]): SafeHtml {
  if (filings.length === 0) return html`<p class="muted">None yet.</p>`;
  const description = describeKind(kind);
  return html`<table>
<thead><tr><th>Name</th><th>EIN</th><th>Tax year</th><th>Status</th><th>Created</th></tr></thead>
<tbody>${filings.map(
    (filing) =>
      html`<tr><td><a href="${description.viewUrl(context.appUrl, filing.id)}">${filing.llc_name || 'Unnamed filing'}</a></td><td>${filing.ein ? maskedNumber(filing.ein) : ''}</td><td>${taxYear(filing)}</td><td>${filing.status}</td><td>${displayTimestamp(filing.created_at)}</td></tr>`,
  )}</tbody>
</table>${filings.length === INDEX_LIMIT ? html`<p class="muted">Showing the newest ${INDEX_LIMIT}.</p>` : ''}`;
}

/** GET `{app_url}/`: the local user's filings of every kind, newest first. */
export async function filingsIndexPage(context: CompanionContext): Promise<Response> {
  const repository = new FilingRepository(context.db);
  const lists = await Promise.all(
    FILING_KIND_LIST.map((kind) =>
      repository.listFilings(kindRecord(kind).table, context.userId, INDEX_LIMIT),
    ),
  );
  return pageResponse({
    ...context,
    title: 'Your filings',
    body: html`<h1>Your filings</h1>
<p class="muted">Filings created through the MCP tools at <code>${context.baseUrl}</code> for the local user.</p>
${FILING_KIND_LIST.map(
  (kind, index) => html`${index === 0 ? '' : '\n'}<h2>${kindRecord(kind).indexHeading}</h2>
${filingTable(context, kind, lists[index]!)}`,
)}`,
  });
}
