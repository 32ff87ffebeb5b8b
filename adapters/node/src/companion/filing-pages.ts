import {
  type Filing,
  FilingRepository,
  type FilingSummary,
  type FilingTableName,
  filingPdfUrl,
  filingViewUrl,
  partnershipFilingPdfUrl,
  partnershipFilingViewUrl,
  partnershipFormDataSchema,
  singleMemberFormDataSchema,
} from '@filing-mcp/filing-domain';
import type { CompanionContext } from './companion-context.js';
import { renderJsonValue } from './form-data-view.js';
import { html, type SafeHtml } from './html.js';
import { errorPage, pageResponse } from './page.js';

/** The two kinds of filing the tools link to, as the companion shows them. */
export type FilingPageKind = 'filing' | 'partnership';

interface KindDescription {
  table: FilingTableName;
  title: string;
  viewUrl(appUrl: string, id: string): string;
  pdfUrl(appUrl: string, id: string): string;
  /** The form's top-level fields in the order of the form schema. */
  fieldOrder: readonly string[];
}

const KINDS: Record<FilingPageKind, KindDescription> = {
  filing: {
    table: 'filings',
    title: 'Form 5472 / 1120 filing',
    viewUrl: filingViewUrl,
    pdfUrl: filingPdfUrl,
    fieldOrder: Object.keys(singleMemberFormDataSchema.shape),
  },
  partnership: {
    table: 'partnership_filings',
    title: 'Partnership filing (1065, K-1, 8804 / 8805)',
    viewUrl: partnershipFilingViewUrl,
    pdfUrl: partnershipFilingPdfUrl,
    fieldOrder: Object.keys(partnershipFormDataSchema.shape),
  },
};

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
  kind: FilingPageKind,
  id: string,
): Promise<Filing | undefined> {
  if (!UUID.test(id)) return undefined;
  return new FilingRepository(context.db).getFiling(KINDS[kind].table, context.userId, id.toLowerCase());
}

function summary(filing: Filing): SafeHtml {
  return html`<dl class="fields">
<dt>Name</dt><dd>${filing.llc_name ?? ''}</dd>
<dt>EIN</dt><dd>${filing.ein ?? ''}</dd>
<dt>Tax year</dt><dd>${taxYear(filing)}</dd>
<dt>Status</dt><dd>${filing.status}</dd>
<dt>Created</dt><dd>${displayTimestamp(filing.created_at)}</dd>
<dt>Filing ID</dt><dd><code>${filing.id}</code></dd>
</dl>`;
}

/** GET `{app_url}/filings/{id}` and `{app_url}/partnership/{id}`: the view_url the tools return. */
export async function filingPage(
  context: CompanionContext,
  kind: FilingPageKind,
  id: string,
): Promise<Response> {
  const filing = await loadFiling(context, kind, id);
  if (!filing) return notFound(context);
  const description = KINDS[kind];
  const name = filing.llc_name || 'Unnamed filing';
  return pageResponse({
    ...context,
    title: `${name}: ${description.title}`,
    body: html`<p class="muted">${description.title}</p>
<h1>${name}</h1>
<p class="noprint"><a href="${description.pdfUrl(context.appUrl, filing.id)}">Printable view (PDF link)</a> · <a href="${context.appPath}/">All filings</a></p>
<h2>Summary</h2>
${summary(filing)}
<h2>Form data</h2>
${renderJsonValue(filing.form_data, 0, description.fieldOrder)}`,
  });
}

/**
 * GET `{app_url}/filings/{id}/pdf` and `{app_url}/partnership/{id}/pdf`: what get_pdf_url links
 * to. The local companion renders no PDF forms; it shows a print-ready page (print it to PDF from
 * the browser). Filling the official IRS forms is the hosted companion app's job.
 */
export async function filingPrintPage(
  context: CompanionContext,
  kind: FilingPageKind,
  id: string,
): Promise<Response> {
  const filing = await loadFiling(context, kind, id);
  if (!filing) return notFound(context);
  const description = KINDS[kind];
  const name = filing.llc_name || 'Unnamed filing';
  return pageResponse({
    ...context,
    navigation: false,
    title: `${name}: printable view`,
    body: html`<p class="notice noprint">Printable view. The local companion does not generate the IRS PDF forms: use your browser's Print command to save this page as a PDF. <a href="${description.viewUrl(context.appUrl, filing.id)}">Back to the filing</a></p>
<h1>${name}</h1>
<p>${description.title}</p>
${summary(filing)}
<h2>Form data</h2>
${renderJsonValue(filing.form_data, 0, description.fieldOrder)}`,
  });
}

function filingTable(context: CompanionContext, kind: FilingPageKind, filings: FilingSummary[]): SafeHtml {
  if (filings.length === 0) return html`<p class="muted">None yet.</p>`;
  const description = KINDS[kind];
  return html`<table>
<thead><tr><th>Name</th><th>EIN</th><th>Tax year</th><th>Status</th><th>Created</th></tr></thead>
<tbody>${filings.map(
    (filing) =>
      html`<tr><td><a href="${description.viewUrl(context.appUrl, filing.id)}">${filing.llc_name || 'Unnamed filing'}</a></td><td>${filing.ein ?? ''}</td><td>${taxYear(filing)}</td><td>${filing.status}</td><td>${displayTimestamp(filing.created_at)}</td></tr>`,
  )}</tbody>
</table>${filings.length === INDEX_LIMIT ? html`<p class="muted">Showing the newest ${INDEX_LIMIT}.</p>` : ''}`;
}

/** GET `{app_url}/`: the local user's filings of both kinds, newest first. */
export async function filingsIndexPage(context: CompanionContext): Promise<Response> {
  const repository = new FilingRepository(context.db);
  const [filings, partnershipFilings] = await Promise.all([
    repository.listFilings('filings', context.userId, INDEX_LIMIT),
    repository.listFilings('partnership_filings', context.userId, INDEX_LIMIT),
  ]);
  return pageResponse({
    ...context,
    title: 'Your filings',
    body: html`<h1>Your filings</h1>
<p class="muted">Filings created through the MCP tools at <code>${context.baseUrl}</code> for the local user.</p>
<h2>Form 5472 / 1120</h2>
${filingTable(context, 'filing', filings)}
<h2>Partnerships</h2>
${filingTable(context, 'partnership', partnershipFilings)}`,
  });
}
