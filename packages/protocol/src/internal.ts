/**
 * `@filing-mcp/protocol/internal`: helpers that are not MCP, shared by this workspace's packages
 * (promise checks, lazy values, secret keys, base64url, JSON object checks, URLs without a trailing slash, the tools' JSON Schemas and
 * validators built ahead of a server). No stability promise beyond this repository's packages:
 * an MCP server author needs only the main entry.
 */
export { isPromise } from './util/is-promise.js';
export { lazyOnce } from './util/lazy-once.js';
export { isPlainObject } from './util/plain-object.js';
export { withoutTrailingSlash } from './util/trailing-slash.js';
export { base64url, fromBase64url, type SecretKeyOptions, secretKey } from './util/secret-key.js';
export { buildToolValidators, toolJsonSchemas } from './primitives/tools/registry.js';
