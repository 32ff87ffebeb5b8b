import type { ObservedExchange } from '@filing-mcp/node-http';
import { type Attributes, createNoopMeter, type Histogram, metrics } from '@opentelemetry/api';

// What the metrics API hands out while no meter provider is registered (one shared instance).
const NOOP_METER = createNoopMeter();
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// The buckets the HTTP conventions advise for http.server.request.duration (seconds).
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * Records `http.server.request.duration` on the global OpenTelemetry API (nothing unless an SDK was
 * started first, looked up again until one is). `http.route` only for the server's own routes
 * (`routeOf`), so a scan of random paths cannot create metric series.
 */
export function createHttpMetrics(
  routeOf: (path: string) => string | undefined,
): (exchange: ObservedExchange) => void {
  let histogram: Histogram | undefined;
  return (exchange) => {
    if (histogram === undefined) {
      const meter = metrics.getMeter('@filing-mcp/node');
      if (meter === NOOP_METER) return;
      histogram = meter.createHistogram('http.server.request.duration', {
        unit: 's',
        description: 'Duration of HTTP server requests',
        advice: { explicitBucketBoundaries: HTTP_DURATION_BUCKETS },
      });
    }
    const { status, method } = exchange;
    const attributes: Attributes = {
      'http.request.method': HTTP_METHODS.has(method) ? method : '_OTHER',
      'http.response.status_code': status,
      'url.scheme': 'http',
      'network.protocol.version': exchange.incoming.httpVersion,
    };
    const route = routeOf(exchange.path);
    if (route !== undefined) attributes['http.route'] = route;
    if (status >= 500) attributes['error.type'] = String(status);
    histogram.record(exchange.durationMs / 1000, attributes);
  };
}
