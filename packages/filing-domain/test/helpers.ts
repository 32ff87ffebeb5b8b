import { randomUUID } from 'node:crypto';
import type { DatabaseVariant } from '@filing-mcp/test-db';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import {
  createApiKey,
  createFilingServer,
  type FilingLogEvent,
  type FilingServer,
  type FilingServerConfig,
  migrateToLatest,
} from '../src/index.js';

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

/** Records every statement that reached the database and came back (not merely compiled). */
export class QueryLog implements KyselyPlugin {
  readonly statements: string[] = [];
  readonly #pending = new WeakMap<object, string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#pending.set(args.queryId, describeNode(args.node));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.statements.push(this.#pending.get(args.queryId) ?? 'unknown');
    return args.result;
  }

  clear(): void {
    this.statements.length = 0;
  }
}

export interface Harness {
  /** Raw database (not counted). */
  db: Kysely<any>;
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
  });
  // Every background write (last-used times) is also remembered here, so a test can wait for all
  // of them before it counts statements.
  const background: Promise<unknown>[] = [];
  const tracked: FilingServer = {
    fetch: (request, context) =>
      server.fetch(request, {
        ...context,
        waitUntil: (promise) => {
          background.push(promise);
          context?.waitUntil?.(promise);
        },
      }),
    cleanup: () => server.cleanup(),
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
export async function newUser(db: Kysely<any>): Promise<{ userId: string; key: string }> {
  const userId = `user-${randomUUID()}`;
  const { key } = await createApiKey(db, { userId });
  return { userId, key };
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
  // The text item carries the same JSON as structuredContent (INTEROP item 7).
  if (JSON.stringify(JSON.parse(outcome.text)) !== JSON.stringify(outcome.data)) {
    throw new Error(`${name}: text item differs from structuredContent`);
  }
  return outcome.data;
}
