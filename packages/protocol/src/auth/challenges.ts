import { type FixedResponse, fixedJsonResponse } from '../http/fixed-response.js';
import { challengeHeaders, noStore } from '../http/headers.js';
import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import type { RpcCall } from '../jsonrpc/message.js';
import { isPlainObject } from '../util/plain-object.js';
import { errorMessage, type ResponseId } from '../jsonrpc/response.js';
import type { AuthInfo } from '../context/auth-info.js';

/** A scope check of one call's target (a tool name, a resource URI): the missing scopes, or undefined. */
export type ScopeCheck = (target: string, auth: AuthInfo) => readonly string[] | undefined;

/** What the challenges need to know of the server. */
export interface ChallengeOptions {
  /** Absolute URL of the RFC 9728 protected-resource metadata, named in every challenge. */
  resourceMetadataUrl?: string | undefined;
  authorizeToolCall?: ScopeCheck | undefined;
  authorizeResourceRead?: ScopeCheck | undefined;
}

/** The 401 and 403 answers of one server (RFC 6750 section 3), their fixed headers built once. */
export interface Challenges {
  /** The 401 answer: one -32001 error per request, with its id (docs/spec-differences.md#authentication). */
  unauthorized(calls: ReadonlyArray<RpcCall | string>, batch: boolean, invalid: boolean): FixedResponse;
  /**
   * The 403 scope challenge when a tools/call or resources/read of the request needs scopes the
   * credential lacks: every scope any refused call names, in one challenge (SEP-2350), or
   * undefined when all may run.
   */
  insufficientScope(
    calls: ReadonlyArray<RpcCall | string>,
    batch: boolean,
    auth: AuthInfo,
  ): FixedResponse | undefined;
}

/** @throws TypeError when `resourceMetadataUrl` cannot go inside the challenge's quoted-string. */
export function createChallenges(options: ChallengeOptions): Challenges {
  const { resourceMetadataUrl: metadataUrl, authorizeToolCall, authorizeResourceRead } = options;
  // The URL goes inside a quoted-string of the challenge; a quote or backslash would break it.
  if (metadataUrl !== undefined && (!URL.canParse(metadataUrl) || /["\\\s]/.test(metadataUrl))) {
    throw new TypeError('resourceMetadataUrl must be an absolute URL without quotes, backslashes or spaces');
  }
  const challenge =
    'Bearer realm="mcp"' + (metadataUrl === undefined ? '' : `, resource_metadata="${metadataUrl}"`);
  const missingCredentialHeaders = challengeHeaders(challenge);
  const invalidCredentialHeaders = challengeHeaders(`${challenge}, error="invalid_token"`);

  return {
    unauthorized(calls, batch, invalid) {
      const headers = invalid ? invalidCredentialHeaders : missingCredentialHeaders;
      const errors: string[] = [];
      for (const call of calls) {
        if (typeof call !== 'string' && call.id !== undefined) {
          errors.push(errorMessage(call.id, JsonRpcErrorCode.Unauthorized, 'Unauthorized'));
        }
      }
      const body =
        batch && errors.length > 0
          ? '[' + errors.join(',') + ']'
          : (errors[0] ?? errorMessage(null, JsonRpcErrorCode.Unauthorized, 'Unauthorized'));
      return fixedJsonResponse(401, body, headers);
    },

    insufficientScope(calls, batch, auth) {
      if (authorizeToolCall === undefined && authorizeResourceRead === undefined) return undefined;
      const scopes = new Set<string>();
      const refusedIds: ResponseId[] = [];
      for (const call of calls) {
        if (typeof call === 'string' || call.id === undefined) continue;
        const authorize =
          call.method === 'tools/call'
            ? authorizeToolCall
            : call.method === 'resources/read'
              ? authorizeResourceRead
              : undefined;
        if (authorize === undefined) continue;
        const target = isPlainObject(call.params)
          ? call.method === 'tools/call'
            ? call.params.name
            : call.params.uri
          : undefined;
        if (typeof target !== 'string') continue;
        const needed = authorize(target, auth);
        if (needed === undefined) continue;
        for (const scope of needed) scopes.add(scope);
        refusedIds.push(call.id);
      }
      if (refusedIds.length === 0) return undefined;
      const scope = [...scopes].join(' ');
      // Scope tokens never hold a quote or backslash (RFC 6749 section 3.3); a definition that did
      // would break the quoted-string, so such characters are dropped rather than echoed.
      const quoted = scope.replace(/["\\]/g, '');
      const header =
        `Bearer error="insufficient_scope", scope="${quoted}"` +
        (metadataUrl === undefined ? '' : `, resource_metadata="${metadataUrl}"`) +
        ', error_description="this call needs a broader scope"';
      const message = `Forbidden: insufficient scope (needs ${quoted})`;
      const errors = refusedIds.map((id) => errorMessage(id, JsonRpcErrorCode.InsufficientScope, message));
      const body = batch ? '[' + errors.join(',') + ']' : errors[0]!;
      // An answer to an authenticated caller: not to be stored.
      return fixedJsonResponse(403, body, noStore(challengeHeaders(header)));
    },
  };
}
