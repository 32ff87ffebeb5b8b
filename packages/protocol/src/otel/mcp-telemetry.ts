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
import { isPlainObject } from '../util/plain-object.js';
import type { McpMessageObserver, McpMessageOutcome } from '../context/observe.js';

/**
 * The semantic conventions these spans and metrics follow: the OpenTelemetry GenAI conventions,
 * MCP section, status Development
 * (https://github.com/open-telemetry/semantic-conventions-genai/blob/0393513c/docs/gen-ai/mcp.md),
 * which builds on the core conventions v1.41.1 (error.type, jsonrpc.*, http.*).
 */
export const MCP_SEMANTIC_CONVENTIONS = 'semantic-conventions-genai@0393513c (MCP, Development)';

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
/** What a name outside the known set records as. */
export const OTHER = '_OTHER';
const DATE_VERSION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
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

/** Options of {@link createMcpTelemetry}. */
export interface McpTelemetryOptions {
  /** The instrumentation scope (tracer and meter name), e.g. the package that builds the server. */
  instrumentationScope: string;
  /** Every tool the server offers: other names a client sends record as `_OTHER`. */
  toolNames: Iterable<string>;
  /** Tools whose arguments an operator opted in to record (`gen_ai.tool.call.arguments`); default none. */
  recordArgumentsOf?: Iterable<string>;
  /** Tools whose arguments are never recorded, whatever `recordArgumentsOf` says. */
  sensitiveTools?: Iterable<string>;
}

/** Spans and metrics of an MCP endpoint, on the global OpenTelemetry API. */
export interface McpTelemetry {
  /** One SERVER span and one `mcp.server.operation.duration` measurement per MCP message. */
  observer: McpMessageObserver;
  /**
   * Records an MCP request the endpoint refused before any message ran (403 Host/Origin, 405, 413,
   * 415, parse errors), so that the refusal is visible, unless a message span covered it.
   */
  refusedMcpRequest(request: Request, response: Response, startTime: number): void;
}

/**
 * The parent of a server span: the trace context of `params._meta` (MCP conventions), else the
 * `traceparent` header; `link` is the header's context when `_meta` won and both were sent.
 */
export function traceParentOf(meta: unknown, headers: Headers): { parent: Context; links?: Link[] } {
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
 * An MCP server's instrumentation on `@opentelemetry/api` after the MCP semantic conventions
 * ({@link MCP_SEMANTIC_CONVENTIONS}): a message observer for `createMcpServer` and the span of a
 * request the endpoint refused. It does nothing until the host registers an SDK. Nothing secret is
 * recorded: no credential, query string or tool argument (see
 * {@link McpTelemetryOptions.recordArgumentsOf}); tool and method names outside the known set
 * record as `_OTHER`.
 */
export function createMcpTelemetry(options: McpTelemetryOptions): McpTelemetry {
  const scope = options.instrumentationScope;
  const tracer = trace.getTracer(scope);
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
    const meter = metrics.getMeter(scope);
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
    return !(provider instanceof ProxyTracerProvider) || provider.getDelegateTracer(scope) !== undefined;
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

      const { parent, links } = traceParentOf(fields?._meta, request.headers);
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
        traceParentOf(undefined, request.headers).parent,
      );
      span.setStatus({ code: SpanStatusCode.ERROR, message: String(response.status) });
      span.end();
    },
  };
}
