import { describe, expect, it } from 'vitest';
import { expectCors } from '../support/assertions.js';
import type { Scenarios } from '../support/scenario-context.js';

/** Discovery documents and their addresses (RFC 8414, RFC 9728). */
export const oauthMetadataScenarios: Scenarios = (context) => {
  const pathOf = () => new URL(context.target.baseUrl).pathname.replace(/\/$/, '');
  const originOf = () => new URL(context.target.baseUrl).origin;
  const authorizationServerAddresses = () => [
    `${context.target.baseUrl}/.well-known/oauth-authorization-server`,
    `${context.target.baseUrl}/.well-known/openid-configuration`,
    `${originOf()}/.well-known/oauth-authorization-server${pathOf()}`,
  ];
  const protectedResourceAddresses = () => [
    `${context.target.baseUrl}/.well-known/oauth-protected-resource`,
    `${originOf()}/.well-known/oauth-protected-resource${pathOf()}`,
  ];

  describe('oauth metadata', () => {
    it('authorization-server metadata is served at every address, identical, with every required field', async () => {
      const documents = [];
      for (const address of authorizationServerAddresses()) {
        const response = await context.target.fetch(address);
        expect(response.status, address).toBe(200);
        expect(response.headers.get('content-type'), address).toMatch(/^application\/json/);
        expectCors(response);
        documents.push(await response.json());
      }
      const base = context.target.baseUrl;
      const [metadata] = documents as any[];
      for (const document of documents) expect(document).toEqual(metadata);
      expect(metadata).toMatchObject({
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        revocation_endpoint: `${base}/revoke`,
        response_types_supported: ['code'],
        // `mcp` (the spec's scope, everything) first; least-privilege scopes after it (docs/oauth.md#scopes).
        scopes_supported: ['mcp', 'filings:read', 'filings:write'],
        authorization_response_iss_parameter_supported: true,
      });
      expect([...metadata.grant_types_supported].sort()).toEqual(['authorization_code', 'refresh_token']);
      expect([...metadata.code_challenge_methods_supported].sort()).toEqual(['S256', 'plain']);
      expect(metadata.token_endpoint_auth_methods_supported).toEqual(
        expect.arrayContaining(['none', 'client_secret_post']),
      );
    });

    it('protected-resource metadata is served at both addresses; resource has no trailing slash', async () => {
      const documents = [];
      for (const address of protectedResourceAddresses()) {
        const response = await context.target.fetch(address);
        expect(response.status, address).toBe(200);
        expect(response.headers.get('content-type'), address).toMatch(/^application\/json/);
        expectCors(response);
        documents.push(await response.json());
      }
      for (const document of documents) expect(document).toEqual(documents[0]);
      expect(documents[0]).toMatchObject({
        resource: context.target.baseUrl,
        authorization_servers: [context.target.baseUrl],
        scopes_supported: ['mcp', 'filings:read', 'filings:write'],
        bearer_methods_supported: ['header'],
      });
      expect((documents[0] as any).resource.endsWith('/')).toBe(false);
    });

    it('issuer is byte-identical to the protected resource’s authorization server', async () => {
      const resource = (await (await context.target.fetch(protectedResourceAddresses()[0]!)).json()) as any;
      const issuerDoc = (await (
        await context.target.fetch(authorizationServerAddresses()[2]!)
      ).json()) as any;
      expect(issuerDoc.issuer).toBe(resource.authorization_servers[0]);
    });

    it('addresses and issuer come from configuration, not from a forwarded protocol', async () => {
      const response = await context.target.fetch(
        `${context.target.baseUrl}/.well-known/oauth-authorization-server`,
        {
          headers: { 'x-forwarded-proto': 'http' },
        },
      );
      const metadata = (await response.json()) as any;
      expect(metadata.issuer).toBe(context.target.baseUrl);
      expect(metadata.token_endpoint).toBe(`${context.target.baseUrl}/token`);
    });
  });
};
