import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { createMcpTelemetry, OTHER, traceParentOf, type McpTelemetry } from '@filing-mcp/protocol/otel';

export { MCP_SEMANTIC_CONVENTIONS } from '@filing-mcp/protocol/otel';

const INSTRUMENTATION_SCOPE = '@filing-mcp/filing-domain';
const OAUTH_ERROR_CODE = /^[a-z_]{1,64}$/;

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
export interface FilingTelemetry extends McpTelemetry {
  /** Runs one OAuth endpoint inside its own SERVER span, tagged with the OAuth error code. */
  oauthRequest(request: Request, route: string, handle: () => Promise<Response>): Promise<Response>;
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
  const { observer, refusedMcpRequest } = createMcpTelemetry({
    instrumentationScope: INSTRUMENTATION_SCOPE,
    ...options,
  });
  const tracer = trace.getTracer(INSTRUMENTATION_SCOPE);
  return {
    observer,
    refusedMcpRequest,
    async oauthRequest(request, route, handle) {
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': request.method, 'http.route': route },
        },
        traceParentOf(undefined, request.headers).parent,
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
