/**
 * The one spelling of a configured address or path: without trailing slashes (`https://a.test/mcp/`
 * is `https://a.test/mcp`, `/app/` is `/app`, `/` is the empty string). Shared by the workspace's
 * packages through `@filing-mcp/protocol/internal`.
 */
export function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}
