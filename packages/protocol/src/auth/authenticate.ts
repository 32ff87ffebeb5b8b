import { fixedErrorResponse, type FixedResponse } from '../http/fixed-response.js';
import { retryAfterHeaders } from '../http/headers.js';
import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import type { RpcCall } from '../jsonrpc/message.js';
import type { RetryableError } from '../jsonrpc/retryable-error.js';
import type { RequestContext } from '../context/request-context.js';
import type { AuthInfo } from '../context/auth-info.js';
import type { Challenges } from './challenges.js';
import { bearerCredential } from './credential.js';

/**
 * Verifies a bearer credential. Resolve to the caller's identity, or to `undefined` when the
 * credential is unknown, expired or revoked (the core answers 401 with `error="invalid_token"`).
 * Throwing is an internal error (HTTP 500 / -32603), not an authentication failure. `context` is
 * the adapter's per-request context, when it passed one (e.g. for `waitUntil` of background work).
 */
export type Authenticate = (
  credential: string,
  request: Request,
  context?: RequestContext,
) => Promise<AuthInfo | undefined>;

/** Who the caller is (none when no credential was needed), or the answer refusing the request. */
export type Authenticated = { readonly auth: AuthInfo | undefined } | FixedResponse;
const ANONYMOUS: Authenticated = Object.freeze({ auth: undefined });

/** What authentication needs to know of the server. */
export interface AuthenticatorOptions {
  authenticate: Authenticate | undefined;
  requireAuth: 'tools/call' | 'all' | 'none' | undefined;
  /** When set, `resources/read` needs a credential as `tools/call` does. */
  scopedResourceReads: boolean;
  challenges: Challenges;
  retryableError: ((error: unknown) => RetryableError | undefined) | undefined;
  reportError: (error: unknown, where: { method?: string }) => void;
}

/**
 * Authenticates at most once per HTTP request. A credential that is present is always checked,
 * whatever the method, so clients holding an expired token learn it and refresh. Answers the
 * caller (or none, when no credential is needed), or the 401/403/500 answer; a promise only when
 * a credential has to be checked.
 */
export type Authenticator = (
  calls: ReadonlyArray<RpcCall | string>,
  batch: boolean,
  request: Request,
  context: RequestContext | undefined,
) => Authenticated | Promise<Authenticated>;

/** The server's {@link Authenticator}. */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const { authenticate, challenges, retryableError, reportError } = options;
  const requireAuthForAll = options.requireAuth === 'all';
  const requireAuthForNone = options.requireAuth === 'none';

  function needsCredential(call: RpcCall | string): boolean {
    if (requireAuthForNone) return false;
    if (requireAuthForAll) return true;
    if (typeof call === 'string' || call.id === undefined) return false;
    return call.method === 'tools/call' || (call.method === 'resources/read' && options.scopedResourceReads);
  }

  async function checkCredential(
    check: Authenticate,
    credential: string,
    calls: ReadonlyArray<RpcCall | string>,
    batch: boolean,
    request: Request,
    context: RequestContext | undefined,
  ): Promise<Authenticated> {
    let auth: AuthInfo | undefined;
    try {
      auth = await check(credential, request, context);
    } catch (error) {
      const id = batch ? null : ((calls[0] as RpcCall).id ?? null);
      const retry = retryableError?.(error);
      if (retry !== undefined) {
        return fixedErrorResponse(
          retry.status,
          id,
          retry.code,
          retry.message,
          retryAfterHeaders(retry.retryAfterSeconds),
        );
      }
      reportError(error, { method: batch ? 'batch' : (calls[0] as RpcCall).method });
      return fixedErrorResponse(500, id, JsonRpcErrorCode.InternalError, 'Internal error');
    }
    if (auth === undefined) return challenges.unauthorized(calls, batch, true);
    if (context !== undefined) context.auth = auth;
    return challenges.insufficientScope(calls, batch, auth) ?? { auth };
  }

  return (calls, batch, request, context) => {
    const credential = bearerCredential(request);
    const needed = calls.some(needsCredential);
    if (credential !== undefined && (authenticate !== undefined || needed)) {
      if (authenticate === undefined) return challenges.unauthorized(calls, batch, true);
      return checkCredential(authenticate, credential, calls, batch, request, context);
    }
    return needed ? challenges.unauthorized(calls, batch, false) : ANONYMOUS;
  };
}
