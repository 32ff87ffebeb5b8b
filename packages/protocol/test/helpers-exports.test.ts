import { describe, expect, it } from 'vitest';
import {
  bearerCredential,
  corsHeaders,
  loopbackAllowList,
  preflightResponse,
  withCors,
} from '../src/index.js';
import { CORS_EXPECTED, expectCorsHeaders, json } from './helpers.js';

function withAuthorization(value?: string) {
  return new Request('http://localhost/', value === undefined ? {} : { headers: { authorization: value } });
}

describe('bearerCredential', () => {
  it.each([
    ['Bearer nf_abc', 'nf_abc'],
    ['bearer nf_abc', 'nf_abc'],
    ['BEARER   mcp_at_x  ', 'mcp_at_x'],
    ['Bearer ', undefined],
    ['Bearer', undefined],
    ['Basic dTpw', undefined],
    ['Bearernf_abc', undefined],
    [undefined, undefined],
  ])('%j -> %j', (header, expected) => {
    expect(bearerCredential(withAuthorization(header))).toBe(expected);
  });
});

describe('CORS helpers', () => {
  it('corsHeaders is the contract list plus last-event-id, mcp-method and mcp-name, and frozen', () => {
    expect(corsHeaders).toEqual(CORS_EXPECTED);
    expect(Object.isFrozen(corsHeaders)).toBe(true);
  });

  it('preflightResponse is 200, headers only', async () => {
    const response = preflightResponse();
    expect(response.status).toBe(200);
    expectCorsHeaders(response);
    expect(await response.text()).toBe('');
  });

  it('withCors adds the headers to a mutable response and keeps its own', async () => {
    const response = withCors(
      Response.json({ ok: true }, { status: 201, headers: { 'cache-control': 'no-store' } }),
    );
    expect(response.status).toBe(201);
    expectCorsHeaders(response);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await json(response)).toEqual({ ok: true });
  });

  it('withCors copies a response whose headers are immutable', () => {
    const redirect = Response.redirect('https://app.example/oauth/authorize?x=1', 302);
    const response = withCors(redirect);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://app.example/oauth/authorize?x=1');
    expectCorsHeaders(response);
  });

  it('responses do not share one Headers object', () => {
    const a = preflightResponse();
    a.headers.set('x-mine', '1');
    expect(preflightResponse().headers.get('x-mine')).toBeNull();
  });
});

describe('loopbackAllowList', () => {
  it('lists loopback hosts at the port, and loopback origins on any port', () => {
    expect(loopbackAllowList('127.0.0.1', 3000)).toEqual({
      allowedHosts: ['localhost:3000', '127.0.0.1:3000', '[::1]:3000'],
      allowedOrigins: [
        'http://localhost:*',
        'https://localhost:*',
        'http://127.0.0.1:*',
        'https://127.0.0.1:*',
        'http://[::1]:*',
        'https://[::1]:*',
      ],
    });
  });

  it('adds the listening name when it is another loopback address, and port-less hosts on 80', () => {
    const list = loopbackAllowList('127.0.0.2', 80)!;
    expect(list.allowedHosts).toContain('127.0.0.2:80');
    expect(list.allowedHosts).toContain('127.0.0.2');
    expect(list.allowedOrigins).toContain('http://127.0.0.2:*');
    expect(loopbackAllowList('::1', 8080)!.allowedHosts).toContain('[::1]:8080');
    expect(loopbackAllowList('127.0.0.1', 3000)!.allowedHosts).not.toContain('localhost');
  });

  it('is undefined for a non-loopback listener', () => {
    expect(loopbackAllowList('0.0.0.0', 3000)).toBeUndefined();
    expect(loopbackAllowList('tax.example', 443)).toBeUndefined();
  });
});
