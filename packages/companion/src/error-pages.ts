import { httpErrorOf } from '@filing-mcp/filing-domain';
import { IrsFormsError } from '@filing-mcp/irs-forms';
import { errorPage } from './page.js';

/** The heading of each error's page, by its stable code; the message says what to do. */
const TITLES: Record<string, string> = {
  packet_too_large: 'The packet is too large',
  unprintable_text: 'The forms cannot be printed',
  packets_busy: 'The packet cannot be built just now',
  database_unavailable: 'The service is unavailable just now',
  rate_limited: 'Too many requests',
  filing_not_found: 'Filing not found',
  invalid_as_of: 'Request refused',
};
// A signed copy the upload refused (storeSignedCopy, irs-forms' SignedCopyError): the message says why.
const SIGNED_COPY_REFUSED = 'Signed copy refused';

function title(code: string | undefined): string {
  return code === undefined
    ? 'Request refused'
    : ((Object.hasOwn(TITLES, code) ? TITLES[code] : undefined) ?? SIGNED_COPY_REFUSED);
}

/**
 * The companion's one mapping of an error to its HTML page: the status, code and `Retry-After`
 * of `httpErrorOf` (the same the JSON routes and the MCP endpoint answer for the same error), a
 * heading by code, and the error's message (irs-forms' own, which names the field or the bound).
 * Undefined for an error nobody expected: the app answers its 500 page, naming no cause.
 */
export function errorPageOf(
  context: { appPath: string; userId: string; navigation?: boolean },
  error: unknown,
): Response | undefined {
  const http = httpErrorOf(error);
  if (http === undefined) return undefined;
  const message = error instanceof IrsFormsError ? error.message : http.message;
  return errorPage(context, http.status, title(http.code), message, {
    ...http.headers,
  });
}
