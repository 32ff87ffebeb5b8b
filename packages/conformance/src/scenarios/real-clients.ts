import { randomUUID } from 'node:crypto';
import {
  Client as V2Client,
  type OAuthClientProvider as V2OAuthClientProvider,
  StreamableHTTPClientTransport as V2Transport,
  UnauthorizedError as V2UnauthorizedError,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import type { ConformanceTarget } from '../conformance-target.js';
import { partnershipForm, singleMemberForm } from '../support/forms.js';
import { LOOPBACK_REDIRECT_URI, WEB_REDIRECT_URI, postApprove, sessionJwt } from '../support/oauth.js';
import type { Scenarios } from '../support/scenario-context.js';

/**
 * Plays both the MCP client's storage and the user's browser: on `redirectToAuthorization` it
 * follows the 302 to the consent page and approves as the companion app would, keeping the code
 * that the redirect back to the client would have carried.
 */
class ConsentingOAuthProvider implements OAuthClientProvider {
  authorizationCode: string | undefined;
  /** The query of the redirect back to the client (code, state, iss), for `finishAuth`. */
  callbackParams: URLSearchParams | undefined;
  readonly savedTokens: OAuthTokens[] = [];
  registrations = 0;
  private client: OAuthClientInformationMixed | undefined;
  private verifier: string | undefined;
  private expectedState: string | undefined;

  constructor(
    private readonly target: ConformanceTarget,
    private readonly userId: string,
  ) {}

  get redirectUrl(): string {
    return LOOPBACK_REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'MCP SDK conformance client',
      redirect_uris: [LOOPBACK_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.expectedState = randomUUID();
    return this.expectedState;
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.registrations++;
    this.client = information;
  }

  tokens() {
    return this.savedTokens.at(-1);
  }

  saveTokens(tokens: OAuthTokens): void {
    this.savedTokens.push(tokens);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const authorize = await this.target.fetch(authorizationUrl, { redirect: 'manual' });
    expect(authorize.status, await authorize.clone().text()).toBe(302);
    const consent = new URL(authorize.headers.get('location')!);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${this.target.appUrl}/oauth/authorize`);
    const params = Object.fromEntries(consent.searchParams);
    const approve = await postApprove(
      this.target,
      {
        client_id: params.client_id,
        redirect_uri: params.redirect_uri,
        scope: params.scope,
        code_challenge: params.code_challenge,
        code_challenge_method: params.code_challenge_method,
        state: params.state,
        resource: params.resource,
      },
      await sessionJwt(this.target, this.userId),
    );
    const approved = (await approve.json()) as { code: string; redirect_to: string };
    expect(approve.status, JSON.stringify(approved)).toBe(200);
    const callback = new URL(approved.redirect_to);
    expect(callback.searchParams.get('state')).toBe(this.expectedState);
    expect(callback.searchParams.get('iss')).toBe(this.target.baseUrl);
    this.authorizationCode = callback.searchParams.get('code') ?? undefined;
    this.callbackParams = callback.searchParams;
  }
}

type CallTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/**
 * With an authorized client: calls each of the interface spec's 14 tools once as a user would, then lets the access
 * token expire and checks that the client refreshes it (one registration, two token sets).
 */
async function callEveryToolAndRefresh(
  target: ConformanceTarget,
  provider: ConsentingOAuthProvider,
  callTool: CallTool,
): Promise<void> {
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await callTool(name, args)) as any;
    expect(result.isError ?? false, `${name}: ${JSON.stringify(result.content)}`).toBe(false);
    return result.structuredContent as Record<string, any>;
  };

  expect(Object.keys((await call('get_form_schema', { kind: '5472' })).fields)).toContain('llcName');
  const filing = await call('create_filing', { form_data: singleMemberForm() });
  expect((await call('get_filing', { id: filing.id })).llc_name).toBe('Northwind Holdings LLC');
  expect((await call('list_filings', { limit: 10 })).filings).toHaveLength(1);
  expect(await call('update_filing', { id: filing.id, llc_name: 'SDK LLC' })).toEqual({
    id: filing.id,
    view_url: filing.view_url,
  });
  // A target that serves packets adds download_url and download_expires_at to the spec's pair.
  expect(await call('get_pdf_url', { id: filing.id })).toMatchObject({
    url: `${target.appUrl}/filings/${filing.id}/pdf`,
    kind: '5472',
  });
  expect(await call('delete_filing', { id: filing.id })).toEqual({ ok: true });

  const partnership = await call('create_partnership_filing', { form_data: partnershipForm() });
  expect((await call('get_partnership_filing', { id: partnership.id })).llc_name).toBe('Fjord Partners LLC');
  expect((await call('list_partnership_filings')).filings).toHaveLength(1);
  expect(
    await call('update_partnership_filing', {
      id: partnership.id,
      form_data: { partnershipName: 'SDK LP' },
    }),
  ).toEqual({ ok: true });
  expect(await call('delete_partnership_filing', { id: partnership.id })).toEqual({ ok: true });
  expect(await call('list_payments')).toEqual({ payments: [] });
  expect(await call('list_fax_logs')).toEqual({ fax_logs: [] });

  target.clock.advance(3600 * 1000 + 5000);
  expect(await call('list_filings')).toEqual({ filings: [] });
  expect(provider.savedTokens).toHaveLength(2);
  expect(provider.savedTokens[1]!.access_token).not.toBe(provider.savedTokens[0]!.access_token);
  expect(provider.registrations).toBe(1);
}

/** What both official SDK clients offer that {@link sdkClientSession} uses. */
interface SdkClient {
  getServerVersion(): unknown;
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

/**
 * An official SDK client's session: the server's name and version and its 20 tools; a 401 on the
 * first call, which the client meets by registering once and, through `finishAuth`, holding one
 * token pair; then every tool, and a refresh after the access token expires.
 */
async function sdkClientSession(
  target: ConformanceTarget,
  provider: ConsentingOAuthProvider,
  client: SdkClient,
  unauthorizedError: abstract new (...args: any[]) => Error,
  finishAuth: () => Promise<void>,
): Promise<void> {
  expect(client.getServerVersion()).toMatchObject({ name: 'filing-mcp', version: '1.1.0' });
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(20);

  const unauthorized = await client
    .callTool({ name: 'list_filings', arguments: {} })
    .catch((error: unknown) => error);
  expect(unauthorized).toBeInstanceOf(unauthorizedError);
  expect(provider.registrations).toBe(1);
  await finishAuth();
  expect(provider.savedTokens).toHaveLength(1);

  await callEveryToolAndRefresh(target, provider, (name, args) => client.callTool({ name, arguments: args }));
}

/** Real clients end to end: the official MCP SDK client and oauth4webapi. */
export const realClientScenarios: Scenarios = (context) => {
  describe('real clients', () => {
    it('the official SDK client completes the OAuth flow, calls every tool, and refreshes after expiry', async () => {
      const target = context.target;
      const provider = new ConsentingOAuthProvider(target, randomUUID());
      const transport = new StreamableHTTPClientTransport(new URL(target.baseUrl), {
        fetch: target.fetch,
        authProvider: provider,
      });
      const client = new Client({ name: 'conformance-sdk-client', version: '1.0.0' });
      await client.connect(transport);
      try {
        await sdkClientSession(target, provider, client, UnauthorizedError, async () => {
          expect(provider.authorizationCode).toMatch(/^mcp_code_/);
          await transport.finishAuth(provider.authorizationCode!);
        });
      } finally {
        await client.close();
      }
    });

    it.each([
      ['its default mode', undefined, '2025-11-25'],
      ["'auto' negotiation", 'auto', '2026-07-28'],
      ['pinned to 2026-07-28', { pin: '2026-07-28' }, '2026-07-28'],
    ] as const)(
      'the official SDK v2 client in %s completes OAuth, calls every tool and refreshes',
      async (_name, mode, negotiated) => {
        const target = context.target;
        const provider = new ConsentingOAuthProvider(target, randomUUID());
        const transport = new V2Transport(new URL(target.baseUrl), {
          fetch: target.fetch,
          authProvider: provider as unknown as V2OAuthClientProvider,
        });
        const client = new V2Client(
          { name: 'conformance-sdk-v2-client', version: '1.0.0' },
          mode === undefined ? {} : { versionNegotiation: { mode } },
        );
        await client.connect(transport);
        try {
          expect(client.getNegotiatedProtocolVersion()).toBe(negotiated);
          await sdkClientSession(target, provider, client, V2UnauthorizedError, () =>
            transport.finishAuth(provider.callbackParams!),
          );
        } finally {
          await client.close();
        }
      },
    );

    it.each(['none', 'client_secret_post'] as const)(
      'oauth4webapi discovers, registers (%s), authorizes, exchanges, refreshes and revokes',
      async (authMethod) => {
        const target = context.target;
        const options = { [oauth.customFetch]: target.fetch, [oauth.allowInsecureRequests]: true };
        const issuer = new URL(target.baseUrl);
        const as = await oauth.processDiscoveryResponse(
          issuer,
          await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
        );
        expect(as.issuer).toBe(target.baseUrl);

        const redirectUri = authMethod === 'none' ? LOOPBACK_REDIRECT_URI : WEB_REDIRECT_URI;
        const registered = await oauth.processDynamicClientRegistrationResponse(
          await oauth.dynamicClientRegistrationRequest(
            as,
            {
              redirect_uris: [redirectUri],
              token_endpoint_auth_method: authMethod,
              client_name: 'oauth4webapi',
            },
            options,
          ),
        );
        const client: oauth.Client = {
          client_id: registered.client_id,
          token_endpoint_auth_method: authMethod,
        };
        const clientAuth =
          authMethod === 'none' ? oauth.None() : oauth.ClientSecretPost(registered.client_secret as string);

        const verifier = oauth.generateRandomCodeVerifier();
        const state = oauth.generateRandomState();
        const authorizationUrl = new URL(as.authorization_endpoint!);
        authorizationUrl.search = new URLSearchParams({
          client_id: client.client_id,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'mcp',
          state,
          code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          resource: target.baseUrl,
        }).toString();
        const authorize = await target.fetch(authorizationUrl, { redirect: 'manual' });
        expect(authorize.status).toBe(302);
        const consent = Object.fromEntries(new URL(authorize.headers.get('location')!).searchParams);
        const approve = await postApprove(target, consent, await sessionJwt(target, randomUUID()));
        const approved = (await approve.json()) as { redirect_to: string };
        expect(approve.status).toBe(200);

        const callbackParams = oauth.validateAuthResponse(as, client, new URL(approved.redirect_to), state);
        const tokens = await oauth.processAuthorizationCodeResponse(
          as,
          client,
          await oauth.authorizationCodeGrantRequest(
            as,
            client,
            clientAuth,
            callbackParams,
            redirectUri,
            verifier,
            { ...options, additionalParameters: { resource: target.baseUrl } },
          ),
        );
        expect(tokens.token_type).toBe('bearer');
        expect(tokens.access_token).toMatch(/^mcp_at_/);
        expect(tokens.expires_in).toBe(3600);

        const refreshed = await oauth.processRefreshTokenResponse(
          as,
          client,
          await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, options),
        );
        expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

        await oauth.processRevocationResponse(
          await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token!, options),
        );
        const afterRevoke = await oauth.refreshTokenGrantRequest(
          as,
          client,
          clientAuth,
          refreshed.refresh_token!,
          options,
        );
        await expect(oauth.processRefreshTokenResponse(as, client, afterRevoke)).rejects.toMatchObject({
          error: 'invalid_grant',
        });
      },
    );
  });
};
