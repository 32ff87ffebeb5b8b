import {
  DatabaseUnavailableError,
  PacketsBusyError,
  RateLimitedError,
  SignedCopyRefusedError,
} from '@filing-mcp/filing-domain';
import { PacketTooLargeError, UnprintableTextError } from '@filing-mcp/irs-forms';
import { SignedCopyError } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { errorPageOf } from '../src/error-pages.js';

const context = { appPath: '/app', userId: 'local-user' };

/**
 * The page surface of the one error mapping: each error, the HTML page's status, heading and
 * Retry-After, the same status the JSON routes and the MCP endpoint answer
 * (packages/filing-domain/test/errors/error-mapping.test.ts; over sockets, adapters/node/test/error-surfaces.test.ts).
 */
const TABLE = [
  {
    error: new PacketTooLargeError('bytes', 20_000_000, 16_777_216),
    status: 413,
    title: 'The packet is too large',
    text: 'The packet would have 20,000,000 bytes',
  },
  {
    error: new UnprintableTextError({ field: 'llcName', character: '李' }),
    status: 422,
    title: 'The forms cannot be printed',
    text: 'form_data.llcName holds',
  },
  {
    error: new PacketsBusyError('user'),
    status: 503,
    title: 'The packet cannot be built just now',
    text: 'the packets of this user already being built are at the limit',
    retryAfter: '5',
  },
  {
    error: new RateLimitedError(30),
    status: 429,
    title: 'Too many requests',
    text: 'Too many requests',
    retryAfter: '30',
  },
  {
    error: new DatabaseUnavailableError('connect ECONNREFUSED 10.0.0.5:5432'),
    status: 503,
    title: 'The service is unavailable just now',
    text: 'Service unavailable',
    retryAfter: '5',
  },
  {
    error: new SignedCopyError('unsupported_type', 'scan.gif is not a PDF, JPEG or PNG'),
    status: 415,
    title: 'Signed copy refused',
    text: 'scan.gif is not a PDF, JPEG or PNG',
  },
  {
    error: new SignedCopyRefusedError(404, 'filing_not_found', 'Filing not found'),
    status: 404,
    title: 'Filing not found',
    text: 'Filing not found',
  },
];

describe('the companion pages of the one error mapping', () => {
  it.each(TABLE)('$title: $status', async ({ error, status, title, text, retryAfter }) => {
    const page = errorPageOf(context, error);
    expect(page?.status).toBe(status);
    expect(page?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page?.headers.get('retry-after')).toBe(retryAfter ?? null);
    const html = await page!.text();
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain(text);
    expect(html).not.toContain('10.0.0.5');
  });

  it('has no page for a failure nobody expected: the caller rethrows it (a 500 naming no cause)', () => {
    expect(errorPageOf(context, new Error('connect ECONNREFUSED'))).toBeUndefined();
    expect(errorPageOf(context, 'a string')).toBeUndefined();
  });
});
