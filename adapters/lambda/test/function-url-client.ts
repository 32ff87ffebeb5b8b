import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

const textBody = /^(text\/|application\/(json|x-www-form-urlencoded|[a-z0-9.+-]*\+json)\b)/i;

/**
 * Turns a fetch call into the event a Lambda Function URL would deliver for it: raw path and query,
 * lower-case headers, cookies split out, and a body that is base64 unless it is plainly text (which
 * is what the Function URL front end does).
 */
export async function requestToFunctionUrlEvent(request: Request): Promise<LambdaFunctionURLEvent> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name !== 'cookie') headers[name] = value;
  });
  headers.host = url.host;
  headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  headers['x-forwarded-port'] = url.port || (url.protocol === 'https:' ? '443' : '80');
  const cookie = request.headers.get('cookie');
  const bytes = new Uint8Array(await request.arrayBuffer());
  const isText = textBody.test(request.headers.get('content-type') ?? '');
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookie ? { cookies: cookie.split(/;\s*/) } : {}),
    headers,
    requestContext: {
      accountId: 'anonymous',
      apiId: url.hostname.split('.')[0]!,
      domainName: url.hostname,
      domainPrefix: url.hostname.split('.')[0]!,
      http: {
        method: request.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: request.headers.get('user-agent') ?? '',
      },
      requestId,
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(bytes.length > 0
      ? { body: isText ? new TextDecoder().decode(bytes) : Buffer.from(bytes).toString('base64') }
      : {}),
    isBase64Encoded: bytes.length > 0 && !isText,
  };
}

/** Turns a buffered Function URL result back into the Response the client would receive. */
export function resultToResponse(result: LambdaFunctionURLResult): Response {
  if (typeof result === 'string') return new Response(result);
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value));
  for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie);
  const status = result.statusCode ?? 200;
  const nullBody = status === 204 || status === 304 || status === 101;
  const body =
    result.body === undefined || nullBody
      ? null
      : result.isBase64Encoded
        ? Buffer.from(result.body, 'base64')
        : result.body;
  return new Response(body, { status, headers });
}
