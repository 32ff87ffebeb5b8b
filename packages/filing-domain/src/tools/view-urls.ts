import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { kindRecord, type FilingKind } from '../kinds/filing-kinds.js';

/**
 * Links into the companion app at `{app_url}`. The companion pages serve exactly these paths (each
 * kind's `page` in `FILING_KINDS`), so they are built in one place. `appUrl` is taken without a
 * trailing slash; the id is URL-encoded.
 */
function join(appUrl: string, path: string): string {
  return withoutTrailingSlash(appUrl) + path;
}

/** The companion page of a filing whose kind's pages are under `/{page}/`: `{app_url}/{page}/{id}`. */
export function pageViewUrl(page: string, appUrl: string, id: string): string {
  return join(appUrl, `/${page}/${encodeURIComponent(id)}`);
}

/** The companion page of a filing of `kind`: `{app_url}/{page}/{id}` (`/filings/...`, `/partnership/...`). */
export function kindViewUrl(kind: FilingKind, appUrl: string, id: string): string {
  return pageViewUrl(kindRecord(kind).page, appUrl, id);
}

/** The PDF deep link of a filing of `kind`: `{app_url}/{page}/{id}/pdf`. */
export function kindPdfUrl(kind: FilingKind, appUrl: string, id: string): string {
  return `${kindViewUrl(kind, appUrl, id)}/pdf`;
}

/** Filing page of a single-member filing: `{app_url}/filings/{id}`. */
export function filingViewUrl(appUrl: string, id: string): string {
  return kindViewUrl('5472', appUrl, id);
}

/** Workflow page of a partnership filing: `{app_url}/partnership/{id}`. */
export function partnershipFilingViewUrl(appUrl: string, id: string): string {
  return kindViewUrl('partnership', appUrl, id);
}

/** PDF deep link of a single-member filing: `{app_url}/filings/{id}/pdf`. */
export function filingPdfUrl(appUrl: string, id: string): string {
  return kindPdfUrl('5472', appUrl, id);
}

/** PDF deep link of a partnership filing: `{app_url}/partnership/{id}/pdf`. */
export function partnershipFilingPdfUrl(appUrl: string, id: string): string {
  return kindPdfUrl('partnership', appUrl, id);
}
