import type { FilingTableName } from '../../src/kinds/filing-kinds.js';
import type { FilingDatabase } from '../../src/storage/database.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseVariant } from '@filing-mcp/test-db';
import type { RequestContext } from '@filing-mcp/protocol';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { SignJWT } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import {
  createApiKey,
  createFilingServer,
  type FilingLogEvent,
  type FilingServer,
  type FilingServerConfig,
  type FilingServerOptions,
  migrateToLatest,
} from '../../src/index.js';

export const BASE_URL = 'https://api.example.test/mcp-server';
export const APP_URL = 'https://app.example.test';
export const SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

/** One executed statement: its kind and table, e.g. `select filings`, `update api_keys`. */
function describeNode(node: RootOperationNode): string {
  const anyNode = node as any;
  const table =
    anyNode.table?.table?.identifier?.name ??
    anyNode.into?.table?.identifier?.name ??
    anyNode.from?.froms?.[0]?.table?.identifier?.name ??
    '';
  const verb = node.kind.replace('QueryNode', '').replace('Node', '').toLowerCase();
  return `${verb} ${table}`.trim();
}

/**
 * Records every statement that reached the database and came back (not merely compiled). A statement
 * sent as SQL text (`CompiledQuery.raw`) has no query tree to read: it is recorded as `compiled query`.
 */
export class QueryLog implements KyselyPlugin {
  readonly statements: string[] = [];
  readonly #pending = new WeakMap<object, string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#pending.set(args.queryId, describeNode(args.node));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.statements.push(this.#pending.get(args.queryId) ?? 'compiled query');
    return args.result;
  }

  clear(): void {
    this.statements.length = 0;
  }
}

export interface Harness {
  /** Raw database (not counted). */
  db: Kysely<FilingDatabase>;
  server: FilingServer;
  queryLog: QueryLog;
  logs: FilingLogEvent[];
  /** Waits for every background write started so far. */
  settle(): Promise<void>;
  /** The server's clock: real time (or the time it was frozen at) plus what `advance` added. */
  now(): number;
  /** Stops the server's clock until the returned function is called. */
  freeze(): () => void;
  /** Milliseconds added to the real clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A migrated database and a server on it. Create one per test file; isolate tests by user. */
export async function startHarness(
  variant: DatabaseVariant,
  config: Partial<FilingServerConfig> = {},
  options: Pick<FilingServerOptions, 'clientMetadataDocuments' | 'packets' | 'fax' | 'payments'> = {},
): Promise<Harness> {
  const database = await variant.create();
  await migrateToLatest(database.db);
  const queryLog = new QueryLog();
  const logs: FilingLogEvent[] = [];
  let offset = 0;
  let frozenAt: number | undefined;
  const now = () => (frozenAt ?? Date.now()) + offset;
  const server = createFilingServer({
    db: database.db.withPlugin(queryLog),
    config: { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET }, ...config },
    now,
    logger: (event) => logs.push(event),
    ...options,
  });
  // Every background write (last-used times) is also remembered here, so a test can wait for all
  // of them before it counts statements.
  const background: Promise<unknown>[] = [];
  const tracking = (context: RequestContext | undefined): RequestContext => ({
    ...context,
    waitUntil: (promise) => {
      background.push(promise);
      context?.waitUntil?.(promise);
    },
  });
  const tracked: FilingServer = {
    fetch: (request, context) => server.fetch(request, tracking(context)),
    respondMcp: (request, context) => server.respondMcp(request, tracking(context)),
    cleanup: () => server.cleanup(),
    checkReadiness: () => server.checkReadiness(),
    revokeApiKey: (id, userId) => server.revokeApiKey(id, userId),
    forgetCredentials: (hashes) => server.forgetCredentials(hashes),
    forgetAllCredentials: () => server.forgetAllCredentials(),
    resolveOAuthClient: (clientId) => server.resolveOAuthClient(clientId),
    completeAuthorization: (authorization) => server.completeAuthorization(authorization),
    packets: server.packets,
    close: () => server.close(),
  };
  return {
    db: database.db,
    server: tracked,
    async settle() {
      await Promise.all(background.splice(0));
    },
    queryLog,
    logs,
    now,
    freeze() {
      frozenAt = Date.now();
      return () => {
        frozenAt = undefined;
      };
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/** A fresh user with an API key. */
/**
 * One harness for the enclosing describe block: started in its `beforeAll`, closed in its
 * `afterAll`. Returns a getter because the harness exists only once `beforeAll` has run.
 */
export function useHarness(
  variant: DatabaseVariant,
  ...settings: [
    config?: Partial<FilingServerConfig>,
    options?: Pick<FilingServerOptions, 'clientMetadataDocuments' | 'packets'>,
  ]
): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(variant, ...settings);
  });
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('the harness starts in beforeAll: read it inside a test or hook');
    return harness;
  };
}

export async function newUser(db: Kysely<FilingDatabase>): Promise<{ userId: string; key: string }> {
  const userId = `user-${randomUUID()}`;
  const { key } = await createApiKey(db, { userId });
  return { userId, key };
}

/** The form_data a filing's row holds now (undefined: no such row). */
export async function storedFormData(
  db: Kysely<FilingDatabase>,
  table: FilingTableName,
  id: string,
): Promise<Record<string, any>> {
  const row = await db.selectFrom(table).select('form_data').where('id', '=', id).executeTakeFirst();
  return row?.form_data as Record<string, any>;
}

