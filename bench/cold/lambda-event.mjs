// Shared by the two bench-only Lambda handlers: an HTTP API v2 / Function URL event becomes a web
// Request, and a Response becomes the buffered payload 2.0 result. The smallest faithful version,
// so the handlers below cost what their fetch function costs and little else.

/** The event as a web `Request`. */
export function eventToRequest(event) {
  const host = event.headers.host ?? event.requestContext.domainName ?? 'localhost';
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const body =
    event.body === undefined
      ? undefined
      : event.isBase64Encoded
        ? Buffer.from(event.body, 'base64')
        : event.body;
  return new Request(`https://${host}${event.rawPath}${query}`, {
    method: event.requestContext.http.method,
    headers: Object.entries(event.headers).filter(([, value]) => value !== undefined),
    body: event.requestContext.http.method === 'GET' ? undefined : body,
  });
}

/** The Response as a buffered Lambda result. */
export async function responseToResult(response) {
  const headers = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text(), isBase64Encoded: false };
}
