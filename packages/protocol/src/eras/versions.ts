/**
 * MCP protocol versions the core speaks unless `protocolVersions` says otherwise (version negotiation:
 * https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation).
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = Object.freeze([
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
]);

/** Version `initialize` answers when the client asks for one the server does not speak (the spec's value). */
export const DEFAULT_PROTOCOL_VERSION = '2025-06-18';

/**
 * Version assumed when a request carries no `MCP-Protocol-Version` header: the streamable HTTP
 * transport says servers should treat such requests as 2025-03-26.
 */
export const ASSUMED_PROTOCOL_VERSION = '2025-03-26';

/**
 * Revisions of the modern era (MCP 2026-07-28 and later): no handshake, per-request `_meta`. These
 * are the `supportedVersions` of `server/discover`, and the `supported` list of every -32022.
 */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2026-07-28']);

/** The first modern revision: a date at or after it in `MCP-Protocol-Version` selects the modern era. */
export const FIRST_MODERN_PROTOCOL_VERSION = '2026-07-28';

const DATE_VERSION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** A dated revision older than the modern era (2024-11-05, say): a legacy client, not a modern one. */
export function isLegacyEraDate(version: string): boolean {
  return DATE_VERSION.test(version) && version < FIRST_MODERN_PROTOCOL_VERSION;
}
