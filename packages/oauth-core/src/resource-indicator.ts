/**
 * Characters the WHATWG URL parser drops or rewrites silently (ASCII whitespace and controls, the
 * backslash it reads as `/` in http(s) URLs): a `resource` holding one names something else on the
 * wire than it appears to, so it never matches.
 */
function rewrittenByParser(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    if (unit <= 0x20 || unit === 0x7f || unit === 0x5c) return true;
  }
  return false;
}
/** `scheme://`: the parser also reads `https:host` and `https:///host` as `https://host/`. */
const ABSOLUTE_WITH_AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]/;

/**
 * Whether an RFC 8707 `resource` parameter names the configured resource.
 *
 * Both sides are compared as normalised URLs (`URL.href`), because clients serialise the resource
 * through `URL`: the official MCP SDK sends `https://h/` for a resource configured (and advertised)
 * as `https://h`, and scheme and host are case-insensitive. Nothing else is loosened: another path
 * (including a trailing slash after a non-root path), a query, a fragment, user info or another
 * port never match.
 */
export function isConfiguredResource(requested: string, configured: string): boolean {
  if (rewrittenByParser(requested) || !ABSOLUTE_WITH_AUTHORITY.test(requested)) return false;
  let href: string;
  try {
    href = new URL(requested).href;
  } catch {
    return false;
  }
  return href === new URL(configured).href;
}
