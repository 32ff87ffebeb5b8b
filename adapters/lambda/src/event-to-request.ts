import type { LambdaHandlerOptions } from './lambda-handler-options.js';
import type { LambdaHttpEvent } from './lambda-http-event.js';

/**
 * Rebuilds the request the client sent from an HTTP API v2 / Function URL event.
 * @internal
 */
export function eventToRequest(event: LambdaHttpEvent, options: LambdaHandlerOptions = {}): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers.set(name, value);
  }
  if (event.cookies && event.cookies.length > 0) {
    // Payload 2.0 strips the Cookie header into `cookies`; RFC 6265 joins cookie pairs with "; ".
    headers.set('cookie', event.cookies.join('; '));
  }
  const method = event.requestContext.http.method.toUpperCase();
  return new Request(
    eventUrl(event, options, (name) => headers.get(name)),
    {
      method,
      headers,
      body: eventBody(event, method),
    },
  );
}

/**
 * The URL the client used, from the event and the request's headers as `header` reads them
 * (X-Forwarded-Proto and -Host, Host): what {@link eventToRequest} builds its `Request` at.
 * @internal
 */
export function eventUrl(
  event: LambdaHttpEvent,
  options: LambdaHandlerOptions,
  header: (name: string) => string | null,
): string {
  const protocol = firstValue(header('x-forwarded-proto')) || 'https';
  const host =
    firstValue(header('x-forwarded-host')) ||
    header('host') ||
    event.requestContext.domainName ||
    'localhost';
  const path = applicationPath(event, options);
  return `${protocol}://${host}${path}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`;
}

/**
 * The event's body as the `Request` takes it: the text, or the bytes of a base64 body; none for
 * GET and HEAD (`method` upper-case).
 * @internal
 */
export function eventBody(event: LambdaHttpEvent, method: string): Uint8Array | string | undefined {
  if (event.body === undefined || event.body === null || method === 'GET' || method === 'HEAD')
    return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
}

function applicationPath(event: LambdaHttpEvent, options: LambdaHandlerOptions): string {
  let path = event.rawPath || '/';
  if (!path.startsWith('/')) path = `/${path}`;
  const stage = event.requestContext.stage;
  if (options.stripStage && stage && stage !== '$default') {
    path = stripPrefix(path, `/${stage}`);
  }
  const basePath = options.basePath?.replace(/^\/+|\/+$/g, '');
  if (basePath) path = stripPrefix(path, `/${basePath}`);
  return path;
}

function stripPrefix(path: string, prefix: string): string {
  if (path === prefix) return '/';
  // Only whole segments: "/prod" must not eat the start of "/production".
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
}

/** A proxy chain appends to x-forwarded-*; the first entry is what the client used. */
function firstValue(header: string | null): string {
  return header?.split(',')[0]?.trim() ?? '';
}
