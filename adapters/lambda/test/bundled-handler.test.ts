import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createApiKey, FilingRepository } from '@filing-mcp/filing-domain';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { createPostgresDb, testDatabases } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CleanupHandler, LambdaHandler, StreamingLambdaHandler } from '../src/index.js';
import { installAwsLambdaStub } from './aws-lambda-stub.js';
import { createServerlessFilingServer, serverlessSettingsFromEnv } from '@filing-mcp/serverless';
import { lambdaPlatform } from '../src/lambda-platform.js';
// The pool as the serverless server builds it (internal to @filing-mcp/serverless).
import { createFilingPool, poolQuery } from '../../../packages/serverless/src/postgres-pool.js';
import { functionUrlEvent, scheduledEvent } from './lambda-events.js';
import { firstCallFiles, firstCallInputs, startClosureInputs } from './support/start-closure.js';
import {
  expectPacketResource,
  expectPdf,
  INITIALIZE_REQUEST,
  INVALID_PACKET_LINK_BODY,
  remainingOAuthRows,
  seedOAuthRows,
  withChangedSignature,
} from '@filing-mcp/conformance';

// The artefact that is deployed: dist/lambda/handler.mjs, built here by the same script as `pnpm bundle`.
const packageDir = resolve(import.meta.dirname, '..');
const baseUrl = 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/mcp-server';

let database: Awaited<ReturnType<typeof createPostgresDb<any>>>;
let stub: ReturnType<typeof installAwsLambdaStub>;
let taskRoot: string;
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
  // What is deployed is the dist/lambda directory on its own: loaded from a copy outside the
  // repository, nothing can resolve from a node_modules the zip would not hold.
  taskRoot = await mkdtemp(join(tmpdir(), 'filing-mcp-lambda-'));
  await cp(resolve(packageDir, 'dist/lambda'), taskRoot, { recursive: true });
  entry = await import(pathToFileURL(join(taskRoot, 'handler.mjs')).href);
});

afterAll(async () => {
  process.env = savedEnv;
  stub?.uninstall();
  await database?.close();
  if (taskRoot) await rm(taskRoot, { recursive: true, force: true });
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
        SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
        PACKET_LINK_SECRET: randomBytes(32).toString('base64url'),
        // The companion pages in front of the server, under APP_URL's path as on Node.
        COMPANION: 'on',
        APP_URL: 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/app',
      });
      const initialized = await entry.handler(mcpEvent(INITIALIZE_REQUEST));
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
      expect(frame.result.tools).toHaveLength(20);
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

