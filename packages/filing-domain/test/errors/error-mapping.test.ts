import { InvalidAsOfError, PacketTooLargeError, UnprintableTextError } from '@filing-mcp/irs-forms';
import { SignedCopyError, TemplateFieldError } from '@filing-mcp/irs-forms/pdf';
import { JsonRpcErrorCode, McpError } from '@filing-mcp/protocol';
import { describe, expect, it } from 'vitest';
import { mcpInvalidParams, mcpRetryableError } from '../../src/errors/mcp-errors.js';
import {
  DatabaseUnavailableError,
  errorResponse,
  HttpError,
  httpErrorOf,
  internalErrorResponse,
  PacketsBusyError,
  RateLimitedError,
  SignedCopyRefusedError,
} from '../../src/index.js';

/**
 * Each error the product answers, as the JSON routes answer it (status, body, Retry-After) and as
 * the MCP endpoint does (-32602 with `data.code`, or 429/503 with -32004/-32005 and Retry-After).
 * The same statuses on the companion pages: packages/companion/test/error-pages.test.ts; the
 * answers over real sockets: adapters/node/test/error-surfaces.test.ts.
 */
const TABLE: Array<{
  error: Error;
  status: number;
  code: string | undefined;
  retryAfter?: string;
  mcp: { code: number; status?: number; data?: Record<string, unknown> };
}> = [
  {
    error: new PacketTooLargeError('pages', 1_344, 1_000),
    status: 413,
    code: 'packet_too_large',
    mcp: { code: -32602, data: { code: 'packet_too_large', limit: 'pages', actual: 1_344, max: 1_000 } },
  },
  {
    error: new UnprintableTextError({ field: 'ownerName', character: '王' }),
    status: 422,
    code: 'unprintable_text',
    mcp: { code: -32602, data: { code: 'unprintable_text', field: 'ownerName' } },
  },
  {
    error: new InvalidAsOfError('2025-02-30'),
    status: 400,
    code: 'invalid_as_of',
    mcp: { code: -32602, data: { code: 'invalid_as_of' } },
  },
  {
    error: new SignedCopyError('unsupported_type', 'Upload a PDF, JPEG or PNG'),
    status: 415,
    code: 'unsupported_type',
    mcp: { code: -32602, data: { code: 'unsupported_type' } },
  },
  {
    error: new SignedCopyError('encrypted', 'scan.pdf is password-protected'),
    status: 422,
    code: 'encrypted',
    mcp: { code: -32602, data: { code: 'encrypted' } },
  },
  {
    error: new SignedCopyRefusedError(404, 'filing_not_found', 'Filing not found'),
    status: 404,
    code: 'filing_not_found',
    mcp: { code: -32602, data: { code: 'filing_not_found' } },
  },
  {
    error: new PacketsBusyError('queue'),
    status: 503,
    code: 'packets_busy',
    retryAfter: '5',
    mcp: { code: JsonRpcErrorCode.ServiceUnavailable, status: 503 },
  },
  {
    error: new RateLimitedError(42),
    status: 429,
    code: 'rate_limited',
    retryAfter: '42',
    mcp: { code: JsonRpcErrorCode.RateLimited, status: 429 },
  },
  {
    error: new DatabaseUnavailableError('timed out waiting for a database connection'),
    status: 503,
    code: 'database_unavailable',
    retryAfter: '5',
    mcp: { code: JsonRpcErrorCode.ServiceUnavailable, status: 503 },
  },
];

describe('one mapping per surface: each error, its HTTP answer and its MCP answer', () => {
  it.each(TABLE)('$code: HTTP $status', async ({ error, status, code, retryAfter }) => {
    const http = httpErrorOf(error);
    expect(http).toBeInstanceOf(HttpError);
    const response = errorResponse(http!);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('retry-after')).toBe(retryAfter ?? null);
    const body = (await response.json()) as { message: string };
    expect(body).toEqual({ code: status, error: code, message: http!.message });
    // The message says what to do; a database's own words (its address, a query) never leave.
    expect(body.message).not.toContain('database connection');
  });

  it.each(TABLE)('$code: MCP $mcp.code', ({ error, mcp, retryAfter }) => {
    const invalid = mcpInvalidParams(error, { uri: 'filing://filings/x/packet.pdf' });
    const retry = mcpRetryableError(error);
    if (mcp.code === -32602) {
      expect(retry).toBeUndefined();
      expect(invalid).toBeInstanceOf(McpError);
      expect(invalid).toMatchObject({
        code: -32602,
        data: { uri: 'filing://filings/x/packet.pdf', ...mcp.data },
      });
      expect(invalid!.message).toBe(httpErrorOf(error)!.message);
    } else {
      expect(invalid).toBeUndefined();
      expect(retry).toMatchObject({
        code: mcp.code,
        status: mcp.status,
        retryAfterSeconds: Number(retryAfter),
      });
    }
  });

  it('a failure nobody expected has no mapping: a 500 that names no cause, a -32603 on MCP', async () => {
    for (const error of [
      new Error('connect ECONNREFUSED 10.0.0.5:5432 password=secret'),
      new TemplateFieldError('f5472: line 1a is not in f5472.pdf'),
      Object.assign(new Error('no such file'), { code: 'ENOENT' }),
      'a string',
      undefined,
    ]) {
      expect(httpErrorOf(error)).toBeUndefined();
      expect(mcpInvalidParams(error, {})).toBeUndefined();
      expect(mcpRetryableError(error)).toBeUndefined();
    }
    const response = internalErrorResponse();
    expect(response.status).toBe(500);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ code: 500, message: 'Internal server error' });
  });

  it('an HttpError keeps its own status, code and headers; the body has no error field without a code', async () => {
    const challenge = new HttpError(401, 'Unauthorized', { headers: { 'www-authenticate': 'Bearer' } });
    expect(httpErrorOf(challenge)).toBe(challenge);
    const response = errorResponse(challenge);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ code: 401, message: 'Unauthorized' });
  });
});
