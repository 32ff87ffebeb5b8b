import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '@filing-mcp/filing-domain';
import { createPostgresDb, type PostgresTestDatabase } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServeProcess, startServe } from './support/cli-process.js';

// What an OTLP/JSON export holds, as far as these tests read it.
interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  status?: { code?: number; message?: string };
  links?: Array<{ traceId: string; spanId: string }>;
}

const SPAN_KIND_SERVER = 2;
const STATUS_ERROR = 2;
const SESSION_SECRET = 'telemetry-test-secret-telemetry-test-secret';
const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const HEADER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
// Values that must never leave the server in telemetry.
const LLC_NAME = 'Quokka Telemetry Canary LLC';
const EIN = '98-7654321';
const OWNER_NAME = 'Canary Owner Ottilie';
const FAKE_CODE = 'oauth-code-canary-3f9a1c';
const FAKE_CLIENT_SECRET = 'client-secret-canary-77b2';

function attribute(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  if (value === undefined) return undefined;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue;
}

/** A minimal OTLP/HTTP receiver (JSON encoding): keeps every export body as text. */
async function startReceiver(): Promise<{ server: Server; url: string; bodies: Map<string, string[]> }> {
  const bodies = new Map<string, string[]>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      bodies.set(path, [...(bodies.get(path) ?? []), body]);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

function singleMemberForm(): Record<string, unknown> {
  return {
    taxYearBegin: '2024-01-01',
    taxYearEnd: '2024-12-31',
    llcName: LLC_NAME,
    llcStreet: '1209 Orange Street',
    llcCity: 'Wilmington, DE 19801',
    ein: EIN,
    totalAssets: '25000',
    businessActivity: 'Software consulting',
    businessActivityCode: '541511',
    isInitialYear: false,
    countryIncorporation: 'US',
    dateIncorporation: '2021-03-15',
    taxResidentCountry: 'DE',
    principalBusinessCountries: 'US, DE',
    ownerName: OWNER_NAME,
    ownerStreet: 'Hauptstrasse 5',
    ownerCity: 'Berlin 10115',
    ownerUSId: '',
    ownerRefId: 'REF-1',
    ownerFTIN: 'DE123456789',
    ownerBusinessCountries: 'DE',
    ownerCitizenship: 'DE',
    ownerTaxResidentCountry: 'DE',
    relatedParties: [],
    signerTitle: 'Managing Member',
    signatureDate: '2025-03-01',
    generateForm7004: false,
    generateLateFilingLetter: false,
  };
}

describe('OpenTelemetry export of filing-mcp serve, OTLP/JSON to a local receiver (PostgreSQL only: the database spans come from the pg driver instrumentation, which PGlite does not use)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let database: PostgresTestDatabase;
  let serve: ServeProcess;
  let workDir: string;
  let apiKey: string;
  let filingId: string;
  let spans: OtlpSpan[] = [];
  let metricNames = new Set<string>();
  // The attributes of every exported data point, by metric name.
  const metricPoints = new Map<string, OtlpSpan[]>();
  let exported = '';

  const rpc = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${serve.origin}/mcp-server`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2025-06-18',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    database = await createPostgresDb();
    workDir = mkdtempSync(join(tmpdir(), 'filing-mcp-otel-'));
    serve = await startServe({
      cwd: workDir,
      env: {
        DATABASE_URL: database.url,
        APP_URL: 'https://app.example.com',
        SESSION_JWT_SECRET: SESSION_SECRET,
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_METRIC_EXPORT_INTERVAL: '1000',
        OTEL_LOGS_EXPORTER: 'none',
      },
    });
    apiKey = (await createApiKey(database.db, { userId: 'otel-user' })).key;
    const auth = { authorization: `Bearer ${apiKey}` };

    const created = await rpc(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_filing', arguments: { form_data: singleMemberForm() } },
      },
      auth,
    );
    filingId = created.body.result.structuredContent.id;

    // The call under test: trace context in _meta (wins) and a different one in the header (linked).
    const got = await rpc(
      {
        jsonrpc: '2.0',
        id: 42,
        method: 'tools/call',
        params: {
          name: 'get_filing',
          arguments: { id: filingId },
          _meta: { traceparent: `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-01`, tracestate: 'vendor=x' },
        },
      },
      { ...auth, traceparent: `00-${HEADER_TRACE_ID}-b7ad6b7169203331-01` },
    );
    expect(got.body.result.structuredContent.llc_name).toBe(LLC_NAME);

    // A tool error (unknown filing), a 401 without credential, a 401 with a wrong one.
    const missing = await rpc(
      {
        jsonrpc: '2.0',
        id: 43,
        method: 'tools/call',
        params: { name: 'get_filing', arguments: { id: '00000000-0000-4000-8000-000000000000' } },
      },
      auth,
    );
    expect(missing.body.result.isError).toBe(true);
    expect(
      (await rpc({ jsonrpc: '2.0', id: 44, method: 'tools/call', params: { name: 'list_filings' } })).status,
    ).toBe(401);
    expect(
      (
        await rpc(
          { jsonrpc: '2.0', id: 45, method: 'tools/call', params: { name: 'list_filings' } },
          { authorization: 'Bearer nf_0000000000000000000000000000000000000000000000000000000000000000' },
        )
      ).status,
    ).toBe(401);
    // A request refused before any message ran: the wrong content type.
    const refused = await fetch(`${serve.origin}/mcp-server`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', accept: 'application/json' },
      body: 'not json-rpc',
    });
    expect(refused.status).toBe(415);
    // An OAuth error: a made-up authorization code.
    const token = await fetch(`${serve.origin}/mcp-server/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: FAKE_CODE,
        client_id: 'no-such-client',
        client_secret: FAKE_CLIENT_SECRET,
        redirect_uri: 'https://client.example/cb',
        code_verifier: 'v'.repeat(43),
      }),
    });
    expect(token.status).toBeGreaterThanOrEqual(400);

    // A graceful stop flushes every span and metric still buffered.
    serve.child.kill('SIGTERM');
    await serve.exited;
    exported = [...receiver.bodies.values()].flat().join('\n');
    for (const body of receiver.bodies.get('/v1/traces') ?? []) {
      for (const resource of JSON.parse(body).resourceSpans ?? []) {
        for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      }
    }
    for (const body of receiver.bodies.get('/v1/metrics') ?? []) {
      for (const resource of JSON.parse(body).resourceMetrics ?? []) {
        for (const scope of resource.scopeMetrics ?? []) {
          for (const metric of scope.metrics ?? []) {
            metricNames.add(metric.name);
            const data = metric.sum ?? metric.gauge ?? metric.histogram ?? {};
            const points = (data.dataPoints ?? []) as OtlpSpan[];
            metricPoints.set(metric.name, [...(metricPoints.get(metric.name) ?? []), ...points]);
          }
        }
      }
    }
  }, 240_000);

  afterAll(async () => {
    if (serve && serve.child.exitCode === null) {
      serve.child.kill('SIGKILL');
      await serve.exited;
    }
    await database?.close();
    await new Promise<void>((resolve) => receiver?.server.close(() => resolve()));
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    spans = [];
    metricNames = new Set();
  });

  it('exports one SERVER span for tools/call get_filing, child of the client span in _meta, with the MCP attributes', () => {
    const span = spans.find((candidate) => attribute(candidate, 'jsonrpc.request.id') === '42');
    expect(span).toBeDefined();
    expect(span!.name).toBe('tools/call get_filing');
    expect(span!.kind).toBe(SPAN_KIND_SERVER);
    expect(span!.traceId).toBe(CLIENT_TRACE_ID);
    expect(span!.parentSpanId).toBe(CLIENT_SPAN_ID);
    expect(attribute(span!, 'mcp.method.name')).toBe('tools/call');
    expect(attribute(span!, 'gen_ai.tool.name')).toBe('get_filing');
    expect(attribute(span!, 'gen_ai.operation.name')).toBe('execute_tool');
    expect(attribute(span!, 'mcp.protocol.version')).toBe('2025-06-18');
    expect(attribute(span!, 'error.type')).toBeUndefined();
    // The header's context, which lost to _meta, is kept as a link.
    expect(span!.links?.[0]?.traceId).toBe(HEADER_TRACE_ID);
  });

  it('records the database query of get_filing as a PostgreSQL child span', () => {
    const server = spans.find((candidate) => attribute(candidate, 'jsonrpc.request.id') === '42')!;
    const children = spans.filter((candidate) => candidate.parentSpanId === server.spanId);
    const query = children.find(
      (child) =>
        attribute(child, 'db.system.name') === 'postgresql' || attribute(child, 'db.system') === 'postgresql',
    );
    expect(query, JSON.stringify(children.map((child) => child.name))).toBeDefined();
    expect(query!.traceId).toBe(CLIENT_TRACE_ID);
  });

  it('marks a tool error with error.type tool_error and an error status', () => {
    const span = spans.find((candidate) => attribute(candidate, 'jsonrpc.request.id') === '43')!;
    expect(span.name).toBe('tools/call get_filing');
    expect(attribute(span, 'error.type')).toBe('tool_error');
    expect(span.status?.code).toBe(STATUS_ERROR);
  });

  it('shows the 401 challenges: error.type -32001, http.response.status_code 401', () => {
    for (const id of ['44', '45']) {
      const span = spans.find((candidate) => attribute(candidate, 'jsonrpc.request.id') === id)!;
      expect(span.name).toBe('tools/call list_filings');
      expect(attribute(span, 'error.type')).toBe('-32001');
      expect(attribute(span, 'rpc.response.status_code')).toBe('-32001');
      expect(attribute(span, 'http.response.status_code')).toBe(401);
      expect(span.status?.code).toBe(STATUS_ERROR);
    }
  });

  it('gives a request refused before its messages one span with the status, and the 401s none besides theirs', () => {
    const refusals = spans.filter((candidate) => candidate.name === 'POST /mcp-server');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.kind).toBe(SPAN_KIND_SERVER);
    expect(attribute(refusals[0]!, 'error.type')).toBe('415');
    expect(attribute(refusals[0]!, 'http.response.status_code')).toBe(415);
  });

  it('exports a SERVER span for the OAuth token endpoint with the OAuth error code', () => {
    const span = spans.find((candidate) => candidate.name === 'POST /mcp-server/token')!;
    expect(span.kind).toBe(SPAN_KIND_SERVER);
    expect(attribute(span, 'http.route')).toBe('/mcp-server/token');
    expect(attribute(span, 'error.type')).toMatch(/^invalid_(client|grant)$/);
    expect(attribute(span, 'http.response.status_code')).toBeGreaterThanOrEqual(400);
  });

  it('exports mcp.server.operation.duration, http.server.request.duration and the pool metrics', () => {
    expect(metricNames).toContain('mcp.server.operation.duration');
    expect(metricNames).toContain('http.server.request.duration');
    expect([...metricNames].some((name) => name.startsWith('db.client.connection.'))).toBe(true);
  });

  it('exports the pool use as connections used and idle, by pool name', () => {
    const points = metricPoints.get('db.client.connection.count') ?? [];
    const states = new Set(points.map((point) => attribute(point, 'db.client.connection.state')));
    expect(states).toEqual(new Set(['used', 'idle']));
    const { hostname, port, pathname } = new URL(database.url);
    for (const point of points) {
      expect(attribute(point, 'db.client.connection.pool.name')).toBe(`${hostname}:${port}${pathname}`);
    }
    expect(metricNames).toContain('db.client.connection.pending_requests');
  });

  it('exports no credential, code, secret, form_data value or tool argument in any span or metric', () => {
    expect(exported.length).toBeGreaterThan(0);
    for (const secret of [
      apiKey,
      apiKey.slice(3, 20),
      SESSION_SECRET,
      FAKE_CODE,
      FAKE_CLIENT_SECRET,
      LLC_NAME,
      EIN,
      OWNER_NAME,
      'Hauptstrasse',
      'DE123456789',
      filingId,
      'nf_0000000000',
    ]) {
      expect(exported.includes(secret), secret).toBe(false);
    }
  });
});
