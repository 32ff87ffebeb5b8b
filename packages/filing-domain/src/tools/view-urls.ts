/**
 * Links into the companion app at `{app_url}`. The companion pages serve exactly these paths, so
 * they are built in one place. `appUrl` is taken without a trailing slash; the id is URL-encoded.
 */
function join(appUrl: string, path: string): string {
  return appUrl.replace(/\/+$/, '') + path;
}

/** Filing page of a single-member filing: `{app_url}/filings/{id}`. */
export function filingViewUrl(appUrl: string, id: string): string {
  return join(appUrl, `/filings/${encodeURIComponent(id)}`);
}

/** Workflow page of a partnership filing: `{app_url}/partnership/{id}`. */
export function partnershipFilingViewUrl(appUrl: string, id: string): string {
  return join(appUrl, `/partnership/${encodeURIComponent(id)}`);
}

/** PDF deep link of a single-member filing: `{app_url}/filings/{id}/pdf`. */
export function filingPdfUrl(appUrl: string, id: string): string {
  return join(appUrl, `/filings/${encodeURIComponent(id)}/pdf`);
}

/** PDF deep link of a partnership filing: `{app_url}/partnership/{id}/pdf`. */
export function partnershipFilingPdfUrl(appUrl: string, id: string): string {
  return join(appUrl, `/partnership/${encodeURIComponent(id)}/pdf`);
}
