import { testDatabases } from '@filing-mcp/test-db';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOAuthError, oauthSuite, postForm, type RunningServer } from './helpers.js';

// With two servers on one database, a refresh token of one was once redeemed at the other,
// and `resource=<self>` on refresh silently returned a token bound to the other resource.

describe.each(testDatabases())(
  'codes and refresh tokens are bound to their resource on $name',
  ({ create }) => {
    const suite = oauthSuite(create);
    /** Two servers, two resources, one database. */
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      a = await suite.start({}, '/server-a');
      b = await suite.start({}, '/server-b');
    });

    async function tokensAtA() {
      const grant = await a.codeFor();
      const response = await a.exchange(grant);
      expect(response.status).toBe(200);
      return { grant, ...((await response.json()) as { access_token: string; refresh_token: string }) };
    }

    it("A's refresh token at B -> invalid_grant, with no resource, with resource=B or resource=A; nothing rotated", async () => {
      const { refresh_token } = await tokensAtA();
      const attempts: Array<[Record<string, string>, number, string]> = [
        [{}, 400, 'invalid_grant'],
        [{ resource: b.baseUrl }, 400, 'invalid_grant'],
        [{ resource: a.baseUrl }, 400, 'invalid_target'],
      ];
      for (const [extra, status, error] of attempts) {
        const before = await suite.tableCounts();
        const response = await postForm(`${b.baseUrl}/token`, {
          grant_type: 'refresh_token',
          refresh_token,
          ...extra,
        });
        const description = await expectOAuthError(response, status, error);
        if (error === 'invalid_grant')
          expect(description).toBe('the refresh token was issued for another resource');
        expect(await suite.tableCounts()).toEqual(before);
      }
      // Still A's to refresh, and the new token is A's.
      const refreshed = await postForm(`${a.baseUrl}/token`, { grant_type: 'refresh_token', refresh_token });
      expect(refreshed.status).toBe(200);
      const { access_token } = (await refreshed.json()) as { access_token: string };
      expect(await a.oauth.verifyAccessToken(access_token)).toMatchObject({ resource: a.baseUrl });
      expect(await b.oauth.verifyAccessToken(access_token)).toBeUndefined();
    });

    it('a code approved at A and redeemed at B -> invalid_grant; the code stays redeemable at A', async () => {
      const grant = await a.codeFor();
      const before = await suite.tableCounts();
      const description = await expectOAuthError(await b.exchange(grant), 400, 'invalid_grant');
      expect(description).toBe('the authorization code was issued for another resource');
      await expectOAuthError(await b.exchange(grant, { resource: b.baseUrl }), 400, 'invalid_grant');
      expect(await suite.tableCounts()).toEqual(before);
      expect((await a.exchange(grant)).status).toBe(200);
    });
  },
);