describe.runIf(withPostgres)('bundled handler: what a cold start loads', () => {
  // initialize, tools/list and the probes answer with none of these: each loads with the first
  // request that needs it (filing-domain's loaders: loading/loaders.ts, server/server-loads.ts, and
  // beside their users). A static import of one of
  // them anywhere on the start path (it happened twice) puts it on every cold start.
  it('loads no database driver, query builder, zod, JWT library, OAuth server or PDF library at start', () => {
    const inputs = startClosureInputs(packageDir);
    expect(inputs.some((input) => input.includes('filing-domain/src/server/filing-server.ts'))).toBe(true);
    const forbidden = [
      /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(pg|pg-pool|kysely|zod|jose|@cantoo\/pdf-lib)\//,
      /oauth-core\/src\/server\.ts$/,
      /filing-domain\/src\/storage\/filing-repository\.ts$/,
      /irs-forms\/src\/pdf\//,
    ];
    expect(inputs.filter((input) => forbidden.some((pattern) => pattern.test(input)))).toEqual([]);
  });

  it("loads no query builder, form schema, repository or other tool for an API key's first get_form_schema", () => {
    const loaded = firstCallInputs(packageDir);
    expect(loaded.some((input) => input.includes('filing-domain/src/tools/form-schema-tool.ts'))).toBe(true);
    expect(loaded.some((input) => /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?pg\//.test(input))).toBe(
      true,
    );
    const forbidden = [
      /kysely\/dist\/(query-builder|query-creator|operation-node\/operation-node-transformer)/,
      /filing-domain\/src\/storage\/filing-repository\.ts$/,
      /filing-domain\/src\/tools\/filing-tool-definitions\.ts$/,
      /filing-domain\/src\/forms\/(single-member|partnership)-form\.ts$/,
      /oauth-core\/src\/server\.ts$/,
    ];
    expect(loaded.filter((input) => forbidden.some((pattern) => pattern.test(input)))).toEqual([]);
  });

  it("answers initialize in a fresh process without loading undici (Node's Request and Response)", async () => {
    // undici with node:http2, node:tls and more is about 20 ms of CPU on a cold start: the event's
    // request and the core's fixed answer (read through its parts) must not reach the global
    // Request or Response. A copy of the bundle outside the repository, in a process of its own.
    const script = `
      const { handler } = await import(process.argv[1]);
      const answer = await handler(JSON.parse(process.argv[2]), { awsRequestId: 'cold' });
      const undici = process.moduleLoadList.filter((name) => name.includes('undici'));
      process.stdout.write(JSON.stringify({ status: answer.statusCode, body: answer.body, undici }));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        script,
        pathToFileURL(join(taskRoot, 'handler.mjs')).href,
        JSON.stringify(mcpEvent(INITIALIZE_REQUEST)),
      ],
      {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: 'postgres://user:password@127.0.0.1:9/never-dialled',
          MCP_BASE_URL: baseUrl,
          APP_URL: 'https://app.example.com',
          SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
        },
      },
    );
    const cold = JSON.parse(stdout);
    expect(cold.status).toBe(200);
    expect(cold.body).toContain('"serverInfo":{"name":"filing-mcp"');
    expect(cold.undici).toEqual([]);
  });

  it('imports what the entry holds from the entry: the first call reads no module that only re-exports it', () => {
    // The chunks merged into handler.mjs (merge-eager-chunks.mjs) stay as one-line modules for
    // any import left to them; every chunk the first call loads imports their code from the entry.
    const files = firstCallFiles(packageDir);
    expect(files.length).toBeGreaterThan(5);
    for (const { file } of files) {
      expect(readFileSync(resolve(packageDir, file), 'utf8')).not.toMatch(
        /^export\{[^}]*\}from"\.\.\/handler\.mjs";\n?$/,
      );
    }
  });

  it('deploys and publishes code, templates and package.json only: the metafile stays beside the package', async () => {
    const deployed = readdirSync(resolve(packageDir, 'dist/lambda'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        join(entry.parentPath, entry.name).slice(resolve(packageDir, 'dist/lambda').length + 1),
      );
    expect(
      deployed.filter(
        (file) =>
          !/^(handler|migrate|chunks\/[\w.-]+)\.mjs$|^package\.json$|^templates\/f\w+\.pdf$/.test(file),
      ),
    ).toEqual([]);
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json'], { cwd: packageDir });
    const packed = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map(
      (file) => file.path,
    );
    expect(packed).toContain('dist/lambda/handler.mjs');
    expect(packed.filter((file) => /meta\.json$|^\.bundle\//.test(file))).toEqual([]);
    // The bundle-size metric (bundle.mjs, `pnpm bench`) reads it there.
    const meta = JSON.parse(readFileSync(resolve(packageDir, '.bundle/meta.json'), 'utf8'));
    expect(Object.keys(meta.outputs)).toContain('dist/lambda/handler.mjs');
  });
});

describe.runIf(withPostgres)("a Lambda container's pool (lambdaPlatform's warmPool)", () => {
  // The pool opens its first connection as soon as it exists; the key's lookup, sent while that
  // connection still opens, waits for it rather than open a second one: a cold container pays one
  // handshake (TCP, TLS, authentication), not two at once on its one core.
  const connections = async (name: string) =>
    Number(
      (
        (await database.db
          .selectFrom('pg_stat_activity' as any)
          .select((eb: any) => eb.fn.countAll().as('count'))
          .where('application_name' as any, '=', name)
          .executeTakeFirstOrThrow()) as any
      ).count,
    );
  const openPool = (name: string) => {
    const url = new URL(database.url);
    url.searchParams.set('application_name', name);
    return createFilingPool(
      {
        connectionString: url.toString(),
        options: {
          max: 2,
          connectionTimeoutMillis: 10_000,
          idleTimeoutMillis: 10_000,
          query_timeout: 10_000,
        },
      },
      lambdaPlatform(),
      { acquireTimeoutMs: 10_000 },
    );
  };

  it('runs the first query on the warm connection: one connection, not two', async () => {
    const pool = await openPool('warm-pool-first');
    try {
      const { rows } = await poolQuery(pool)('select 1 as one', []);
      expect(rows).toEqual([{ one: 1 }]);
      expect(await connections('warm-pool-first')).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('still opens a connection of its own for a second query sent at the same time', async () => {
    const pool = await openPool('warm-pool-two');
    try {
      const query = poolQuery(pool);
      const answers = await Promise.all([
        query('select 1 as one, pg_sleep(0.05)', []),
        query('select 2 as one, pg_sleep(0.05)', []),
      ]);
      expect(answers.map(({ rows }) => rows[0]?.one)).toEqual([1, 2]);
      expect(await connections('warm-pool-two')).toBe(2);
    } finally {
      await pool.end();
    }
  });
});

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
    const platform = lambdaPlatform();
    const workspace = await createServerlessFilingServer(
      await serverlessSettingsFromEnv(process.env, platform),
      platform,
    );
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

describe.runIf(withPostgres)(
  'bundled handler serves the filing packets from the shipped IRS templates',
  () => {
    let key: string;
    let id: string;
    const rpc = async (body: unknown) => {
      const event = mcpEvent(body);
      event.headers.authorization = `Bearer ${key}`;
      const result = await entry.handler(event);
      expect(result.statusCode).toBe(200);
      return rpcMessage(result.headers['content-type'], result.body) as any;
    };
    const callTool = async (name: string, args: Record<string, unknown>) =>
      (await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })).result;
    /** The Function URL event of a GET to a link the server signed under its {base_url}. */
    const linkEvent = (link: string) => {
      const url = new URL(link);
      return functionUrlEvent({ rawPath: url.pathname, rawQueryString: url.search.slice(1) });
    };

    beforeAll(async () => {
      ({ key } = await createApiKey(database.db, { userId: `packets-${randomBytes(4).toString('hex')}` }));
      ({ id } = (
        await callTool('create_filing', { form_data: EXAMPLE_SINGLE_MEMBER_FILING })
      ).structuredContent);
    });

    it('ships the templates as files beside the bundle, not inside its JavaScript', () => {
      const templates = readdirSync(join(taskRoot, 'templates')).sort();
      expect(templates).toEqual(['f1065.pdf', 'f1065sk1.pdf', 'f1120.pdf', 'f5472.pdf', 'f7004.pdf']);
      const chunks = readdirSync(join(taskRoot, 'chunks')).map((name) => `chunks/${name}`);
      for (const file of ['handler.mjs', ...chunks]) {
        expect(readFileSync(join(taskRoot, file), 'latin1'), file).not.toContain('%PDF-1.');
      }
    });

    it('reads the templates from templates/ beside handler.mjs, and from nowhere else', async () => {
      const { download_url: downloadUrl } = (await callTool('get_pdf_url', { id })).structuredContent;
      await rename(join(taskRoot, 'templates'), join(taskRoot, 'templates-away'));
      try {
        const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
        const failed = await entry.handler(linkEvent(downloadUrl));
        errors.mockRestore();
        expect(failed.statusCode).toBe(500);
      } finally {
        await rename(join(taskRoot, 'templates-away'), join(taskRoot, 'templates'));
      }
      // A failed start of the packet builder is not kept: the next packet finds the templates.
      expect((await entry.handler(linkEvent(downloadUrl))).statusCode).toBe(200);
    });

    it('get_pdf_url answers a signed download_url, which the same handler answers with the PDF', async () => {
      const result = await callTool('get_pdf_url', { id });
      const downloadUrl: string = result.structuredContent.download_url;
      expect(downloadUrl).toMatch(
        new RegExp(`^${baseUrl}/packets/5472/${id}\\.pdf\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
      );
      const download = await entry.handler(linkEvent(downloadUrl));
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.isBase64Encoded).toBe(true);
      const pdf = Buffer.from(download.body, 'base64');
      expectPdf(pdf);
      expect(download.headers['content-length']).toBe(String(pdf.length));
    });

    it('answers 403 for the download_url with a changed signature', async () => {
      const downloadUrl: string = (await callTool('get_pdf_url', { id })).structuredContent.download_url;
      const refused = await entry.handler(linkEvent(withChangedSignature(downloadUrl)));
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.body)).toEqual(INVALID_PACKET_LINK_BODY);
    });

    it('resources/read of the packet resource answers the PDF as a blob', async () => {
      const uri = `filing://filings/${id}/packet.pdf`;
      expectPacketResource(
        await rpc({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri } }),
        uri,
      );
    });
  },
);

