import {
  type Attributes,
  type Context,
  context,
  type Histogram,
  type Link,
  metrics,
  createNoopMeter,
  propagation,
  ProxyTracerProvider,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import type { McpMessageObserver, McpMessageOutcome } from '@filing-mcp/protocol';

/**
 * The semantic conventions these spans and metrics follow: the OpenTelemetry GenAI conventions,
 * MCP section (docs/gen-ai/mcp.md, status Development) of open-telemetry/semantic-conventions-genai
 * at commit 0393513c, which builds on the core conventions v1.41.1 (error.type, jsonrpc.*, http.*).
 */
export const MCP_SEMANTIC_CONVENTIONS = 'semantic-conventions-genai@0393513c (MCP, Development)';

const INSTRUMENTATION_SCOPE = '@filing-mcp/filing-domain';
// What the metrics API hands out while no meter provider is registered (one shared instance).
const NOOP_METER = createNoopMeter();

// The buckets the MCP conventions advise for mcp.server.operation.duration (seconds).
const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

// Method names a client sends are free text: anything not listed records as `_OTHER`, so a client
// cannot fill span names and metric series with made-up methods.
const KNOWN_METHODS = new Set([
  'completion/complete',
  'initialize',
  'logging/setLevel',
  'notifications/cancelled',
  'notifications/initialized',
  'notifications/progress',
  'notifications/roots/list_changed',
  'ping',
  'prompts/get',
  'prompts/list',
  'resources/list',
  'resources/read',
  'resources/subscribe',
  'resources/templates/list',
  'resources/unsubscribe',
  'server/discover',
  'tools/call',
  'tools/list',
]);
const OTHER = '_OTHER';
const DATE_VERSION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const OAUTH_ERROR_CODE = /^[a-z_]{1,64}$/;
const MAX_REQUEST_ID_LENGTH = 128;

// Marks a request a message span covered (see refusedMcpRequest): a property of the request is
// cheaper to set per message than an entry in a WeakSet.
const OBSERVED = Symbol('filing-mcp.observed');
type ObservedRequest = Request & { [OBSERVED]?: true };

const metaGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Options of {@link createFilingTelemetry}. */
export interface FilingTelemetryOptions {
  /** Every tool the server offers: other names a client sends record as `_OTHER`. */
  toolNames: Iterable<string>;
  /**
   * Tools whose arguments an operator opted in to record (`gen_ai.tool.call.arguments`). Empty by
   * default; the filing tools are never recorded, whatever this says.
   */
  recordArgumentsOf?: Iterable<string>;
  /** Tools whose arguments are never recorded (the filing tools: EINs, names, form_data). */
  sensitiveTools?: Iterable<string>;
}

/** Spans and metrics of the composed server, on the global OpenTelemetry API. */
export interface FilingTelemetry {
  /** One SERVER span and one `mcp.server.operation.duration` measurement per MCP message. */
  observer: McpMessageObserver;
  /**
   * Records an MCP request the endpoint refused before any message ran (403 Host/Origin, 405, 413,
   * 415, parse errors), so that the refusal is visible, unless a message span covered it.
   */
  refusedMcpRequest(request: Request, response: Response, startTime: number): void;
  /** Runs one OAuth endpoint inside its own SERVER span, tagged with the OAuth error code. */
  oauthRequest(request: Request, route: string, handle: () => Promise<Response>): Promise<Response>;
}

/**
 * The parent of a server span: the trace context of `params._meta` (MCP conventions), else the
 * `traceparent` header; `link` is the header's context when `_meta` won and both were sent.
 */
function parentOf(meta: unknown, headers: Headers): { parent: Context; links?: Link[] } {
  const active = context.active();
  const fromHeader = headers.has('traceparent')
    ? propagation.extract(active, headers, headerGetter)
    : undefined;
  if (isPlainObject(meta) && typeof meta.traceparent === 'string') {
    const parent = propagation.extract(active, meta, metaGetter);
    const linked = fromHeader && trace.getSpanContext(fromHeader);
    return linked ? { parent, links: [{ context: linked }] } : { parent };
  }
  return { parent: fromHeader ?? active };
}

/**
 * Builds the server's instrumentation on `@opentelemetry/api`, which does nothing until the host
 * registers an SDK (the Node adapter does when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_*_EXPORTER` is
 * set; on Vercel or Lambda, register a provider before the server handles its first request).
 * Nothing secret is recorded: no credential, code, query string, `form_data` or tool argument (see
 * {@link FilingTelemetryOptions.recordArgumentsOf}); tool and method names outside the known set
 * record as `_OTHER`.
 */
export function createFilingTelemetry(options: FilingTelemetryOptions): FilingTelemetry {
  const tracer = trace.getTracer(INSTRUMENTATION_SCOPE);
  const toolNames = new Set(options.toolNames);
  const sensitive = new Set(options.sensitiveTools ?? []);
  const recordArgumentsOf = new Set(
    [...(options.recordArgumentsOf ?? [])].filter((name) => !sensitive.has(name)),
  );

  // The instrument is made once a meter provider is registered, so that a provider registered after
  // the server was built (before its first request) still receives it; undefined while none is.
  let operationDuration: Histogram | undefined;
  const durationHistogram = (): Histogram | undefined => {
    if (operationDuration !== undefined) return operationDuration;
    const meter = metrics.getMeter(INSTRUMENTATION_SCOPE);
    if (meter === NOOP_METER) return undefined;
    operationDuration = meter.createHistogram('mcp.server.operation.duration', {
      unit: 's',
      description: 'MCP request or notification duration as observed on the receiver',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    return operationDuration;
  };
  // Whether a tracer provider is registered: the API's global provider is a proxy that has a
  // delegate once an SDK registered one. Checked per message, so a late registration still counts.
  const tracing = (): boolean => {
    const provider = trace.getTracerProvider();
    return (
      !(provider instanceof ProxyTracerProvider) ||
      provider.getDelegateTracer(INSTRUMENTATION_SCOPE) !== undefined
    );
  };

  const observer: McpMessageObserver = {
    start({ method, id, params, request }) {
      // Telemetry off (no SDK registered): no span, no measurement, nothing to pay per message.
      const histogram = durationHistogram();
      if (histogram === undefined && !tracing()) return undefined;
      (request as ObservedRequest)[OBSERVED] = true;
      const methodName = KNOWN_METHODS.has(method) ? method : OTHER;
      const fields = isPlainObject(params) ? params : undefined;
      const sentName = method === 'tools/call' ? fields?.name : undefined;
      const toolName =
        typeof sentName === 'string' ? (toolNames.has(sentName) ? sentName : OTHER) : undefined;
      const headerVersion = request.headers.get('mcp-protocol-version');
      const version =
        headerVersion ??
        (method === 'initialize' && typeof fields?.protocolVersion === 'string'
          ? fields.protocolVersion
          : null);

      const protocolVersion = version !== null && DATE_VERSION.test(version) ? version : undefined;

      // Each attribute object is one literal of fixed shape: adding keys one by one to a copy made
      // these objects slow to build (dictionary mode) and cost more than the span itself. The SDK
      // drops the attributes left undefined; the metric's attributes hold defined values only.
      const metricAttributes: Attributes =
        toolName === undefined
          ? { 'mcp.method.name': methodName, 'network.transport': 'tcp' }
          : { 'mcp.method.name': methodName, 'network.transport': 'tcp', 'gen_ai.tool.name': toolName };
      if (protocolVersion !== undefined) metricAttributes['mcp.protocol.version'] = protocolVersion;
      const attributes: Attributes = {
        'mcp.method.name': methodName,
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
        'gen_ai.tool.name': toolName,
        'gen_ai.operation.name': toolName === undefined ? undefined : 'execute_tool',
        'mcp.protocol.version': protocolVersion,
        'jsonrpc.request.id': id === undefined ? undefined : String(id).slice(0, MAX_REQUEST_ID_LENGTH),
        'gen_ai.tool.call.arguments':
          toolName !== undefined && recordArgumentsOf.has(toolName) && fields?.arguments !== undefined
            ? JSON.stringify(fields.arguments)
            : undefined,
      };

      const { parent, links } = parentOf(fields?._meta, request.headers);
      const span = tracer.startSpan(
        toolName === undefined ? methodName : `${methodName} ${toolName}`,
        { kind: SpanKind.SERVER, attributes, ...(links && { links }) },
        parent,
      );
      const spanContext = trace.setSpan(parent, span);
      const started = performance.now();
      return {
        run: (work) => context.with(spanContext, work),
        end(outcome: McpMessageOutcome) {
          let errorType: string | undefined;
          if (outcome.errorCode !== undefined) {
            errorType = String(outcome.errorCode);
            span.setAttribute('rpc.response.status_code', errorType);
          } else if (outcome.toolError) {
            errorType = 'tool_error';
          }
          if (outcome.httpStatus !== undefined)
            span.setAttribute('http.response.status_code', outcome.httpStatus);
          if (errorType !== undefined) {
            span.setAttribute('error.type', errorType);
            span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.errorMessage ?? errorType });
            metricAttributes['error.type'] = errorType;
          }
          span.end();
          histogram?.record((performance.now() - started) / 1000, metricAttributes);
        },
      };
    },
  };

  return {
    observer,
    refusedMcpRequest(request, response, startTime) {
      if (response.status < 400 || (request as ObservedRequest)[OBSERVED] === true) return;
      const route = new URL(request.url).pathname;
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          startTime,
          attributes: {
            'http.request.method': request.method,
            'http.route': route,
            'http.response.status_code': response.status,
            'error.type': String(response.status),
          },
        },
        parentOf(undefined, request.headers).parent,
      );
      span.setStatus({ code: SpanStatusCode.ERROR, message: String(response.status) });
      span.end();
    },
    async oauthRequest(request, route, handle) {
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': request.method, 'http.route': route },
        },
        parentOf(undefined, request.headers).parent,
      );
      try {
        const response = await context.with(trace.setSpan(context.active(), span), handle);
        span.setAttribute('http.response.status_code', response.status);
        const errorCode = await oauthErrorCode(response);
        if (errorCode !== undefined) {
          span.setAttribute('error.type', errorCode);
          span.setStatus({ code: SpanStatusCode.ERROR, message: errorCode });
        }
        return response;
      } catch (error) {
        span.setAttribute('error.type', (error as Error | null)?.name ?? 'Error');
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  };
}

/**
 * The OAuth error code of an answer: `error` of a JSON error body (RFC 6749 5.2), of the redirect
 * back to the client (4.1.2.1), or the status of any other failure. Never a description or URI.
 */
async function oauthErrorCode(response: Response): Promise<string | undefined> {
  const location = response.headers.get('location');
  if (location !== null && URL.canParse(location)) {
    const code = new URL(location).searchParams.get('error');
    if (code !== null) return OAUTH_ERROR_CODE.test(code) ? code : OTHER;
  }
  if (response.status < 400) return undefined;
  if (response.headers.get('content-type')?.startsWith('application/json')) {
    try {
      const body = (await response.clone().json()) as { error?: unknown };
      if (typeof body.error === 'string') return OAUTH_ERROR_CODE.test(body.error) ? body.error : OTHER;
    } catch {
      // Not the JSON it claims to be: fall back to the status.
    }
  }
  return String(response.status);
}
