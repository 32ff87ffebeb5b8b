import { isPlainObject } from '../util/plain-object.js';

/**
 * The reserved `_meta` keys of MCP 2026-07-28 (the request envelope and the result's server
 * identity: https://modelcontextprotocol.io/specification/2026-07-28/basic), named once for every
 * file that reads or writes them.
 */
export const META_KEYS = Object.freeze({
  /** Request envelope: the revision the request is written in. */
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  /** Request envelope: the client's capabilities for this request (the only ones to trust). */
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  /** Request envelope: the client's name and version. */
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  /** Request envelope: the lowest log level the client wants on the request's stream. */
  logLevel: 'io.modelcontextprotocol/logLevel',
  /** Result: the server's name and version. */
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  /** `subscriptions/listen`: the subscription a notification or final result belongs to. */
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const);

/** True when a request's params carry the 2026-07-28 envelope claim (`_meta` protocolVersion). */
export function hasVersionClaim(params: unknown): boolean {
  if (!isPlainObject(params)) return false;
  const meta = params._meta;
  return isPlainObject(meta) && META_KEYS.protocolVersion in meta;
}
