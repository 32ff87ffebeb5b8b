import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createApiKey } from '@filing-mcp/filing-domain';
import { createPostgresDb, testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CleanupHandler, LambdaHandler, StreamingLambdaHandler } from '../src/index.js';
import { installAwsLambdaStub } from './aws-lambda-stub.js';
import { createFilingServerFromEnv } from '../src/filing-server-from-env.js';
import { functionUrlEvent, scheduledEvent } from './lambda-events.js';
import { remainingOAuthRows, seedOAuthRows } from '@filing-mcp/conformance';

// The artefact that is deployed: dist/lambda/handler.mjs, built here by the same script as `pnpm bundle`.
const packageDir = resolve(import.meta.dirname, '..');
const baseUrl = 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/mcp-server';

let database: Awaited<ReturnType<typeof createPostgresDb<any>>>;
let stub: ReturnType<typeof installAwsLambdaStub>;
let entry: { handler: LambdaHandler; streamHandler: StreamingLambdaHandler; cleanupHandler: CleanupHandler };
const savedEnv = { ...process.env };

// The deployed entry speaks to PostgreSQL through pg only, so it is skipped when TEST_DB=pglite.
const withPostgres = testDatabases().some((database) => database.name === 'postgres');

beforeAll(async () => {
  if (!withPostgres) return;
  await promisify(execFile)(process.execPath, ['bundle.mjs'], { cwd: packageDir });
  database = await createPostgresDb<any>();
  // The runtime installs `awslambda` before it loads the handler module.
  stub = installAwsLambdaStub();
  entry = await import(pathToFileURL(resolve(packageDir, 'dist/lambda/handler.mjs')).href);
});

afterAll(async () => {
  process.env = savedEnv;
  stub?.uninstall();
  await database?.close();
});

function mcpEvent(body: unknown) {
  return functionUrlEvent({
    method: 'POST',
    rawPath: '/mcp-server',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
}

/** Collects what the handler writes with console.log (CloudWatch takes stdout line by line). */
function captureLog(): { lines: string[]; restore(): string[] } {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  return {
    lines,
    restore() {
      spy.mockRestore();
      return lines;
    },
  };
}

describe.runIf(withPostgres)(
  'bundled dist/lambda/handler.mjs (PostgreSQL only: the deployed entry speaks to DATABASE_URL with pg)',
  () => {
    it('answers 500 without leaking settings when DATABASE_URL is missing, then recovers once it is set', async () => {
      delete process.env.DATABASE_URL;
      const failed = await entry.handler(mcpEvent({ jsonrpc: '2.0', id: 1, method: 'ping' }));
      expect(failed.statusCode).toBe(500);
      expect(JSON.parse(failed.body)).toEqual({ code: 500, message: 'Internal server error' });
      const lines = captureLog();
      await expect(entry.cleanupHandler(scheduledEvent())).rejects.toThrow(/DATABASE_URL/);
      expect(lines.restore().map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          event: 'oauth_cleanup_failed',
          errorMessage: expect.stringMatching(/DATABASE_URL/),
        }),
      ]);

      Object.assign(process.env, {
        DATABASE_URL: database.url,
        MIGRATE_ON_START: 'true',
        MCP_BASE_URL: baseUrl,
        APP_URL: 'https://app.filing-mcp.test',
        SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
      });
      const initialized = await entry.handler(
        mcpEvent({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'vitest', version: '1' },
          },
        }),
      );
      expect(initialized.statusCode).toBe(200);
      const body = initialized.headers['content-type']?.startsWith('text/event-stream')
        ? JSON.parse(
            initialized.body
              .split('\n')
              .find((line) => line.startsWith('data: '))!
              .slice(6),
          )
        : JSON.parse(initialized.body);
      expect(body.result.serverInfo).toEqual({ name: 'filing-mcp', version: '1.1.0' });
    });

    it('ran the migrations on start (MIGRATE_ON_START=true): the tables exist in PostgreSQL', async () => {
      const tables = await database.db
        .selectFrom('information_schema.tables' as any)
        .select('table_name' as any)
        .where('table_schema' as any, '=', 'public')
        .execute();
      const names = tables.map((row: any) => row.table_name);
      expect(names).toEqual(expect.arrayContaining(['partnership_filings', 'api_keys', 'oauth_clients']));
    });

    it('serves the protected-resource metadata with resource equal to MCP_BASE_URL', async () => {
      const result = await entry.handler(
        functionUrlEvent({ rawPath: '/mcp-server/.well-known/oauth-protected-resource' }),
      );
      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body).resource).toBe(baseUrl);
    });

    it('advertises Client ID Metadata Documents in the authorization server metadata', async () => {
      const result = await entry.handler(
        functionUrlEvent({ rawPath: '/mcp-server/.well-known/oauth-authorization-server' }),
      );
      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body)).toMatchObject({
        issuer: baseUrl,
        client_id_metadata_document_supported: true,
      });
    });

    it('streams an SSE reply through streamHandler with status and headers in the prelude', async () => {
      const event = mcpEvent({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
      event.headers.accept = 'text/event-stream, application/json';
      const streamed = await stub.invoke(entry.streamHandler, event);
      expect(streamed.prelude?.statusCode).toBe(200);
      expect(streamed.prelude?.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(streamed.body).toMatch(/^event: message\ndata: /);
      const frame = JSON.parse(
        streamed.body
          .split('\n')
          .find((line) => line.startsWith('data: '))!
          .slice(6),
      );
      expect(frame.id).toBe(7);
      expect(frame.result.tools).toHaveLength(16);
    });

    it('answers 401 with the challenge for tools/call without a credential', async () => {
      const result = await entry.handler(
        mcpEvent({
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'list_filings', arguments: {} },
        }),
      );
      expect(result.statusCode).toBe(401);
      expect(result.headers['www-authenticate']).toContain(
        `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`,
      );
    });
  },
);

