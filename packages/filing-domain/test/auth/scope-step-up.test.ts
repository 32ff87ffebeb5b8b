import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPGliteDb, type TestDatabase } from '@filing-mcp/test-db';
import { getRequestListener } from '@hono/node-server';
import {
  auth as authV2,
  Client as ClientV2,
  type OAuthClientProvider as OAuthClientProviderV2,
  StreamableHTTPClientTransport as TransportV2,
  UnauthorizedError as UnauthorizedErrorV2,
} from '@modelcontextprotocol/client';
import { auth, type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilingServer, type FilingServer, migrateToLatest } from '../../src/index.js';
import { APP_URL, SESSION_SECRET, userSessionJwt } from '../support/helpers.js';

const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

/**
 * The client's storage and the user's browser: on `redirectToAuthorization` it follows `/authorize`
 * and approves exactly what was asked, as the consent page would, keeping the returned code. It keeps
 * no refresh token: SDK v1 first tries a refresh when stepping up, and a refresh can never widen a
 * grant, so only a fresh authorization can (the v2 client re-authorizes directly).
 */
class ConsentingProvider implements OAuthClientProvider {
  code: string | undefined;
  /** The `iss` of the authorization response (RFC 9207), which the v2 client checks. */
  iss: string | undefined;
  readonly requestedScopes: string[] = [];
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier: string | undefined;

  constructor(
    private readonly origin: string,
    private readonly userId: string,
  ) {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'step-up test',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.client = information;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    const { refresh_token: _dropped, ...kept } = tokens;
    this.saved = kept;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier!;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const scope = authorizationUrl.searchParams.get('scope') ?? '';
    this.requestedScopes.push(scope);
    const authorize = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const params = new URL(authorize.headers.get('location')!).searchParams;
    const approved = await fetch(`${this.origin}/mcp-server/approve`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await userSessionJwt(this.userId)}`,
      },
      body: JSON.stringify(Object.fromEntries(params)),
    });
    expect(approved.status).toBe(200);
    const answer = (await approved.json()) as { code: string; redirect_to: string };
    this.code = answer.code;
    this.iss = new URL(answer.redirect_to).searchParams.get('iss') ?? undefined;
  }
}

type ToolResult = { structuredContent?: unknown; isError?: unknown };
type CallTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/**
 * What both SDK clients must do with a read-only token: list, be refused create_filing with the 403
 * insufficient_scope challenge (surfacing as the SDK's `unauthorized` error once it redirected the
 * user with the union of scopes), finish the re-authorization, then write and see the filing.
 */
async function readThenStepUpAndWrite(
  callTool: CallTool,
  provider: ConsentingProvider,
  unauthorized: new (...args: never[]) => Error,
  finishAuth: () => Promise<void>,
): Promise<void> {
  const listed = (await callTool('list_filings', {})) as ToolResult;
  expect(listed.structuredContent).toEqual({ filings: [] });

  const write = () => callTool('create_filing', { form_data: { llcName: 'Step Up LLC' } });
  expect(await write().catch((error: unknown) => error)).toBeInstanceOf(unauthorized);
  expect(provider.requestedScopes).toEqual(['filings:read', 'filings:read filings:write']);
  await finishAuth();
  expect(provider.tokens()?.scope).toBe('filings:read filings:write');

  const created = (await write()) as ToolResult;
  expect(created.isError).toBeFalsy();
  const again = (await callTool('list_filings', {})) as ToolResult;
  expect((again.structuredContent as { filings: unknown[] }).filings).toHaveLength(1);
}

/** The filing server on PGlite behind a real socket, for the step-up tests of both SDK clients. */
function serveFilings(): { origin: () => string } {
  let database: TestDatabase;
  let server: FilingServer;
  let http: Server;
  let origin = '';

  beforeAll(async () => {
    database = await createPGliteDb();
    await migrateToLatest(database.db);
    http = createServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    server = createFilingServer({
      db: database.db,
      config: { baseUrl: `${origin}/mcp-server`, appUrl: APP_URL, session: { secret: SESSION_SECRET } },
    });
    http.on(
      'request',
      getRequestListener((request) => server.fetch(request), { overrideGlobalObjects: false }),
    );
  });

  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await server?.close();
    await database?.close();
  });

  return { origin: () => origin };
}

describe('official MCP SDK client (v1) steps up through the insufficient_scope challenge (PGlite only: the scope logic is database-independent and covered on both in scopes.test.ts)', () => {
  const served = serveFilings();

  it('started read-only, it lists, is refused create_filing, re-authorizes with the union and writes', async () => {
    const origin = served.origin();
    const serverUrl = new URL(`${origin}/mcp-server`);
    const provider = new ConsentingProvider(origin, 'step-up-user');
    // Read-only from the start: the SDK's own authorization with an explicit scope.
    expect(await auth(provider, { serverUrl, scope: 'filings:read' })).toBe('REDIRECT');
    expect(await auth(provider, { serverUrl, authorizationCode: provider.code! })).toBe('AUTHORIZED');
    expect(provider.tokens()?.scope).toBe('filings:read');

    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
    const client = new Client({ name: 'step-up', version: '1.0.0' });
    await client.connect(transport);
    try {
      // 403 insufficient_scope -> v1 first tries a refresh (the provider keeps none), then
      // re-authorizes with the challenge's scope: the union of what it held and what the call needs.
      await readThenStepUpAndWrite(
        (name, args) => client.callTool({ name, arguments: args }),
        provider,
        UnauthorizedError,
        () => transport.finishAuth(provider.code!),
      );
    } finally {
      await client.close();
    }
  });
});

describe('official MCP SDK client (v2, pinned to 2026-07-28) steps up through the insufficient_scope challenge (PGlite only: the scope logic is database-independent and covered on both in scopes.test.ts)', () => {
  const served = serveFilings();

  it('started read-only, it lists, is refused create_filing, re-authorizes with the union and writes', async () => {
    const origin = served.origin();
    const serverUrl = new URL(`${origin}/mcp-server`);
    const consenting = new ConsentingProvider(origin, 'step-up-user-v2');
    // The same storage and browser; the v2 types name the same fields.
    const provider = consenting as unknown as OAuthClientProviderV2;
    expect(await authV2(provider, { serverUrl, scope: 'filings:read' })).toBe('REDIRECT');
    expect(
      await authV2(provider, { serverUrl, authorizationCode: consenting.code!, iss: consenting.iss }),
    ).toBe('AUTHORIZED');
    expect(consenting.tokens()?.scope).toBe('filings:read');

    const transport = new TransportV2(serverUrl, { authProvider: provider });
    const client = new ClientV2(
      { name: 'step-up-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(transport);
    try {
      // 403 insufficient_scope -> v2 computes the union of what it holds and what the challenge
      // names, and re-authorizes at once (a refresh cannot widen a grant); it checks RFC 9207 iss.
      await readThenStepUpAndWrite(
        (name, args) => client.callTool({ name, arguments: args }),
        consenting,
        UnauthorizedErrorV2,
        () => transport.finishAuth(consenting.code!, consenting.iss),
      );
    } finally {
      await client.close();
    }
  });
});
