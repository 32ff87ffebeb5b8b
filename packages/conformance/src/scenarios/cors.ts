import { describe, expect, it } from 'vitest';
import { allowedOrigin, expectCors } from '../support/assertions.js';
import { postMcp, rpcRequest } from '../support/mcp.js';
import type { Scenarios } from '../support/scenario-context.js';

/** CORS on every endpoint; OPTIONS answers 200 with headers only and never 401 (docs/spec-differences.md#cors). */
export const corsScenarios: Scenarios = (context) => {
  const addresses = () => {
    const base = context.target.baseUrl;
    const url = new URL(base);
    const path = url.pathname.replace(/\/$/, '');
    return [
      base,
      `${base}/.well-known/oauth-protected-resource`,
      `${base}/.well-known/oauth-authorization-server`,
      `${base}/.well-known/openid-configuration`,
      `${url.origin}/.well-known/oauth-protected-resource${path}`,
      `${url.origin}/.well-known/oauth-authorization-server${path}`,
      `${base}/register`,
      `${base}/authorize`,
      `${base}/approve`,
      `${base}/token`,
      `${base}/revoke`,
    ];
  };

  describe('cors', () => {
    it('OPTIONS on every endpoint answers 200 with the CORS headers and no body, even with a bad credential', async () => {
      for (const address of addresses()) {
        const origin = allowedOrigin(context.target);
        const response = await context.target.fetch(address, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
            authorization: 'Bearer nf_definitely-not-valid',
          },
        });
        expect(response.status, address).toBe(200);
        expectCors(response, origin);
        expect(await response.text(), address).toBe('');
      }
    });

    it('error answers carry CORS headers too (401, 405, 400 on OAuth endpoints)', async () => {
      const origin = allowedOrigin(context.target);
      const unauthorized = await postMcp(
        context.target,
        rpcRequest('tools/call', { name: 'list_filings', arguments: {} }),
        { headers: { origin } },
      );
      expect(unauthorized.status).toBe(401);
      expectCors(unauthorized, origin);
      const notAllowed = await context.target.fetch(context.target.baseUrl, { headers: { origin } });
      expect(notAllowed.status).toBe(405);
      expectCors(notAllowed, origin);
      const badToken = await context.target.fetch(`${context.target.baseUrl}/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password',
      });
      expect(badToken.status).toBe(400);
      expectCors(badToken, origin);
    });
  });
};