/** The JSON-RPC message of an answer, whether it came as JSON or as one SSE frame. */
function rpcMessage(contentType: string | undefined, body: string): unknown {
  if (!contentType?.startsWith('text/event-stream')) return JSON.parse(body);
  return JSON.parse(
    body
      .split('\n')
      .find((line) => line.startsWith('data: '))!
      .slice(6),
  );
}

describe.runIf(withPostgres)('bundled handler against the workspace sources', () => {
  // The bundle replaces zod's JSON Schema emitter with stubs and loads the tools' schemas lazily:
  // its answers must still be the workspace server's, byte for byte, errors included.
  const calls: Array<[string, Record<string, unknown>]> = [
    ['get_form_schema', { kind: '5472' }],
    ['get_form_schema', { kind: 'nope' }],
    ['get_form_schema', { formType: 'form-1065' }],
    ['get_filing', { id: 'x' }],
    ['list_filings', { limit: 0 }],
    ['list_partnership_filings', { limit: 2.5 }],
    ['create_filing', { form_data: { taxYearBegin: '2025-02-30', principalBusinessCountries: 3 } }],
    ['update_filing', { id: '00000000-0000-4000-8000-000000000000', tax_year_end: 'soon' }],
    ['create_partnership_filing', { form_data: { partners: [{ id: 'x', name: 1 }] } }],
    ['check_filing', { id: 'not-a-uuid', kind: 'other' }],
    ['list_payments', {}],
  ];

  it('answers tools/list and every tool call with a bad or good argument exactly as the sources do', async () => {
    const { key } = await createApiKey(database.db, { userId: 'bundle-user', name: 'bundle' });
    const workspace = await createFilingServerFromEnv(process.env);
    try {
      const requests = [
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        ...calls.map(([name, args], index) => ({
          jsonrpc: '2.0',
          id: index + 2,
          method: 'tools/call',
          params: { name, arguments: args },
        })),
      ];
      const answers: string[] = [];
      for (const request of requests) {
        const event = mcpEvent(request);
        event.headers.authorization = `Bearer ${key}`;
        const bundled = await entry.handler(event);
        const response = await workspace.server.fetch(
          new Request(baseUrl, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              authorization: `Bearer ${key}`,
            },
            body: JSON.stringify(request),
          }),
        );
        expect(bundled.statusCode).toBe(response.status);
        const expected = rpcMessage(response.headers.get('content-type') ?? undefined, await response.text());
        const actual = rpcMessage(bundled.headers['content-type'], bundled.body);
        expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
        answers.push(JSON.stringify(actual));
      }
      // The calls above reach the validators (not a 401 or a parse error) and the tools.
      expect(answers[0]).toContain('"name":"check_filing"');
      expect(answers.join('\n')).toContain('must be a UUID');
      expect(answers.join('\n')).toContain('must be a date in YYYY-MM-DD form');
      expect(answers[1]).toContain('"fields":{"taxYearBegin"');
    } finally {
      await workspace.close();
    }
  });
});

describe.runIf(withPostgres)('bundled cleanupHandler on a ScheduledEvent', () => {
  it('deletes expired codes and tokens, keeps live ones, and logs the counts as one JSON line', async () => {
    const seeded = await seedOAuthRows(database.db);
    const event = scheduledEvent();
    const log = captureLog();
    let counts: Awaited<ReturnType<CleanupHandler>>;
    try {
      counts = await entry.cleanupHandler(event);
    } finally {
      log.restore();
    }
    // This file's database holds no other codes or tokens, so the counts are exactly the seeded ones.
    expect(counts).toEqual({ codes: 1, tokens: 1 });
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(seeded.live);
    expect(log.lines).toHaveLength(1);
    expect(JSON.parse(log.lines[0]!)).toEqual({
      source: 'filing-mcp',
      event: 'oauth_cleanup',
      codes: 1,
      tokens: 1,
      scheduledAt: event.time,
    });
  });

  it('finds nothing more to delete on the next run and keeps the live rows', async () => {
    const seeded = await seedOAuthRows(database.db);
    expect(await entry.cleanupHandler(scheduledEvent())).toEqual({ codes: 1, tokens: 1 });
    const log = captureLog();
    try {
      expect(await entry.cleanupHandler(scheduledEvent())).toEqual({ codes: 0, tokens: 0 });
    } finally {
      log.restore();
    }
    expect(JSON.parse(log.lines[0]!)).toMatchObject({ event: 'oauth_cleanup', codes: 0, tokens: 0 });
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(seeded.live);
  });
});
