import { predates2026Wire } from '../mcp/versions.js';
import { hasVersionClaim } from '../mcp/meta-keys.js';
import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import { plainBodyText, type RpcCall, toCall } from '../jsonrpc/message.js';
import { isPlainObject } from '../util/plain-object.js';
import type { AllowListCheck } from './allow-list-check.js';
import { fixedErrorResponse, FixedResponse, fixedJsonResponse } from './fixed-response.js';
import { PREFLIGHT_HEADERS } from './cors.js';
import { METHOD_NOT_ALLOWED_HEADERS } from './headers.js';

/** What the transport's checks need to know of the server. */
export interface ClassifyOptions {
  allowListCheck: AllowListCheck | undefined;
  /** The 2025 revisions served; a 2025-or-earlier date outside them is refused. */
  protocolVersions: ReadonlySet<string>;
  maxBodyBytes: number;
  maxBatchSize: number;
}

/** The inbound classification of an HTTP request, before and after its body is read. */
export interface Classifier {
  /**
   * The checks made on the head alone, in order: OPTIONS (the preflight), Host and Origin (403),
   * method (405), version header (400), media type (415), declared size (413). Answers the
   * refusal, or whether the version header names the 2026-07-28 wire.
   */
  head(request: Request): FixedResponse | boolean;
  /** The 413 answer. */
  tooLarge(): FixedResponse;
  /**
   * Parses the body (400 -32700) and applies the batch rules (none on the 2026-07-28 wire, not empty,
   * not too long): one call, a batch of checked calls and refusals, or the answer.
   */
  body(text: string | undefined, header2026: boolean): FixedResponse | RpcCall | Array<RpcCall | string>;
}

/** The {@link Classifier} of one server. */
export function createClassifier(options: ClassifyOptions): Classifier {
  const { allowListCheck, protocolVersions, maxBodyBytes, maxBatchSize } = options;
  const supportedVersionsText = [...protocolVersions].join(', ');
  const preflight = new FixedResponse(200, null, PREFLIGHT_HEADERS);
  const tooLarge = (): FixedResponse =>
    fixedErrorResponse(
      413,
      null,
      JsonRpcErrorCode.InvalidRequest,
      `Payload Too Large: the body exceeds ${maxBodyBytes} bytes`,
    );
  const invalid = (status: number, message: string): FixedResponse =>
    fixedErrorResponse(status, null, JsonRpcErrorCode.InvalidRequest, message);

  return {
    tooLarge,
    head(request) {
      const method = request.method;
      // Never a 401, so browsers learn they may send `Authorization` before they have a credential.
      if (method === 'OPTIONS') return preflight;
      const refused = allowListCheck?.(request);
      if (refused !== undefined) {
        return invalid(
          403,
          refused === 'host' ? 'Forbidden: Host not allowed' : 'Forbidden: Origin not allowed',
        );
      }
      if (method !== 'POST') {
        return fixedErrorResponse(
          405,
          null,
          JsonRpcErrorCode.InvalidRequest,
          'Method not allowed: this stateless server answers POST only',
          METHOD_NOT_ALLOWED_HEADERS,
        );
      }
      const headers = request.headers;
      // The era is the request's: a `_meta` protocolVersion claim in the body, or a version header
      // that names no 2025 revision (a later one, or one not a date), means 2026-07-28. A
      // 2025-or-earlier date this server does not speak is refused as it always was.
      const version = headers.get('mcp-protocol-version');
      const header2026 = version !== null && !protocolVersions.has(version) && !predates2026Wire(version);
      if (version !== null && !header2026 && !protocolVersions.has(version)) {
        return invalid(
          400,
          `Bad Request: unsupported MCP-Protocol-Version (supported versions: ${supportedVersionsText})`,
        );
      }
      if (!isJsonMediaType(headers.get('content-type'))) {
        return invalid(415, 'Unsupported Media Type: Content-Type must be application/json');
      }
      const contentLength = headers.get('content-length');
      if (contentLength !== null && Number(contentLength) > maxBodyBytes) return tooLarge();
      return header2026;
    },
    body(text, header2026) {
      let payload: unknown;
      try {
        if (text === undefined) throw new SyntaxError('not UTF-8');
        payload = JSON.parse(text);
      } catch {
        return fixedErrorResponse(400, null, JsonRpcErrorCode.ParseError, 'Parse error');
      }
      const paramsPlain = plainBodyText(text);
      if (!Array.isArray(payload)) {
        const call = toCall(payload, paramsPlain);
        return typeof call === 'string' ? fixedJsonResponse(400, call) : call;
      }
      if (
        header2026 ||
        payload.some((message) => isPlainObject(message) && hasVersionClaim(message.params))
      ) {
        return invalid(400, 'Invalid Request: MCP 2026-07-28 has no batches; send one request per POST');
      }
      if (payload.length === 0) return invalid(400, 'Invalid Request: empty batch');
      if (payload.length > maxBatchSize) {
        return invalid(400, `Invalid Request: a batch holds at most ${maxBatchSize} messages`);
      }
      return payload.map((message) => toCall(message, paramsPlain));
    },
  };
}

function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  if (contentType === 'application/json') return true;
  const semicolon = contentType.indexOf(';');
  const mediaType = semicolon === -1 ? contentType : contentType.slice(0, semicolon);
  return mediaType.trim().toLowerCase() === 'application/json';
}
