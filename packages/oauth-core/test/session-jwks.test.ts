import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testDatabases } from '@filing-mcp/test-db';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeHash, oauthSuite, type RunningServer, s256, VERIFIER } from './helpers.js';

describe.each(testDatabases())('session JWTs and JWKS on $name', ({ create }) => {
  const suite = oauthSuite(create);
  let jwksServer: Server;
  let server: RunningServer;
  let unreachable: RunningServer;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

  beforeAll(async () => {
    const keys = await generateKeyPair('ES256');
    privateKey = keys.privateKey;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    jwksServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
    server = await suite.start({ session: { jwksUrl, audience: 'filing-mcp' } });
    // A port nobody listens on: the key source is down, which is the server's fault, not the user's.
    unreachable = await suite.start({ session: { jwksUrl: 'http://127.0.0.1:9/jwks.json' } });
  });
  afterAll(async () => {
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  function es256Jwt(audience: string) {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('user_jwks')
      .setIssuedAt()
      .setAudience(audience)
      .setExpirationTime('5m')
      .sign(privateKey);
  }

  async function approveWith(target: RunningServer, jwt: string) {
    const client = await target.register({ redirect_uris: ['https://c.example/cb'] });
    return fetch(`${target.baseUrl}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({
        client_id: client.client_id,
        redirect_uri: 'https://c.example/cb',
        code_challenge: await s256(VERIFIER),
        code_challenge_method: 'S256',
      }),
    });
  }

  describe('/approve with a JWKS URL', () => {
    it('accepts a session JWT signed by a key of the JWKS', async () => {
      const response = await approveWith(server, await es256Jwt('filing-mcp'));
      expect(response.status).toBe(200);
      const row = await suite.db
        .selectFrom('oauth_codes')
        .select('user_id')
        .where('code_hash', '=', await codeHash(((await response.json()) as { code: string }).code))
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe('user_jwks');
    });

    it('refuses another audience, and an HS256 token, with 401', async () => {
      expect((await approveWith(server, await es256Jwt('other'))).status).toBe(401);
      const hs = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u')
        .setIssuedAt()
        .setAudience('filing-mcp')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('x'.repeat(32)));
      expect((await approveWith(server, hs)).status).toBe(401);
    });

    it('answers 500 Internal server error when the JWKS cannot be fetched', async () => {
      const response = await approveWith(unreachable, await es256Jwt('filing-mcp'));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ code: 500, message: 'Internal server error' });
    });
  });
});
