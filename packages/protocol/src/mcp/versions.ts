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
 * The two wires this package speaks, each named by its revision (as the MCP SDK's `wire/` folders
 * are): `2025-11-25` stands for the handshake revisions 2025-03-26, 2025-06-18 and 2025-11-25,
 * which share one vocabulary; `2026-07-28` for the per-request envelope of MCP 2026-07-28.
 */
export type WireRevision = '2025-11-25' | '2026-07-28';

/**
 * Revisions of the 2026-07-28 wire (MCP 2026-07-28 and later): no handshake, per-request `_meta`. These
 * are the `supportedVersions` of `server/discover`, and the `supported` list of every -32022.
 */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2026-07-28']);

/** The first revision of the 2026-07-28 wire: a date at or after it in `MCP-Protocol-Version` selects that wire. */
export const FIRST_2026_WIRE_VERSION = '2026-07-28';

const DATE_VERSION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** A dated revision older than the 2026-07-28 wire (2024-11-05, say): a client of the 2025 wire. */
export function predates2026Wire(version: string): boolean {
  return version < FIRST_2026_WIRE_VERSION && DATE_VERSION.test(version);
}