describe.runIf(withPostgres)('bundled handler with the companion pages mounted (COMPANION=on)', () => {
  const userId = `user-${randomBytes(6).toString('hex')}`;
  const sessionToken = () =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(process.env.SESSION_JWT_SECRET!));

  /** The browser's steps: open the sign-in page, then post the session JWT with its CSRF token. */
  async function signIn(handler: LambdaHandler, session: string) {
    const page = await handler(functionUrlEvent({ rawPath: '/app/sign-in' }));
    expect(page.statusCode).toBe(200);
    const csrfCookie = page
      .cookies!.find((cookie) => cookie.startsWith('__Host-filing_csrf='))!
      .split(';')[0]!;
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body!)![1]!;
    return handler(
      functionUrlEvent({
        method: 'POST',
        rawPath: '/app/sign-in',
        cookies: [csrfCookie],
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws',
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({ csrf_token: csrf, session }).toString(),
      }),
    );
  }

  it('answers the sign-in page as HTML under APP_URL’s path: a form for a session token', async () => {
    const result = await entry.handler(functionUrlEvent({ rawPath: '/app/sign-in' }));
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toMatch(/^text\/html/);
    expect(result.body).toContain('<h1>Sign in to filing-mcp</h1>');
    expect(result.body).toContain('name="session" type="password"');
  });

  it('signs in with a session JWT; the cookie opens the pages for that user on another instance too', async () => {
    await new FilingRepository(database.db).createFiling('filings', {
      userId,
      llcName: 'Lambda Signed In LLC',
      ein: '12-3456789',
      taxYearBegin: '2024-01-01',
      taxYearEnd: '2024-12-31',
      formData: {},
    });
    const signedIn = await signIn(entry.handler, await sessionToken());
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/app/');
    const session = signedIn.cookies!.find((cookie) =>
      cookie.startsWith('__Host-filing_companion_session='),
    )!;
    expect(session).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    // A second copy of the module is a second instance: its own memory, nothing shared.
    const other: typeof entry = await import(
      `${pathToFileURL(join(taskRoot, 'handler.mjs')).href}?instance=2`
    );
    for (const handler of [entry.handler, other.handler]) {
      const index = await handler(functionUrlEvent({ rawPath: '/app/', cookies: [session.split(';')[0]!] }));
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain(`Signed in as ${userId}`);
      expect(index.body).toContain('Lambda Signed In LLC');
    }
  });

  it('answers 401 without a session cookie for an expired or forged session JWT', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the server secret'));
    const refused = await signIn(entry.handler, forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies ?? []).toEqual([]);
    expect(refused.body).toContain('Session token not valid');
  });

  it('asks for the sign-in before the consent page, since a function is reachable from the network', async () => {
    const result = await entry.handler(
      functionUrlEvent({ rawPath: '/app/oauth/authorize', rawQueryString: 'client_id=x&state=y' }),
    );
    expect(result.statusCode).toBe(401);
    expect(result.headers['content-type']).toMatch(/^text\/html/);
    expect(result.body).toContain('Sign in first');
  });

  it('leaves every other path to the server behind the pages', async () => {
    const result = await entry.handler(
      functionUrlEvent({ rawPath: '/mcp-server/.well-known/oauth-protected-resource' }),
    );
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body).resource).toBe(baseUrl);
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