let nextId = 1;

/** POSTs one JSON-RPC message to the MCP endpoint. */
export async function rpc(
  server: FilingServer,
  method: string,
  params: unknown,
  options: { credential?: string; background?: Promise<unknown>[] } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  if (options.credential !== undefined) headers.authorization = `Bearer ${options.credential}`;
  const request = new Request(BASE_URL, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const background = options.background;
  return server.fetch(request, background ? { waitUntil: (promise) => background.push(promise) } : undefined);
}

/** Parses a JSON or single-frame SSE reply body. */
export async function replyBody(response: Response): Promise<any> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text
      .split('\n')
      .find((line) => line.startsWith('data: '))
      ?.slice('data: '.length);
    return JSON.parse(data ?? 'null');
  }
  return JSON.parse(text);
}

export interface ToolOutcome {
  status: number;
  isError: boolean;
  /** structuredContent of a success. */
  data: any;
  /** Text of the first content item (the error message of a tool error). */
  text: string;
  raw: any;
}

/** Calls a tool through the composed server's fetch, as a client would. */
export async function callTool(
  server: FilingServer,
  credential: string | undefined,
  name: string,
  args: unknown = {},
  options: { background?: Promise<unknown>[] } = {},
): Promise<ToolOutcome> {
  const response = await rpc(server, 'tools/call', { name, arguments: args }, { credential, ...options });
  return toolOutcome(response);
}

/** A tools/call reply as a {@link ToolOutcome}. */
export async function toolOutcome(response: Response): Promise<ToolOutcome> {
  const body = await replyBody(response);
  const result = body.result ?? {};
  return {
    status: response.status,
    isError: result.isError === true,
    data: result.structuredContent,
    text: result.content?.[0]?.text ?? '',
    raw: body,
  };
}

/** Calls a tool and fails the test unless it succeeded; answers structuredContent. */
export async function ok(
  server: FilingServer,
  credential: string,
  name: string,
  args: unknown = {},
): Promise<any> {
  const outcome = await callTool(server, credential, name, args);
  if (outcome.status !== 200 || outcome.isError) {
    throw new Error(`${name} failed: ${outcome.status} ${JSON.stringify(outcome.raw)}`);
  }
  // The text item carries the same JSON as structuredContent
  // (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content).
  if (JSON.stringify(JSON.parse(outcome.text)) !== JSON.stringify(outcome.data)) {
    throw new Error(`${name}: text item differs from structuredContent`);
  }
  return outcome.data;
}

/** A user session JWT as the companion app signs it for `/approve`. */
export async function userSessionJwt(userId: string, nowMs = Date.now()): Promise<string> {
  // Issued at the server's time: a test that moves the server's clock signs with the moved time.
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(new TextEncoder().encode(SESSION_SECRET));
}

/** POSTs a form to an OAuth endpoint of the composed server. */
export function postForm(
  server: FilingServer,
  path: string,
  form: Record<string, string>,
): Promise<Response> {
  return server.fetch(
    new Request(`${BASE_URL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    }),
  );
}

/** What {@link oauthGrant} went through: the client, the code it redeemed and the tokens. */
export interface OAuthGrant {
  clientId: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
  accessToken: string;
  refreshToken: string;
  scope: string;
}

/**
 * The companion's POST /approve for `userId` (signed in by session JWT): the consent to an
 * authorization request with PKCE S256 over `codeVerifier`.
 */
export async function approve(
  server: FilingServer,
  userId: string,
  request: { clientId: string; redirectUri: string; scope: string; codeVerifier: string },
): Promise<Response> {
  return server.fetch(
    new Request(`${BASE_URL}/approve`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await userSessionJwt(userId)}`,
      },
      body: JSON.stringify({
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        scope: request.scope,
        code_challenge: createHash('sha256').update(request.codeVerifier).digest('base64url'),
        code_challenge_method: 'S256',
      }),
    }),
  );
}

/** register -> approve -> token through the composed server's fetch: a real mcp_at_ token. */
export async function oauthGrant(
  server: FilingServer,
  userId: string,
  options: { scope?: string } = {},
): Promise<OAuthGrant> {
  const redirectUri = 'http://127.0.0.1:8976/callback';
  const registered = await server.fetch(
    new Request(`${BASE_URL}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [redirectUri],
        client_name: 'test',
        token_endpoint_auth_method: 'none',
      }),
    }),
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  if (registered.headers.get('access-control-allow-origin') !== '*') throw new Error('register: no CORS');
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const codeVerifier = randomBytes(32).toString('base64url');
  const approved = await approve(server, userId, {
    clientId,
    redirectUri,
    scope: options.scope ?? 'mcp',
    codeVerifier,
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
  const { code } = (await approved.json()) as { code: string };
  const token = await postForm(server, '/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: codeVerifier,
  });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${await token.text()}`);
  const body = (await token.json()) as { access_token: string; refresh_token: string; scope: string };
  if (!body.access_token.startsWith('mcp_at_')) throw new Error('token: not an mcp_at_ token');
  return {
    clientId,
    redirectUri,
    code,
    codeVerifier,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    scope: body.scope,
  };
}
