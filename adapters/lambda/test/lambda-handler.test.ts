import { describe, expect, it } from 'vitest';
import { createLambdaHandler, type FetchContext } from '../src/index.js';
import { functionUrlEvent, httpApiEvent } from './lambda-events.js';

interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: number[];
  requestId: string | undefined;
}

/** A fetch app that answers with what it received, so tests see the event -> Request translation. */
const echoApp = {
  async fetch(request: Request, context?: FetchContext): Promise<Response> {
    const seen: SeenRequest = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: [...new Uint8Array(await request.arrayBuffer())],
      requestId: context?.requestId,
    };
    return Response.json(seen);
  },
};

async function seenBy(event: Parameters<ReturnType<typeof createLambdaHandler>>[0], options = {}) {
  const result = await createLambdaHandler(echoApp, options)(event);
  expect(result.statusCode).toBe(200);
  expect(result.isBase64Encoded).toBe(false);
  return JSON.parse(result.body) as SeenRequest;
}

describe('createLambdaHandler: event to Request', () => {
  it('rebuilds the URL from x-forwarded-proto, host, rawPath and the raw query string', async () => {
    const seen = await seenBy(
      functionUrlEvent({ rawPath: '/mcp-server/authorize', rawQueryString: 'a=1&a=2&state=x%20y' }),
    );
    expect(seen.url).toBe(
      'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/mcp-server/authorize?a=1&a=2&state=x%20y',
    );
    expect(seen.method).toBe('GET');
  });

  it('prefers x-forwarded-host and x-forwarded-proto (a proxy in front) over the Lambda host', async () => {
    const seen = await seenBy(
      functionUrlEvent({
        rawPath: '/mcp-server',
        headers: { 'x-forwarded-host': 'filing.example.com', 'x-forwarded-proto': 'http' },
      }),
    );
    expect(seen.url).toBe('http://filing.example.com/mcp-server');
  });

  it('passes the method, the headers and the request id through', async () => {
    const seen = await seenBy(
      functionUrlEvent({
        method: 'DELETE',
        rawPath: '/x',
        headers: { authorization: 'Bearer nf_abc', accept: 'application/json, text/event-stream' },
        requestId: 'req-42',
      }),
    );
    expect(seen.method).toBe('DELETE');
    expect(seen.headers.authorization).toBe('Bearer nf_abc');
    expect(seen.headers.accept).toBe('application/json, text/event-stream');
    expect(seen.requestId).toBe('req-42');
  });

  it('turns the cookies array back into one Cookie header', async () => {
    const seen = await seenBy(functionUrlEvent({ cookies: ['session=abc', 'theme=dark'] }));
    expect(seen.headers.cookie).toBe('session=abc; theme=dark');
  });

  it('delivers a plain text body byte for byte', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', note: 'Zürich €' });
    const seen = await seenBy(
      functionUrlEvent({ method: 'POST', body, headers: { 'content-type': 'application/json' } }),
    );
    expect(Buffer.from(seen.body).toString('utf8')).toBe(body);
  });

  it('decodes a base64 body into the exact bytes, including bytes that are not UTF-8', async () => {
    const bytes = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x41, 0x0a]);
    const seen = await seenBy(
      functionUrlEvent({ method: 'POST', body: bytes.toString('base64'), isBase64Encoded: true }),
    );
    expect(seen.body).toEqual([...bytes]);
  });

  it('decodes a base64 form body (API Gateway encodes form posts)', async () => {
    const form = 'grant_type=authorization_code&code=mcp_code_x&code_verifier=abc';
    const seen = await seenBy(
      httpApiEvent({
        method: 'POST',
        rawPath: '/mcp-server/token',
        body: Buffer.from(form).toString('base64'),
        isBase64Encoded: true,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(Buffer.from(seen.body).toString('utf8')).toBe(form);
  });

  it('drops a body sent with GET, which Request cannot carry', async () => {
    const seen = await seenBy(functionUrlEvent({ method: 'GET', body: 'ignored' }));
    expect(seen.body).toEqual([]);
  });
});

describe('createLambdaHandler: stage and base path', () => {
  it('keeps a named stage in the path by default (it is part of the URL the client used)', async () => {
    const seen = await seenBy(httpApiEvent({ stage: 'prod', rawPath: '/prod/mcp-server/token' }));
    expect(new URL(seen.url).pathname).toBe('/prod/mcp-server/token');
  });

  it('strips a named stage with stripStage', async () => {
    const seen = await seenBy(httpApiEvent({ stage: 'prod', rawPath: '/prod/mcp-server/token' }), {
      stripStage: true,
    });
    expect(new URL(seen.url).pathname).toBe('/mcp-server/token');
  });

  it('strips only whole segments: stage "prod" leaves "/production" alone', async () => {
    const seen = await seenBy(httpApiEvent({ stage: 'prod', rawPath: '/production/x' }), {
      stripStage: true,
    });
    expect(new URL(seen.url).pathname).toBe('/production/x');
  });

  it('never strips for the $default stage', async () => {
    const seen = await seenBy(httpApiEvent({ stage: '$default', rawPath: '/$default/x' }), {
      stripStage: true,
    });
    expect(new URL(seen.url).pathname).toBe('/$default/x');
  });

  it('turns the bare stage path into the root', async () => {
    const seen = await seenBy(httpApiEvent({ stage: 'prod', rawPath: '/prod' }), { stripStage: true });
    expect(new URL(seen.url).pathname).toBe('/');
  });

  it('removes a base path after the stage, and leaves other paths alone', async () => {
    const options = { stripStage: true, basePath: '/filing/' };
    const inside = await seenBy(
      httpApiEvent({ stage: 'v1', rawPath: '/v1/filing/mcp-server', rawQueryString: 'x=1' }),
      options,
    );
    expect(new URL(inside.url).pathname).toBe('/mcp-server');
    expect(new URL(inside.url).search).toBe('?x=1');
    const outside = await seenBy(httpApiEvent({ stage: 'v1', rawPath: '/v1/other' }), options);
    expect(new URL(outside.url).pathname).toBe('/other');
  });
});

describe('createLambdaHandler: Response to result', () => {
  it('returns status, JSON body as text and headers', async () => {
    const handler = createLambdaHandler({
      fetch: () =>
        Response.json({ jsonrpc: '2.0', id: 1, result: {} }, { status: 201, headers: { 'x-request': 'r1' } }),
    });
    const result = await handler(functionUrlEvent());
    expect(result.statusCode).toBe(201);
    expect(result.isBase64Encoded).toBe(false);
    expect(JSON.parse(result.body)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(result.headers['content-type']).toBe('application/json');
    expect(result.headers['x-request']).toBe('r1');
    expect(result.cookies).toBeUndefined();
  });

  it('joins repeated headers with ", " and moves every Set-Cookie into cookies', async () => {
    const handler = createLambdaHandler({
      fetch: () => {
        const headers = new Headers({ 'content-type': 'text/plain' });
        headers.append('vary', 'origin');
        headers.append('vary', 'accept');
        headers.append('set-cookie', 'a=1; Path=/; HttpOnly');
        headers.append('set-cookie', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT');
        return new Response('ok', { headers });
      },
    });
    const result = await handler(functionUrlEvent());
    expect(result.headers.vary).toBe('origin, accept');
    expect(result.headers['set-cookie']).toBeUndefined();
    expect(result.cookies).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT']);
  });

  it('base64-encodes a binary body so that every byte survives', async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x9c]);
    const handler = createLambdaHandler({
      fetch: () => new Response(pdf, { headers: { 'content-type': 'application/pdf' } }),
    });
    const result = await handler(functionUrlEvent());
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body, 'base64')).toEqual(pdf);
  });

  it('base64-encodes a compressed text body', async () => {
    const handler = createLambdaHandler({
      fetch: () =>
        new Response(new Uint8Array([0x1f, 0x8b, 0x08]), {
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        }),
    });
    const result = await handler(functionUrlEvent());
    expect(result.isBase64Encoded).toBe(true);
    expect([...Buffer.from(result.body, 'base64')]).toEqual([0x1f, 0x8b, 0x08]);
  });

  it('sends SSE and +json types as text', async () => {
    for (const contentType of ['text/event-stream', 'application/problem+json; charset=utf-8']) {
      const handler = createLambdaHandler({
        fetch: () =>
          new Response('event: message\ndata: {}\n\n', { headers: { 'content-type': contentType } }),
      });
      const result = await handler(functionUrlEvent());
      expect(result.isBase64Encoded, contentType).toBe(false);
      expect(result.body).toBe('event: message\ndata: {}\n\n');
    }
  });

  it('answers 202 with an empty body for a notification', async () => {
    const handler = createLambdaHandler({ fetch: () => new Response(null, { status: 202 }) });
    const result = await handler(functionUrlEvent({ method: 'POST', body: '{}' }));
    expect(result).toMatchObject({ statusCode: 202, body: '', isBase64Encoded: false });
  });

  it('answers 500 and reports the error when the application throws', async () => {
    const reported: Array<[unknown, string]> = [];
    const handler = createLambdaHandler(
      {
        fetch: () => {
          throw new Error('boom');
        },
      },
      { onError: (error, phase) => reported.push([error, phase]) },
    );
    const result = await handler(functionUrlEvent());
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({ code: 500, message: 'Internal server error' });
    expect(reported).toHaveLength(1);
    expect(reported[0]![1]).toBe('fetch');
  });

  it('its 500 answers carry the CORS headers, whether fetch or the body failed', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const phases: string[] = [];
    for (const fetch of [
      () => {
        throw new Error('boom');
      },
      () => new Response(failing, { headers: { 'content-type': 'application/json' } }),
    ]) {
      const handler = createLambdaHandler({ fetch }, { onError: (_error, phase) => phases.push(phase) });
      const result = await handler(functionUrlEvent({ headers: { origin: 'https://app.example' } }));
      expect(result.statusCode).toBe(500);
      expect(result.headers).toMatchObject({
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS, DELETE',
        'access-control-expose-headers': 'mcp-session-id, www-authenticate',
      });
      expect(result.headers!['access-control-allow-headers']).toContain('mcp-protocol-version');
      expect(JSON.parse(result.body)).toEqual({ code: 500, message: 'Internal server error' });
    }
    expect(phases).toEqual(['fetch', 'stream']);
  });
});

describe('createLambdaHandler: waitUntil', () => {
  it('does not return before background work has finished', async () => {
    let recorded = false;
    const handler = createLambdaHandler({
      fetch: (_request, context) => {
        context!.waitUntil!(
          new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => {
            recorded = true;
          }),
        );
        return new Response('done');
      },
    });
    const result = await handler(functionUrlEvent());
    expect(result.body).toBe('done');
    expect(recorded).toBe(true);
  });

  it('waits for work registered by background work', async () => {
    const order: string[] = [];
    const handler = createLambdaHandler({
      fetch: (_request, context) => {
        context!.waitUntil!(
          Promise.resolve().then(() => {
            order.push('first');
            context!.waitUntil!(
              new Promise((resolve) => setImmediate(resolve)).then(() => order.push('second')),
            );
          }),
        );
        return new Response('done');
      },
    });
    await handler(functionUrlEvent());
    expect(order).toEqual(['first', 'second']);
  });

  it('reports a failed background task and still answers', async () => {
    const reported: string[] = [];
    const handler = createLambdaHandler(
      {
        fetch: (_request, context) => {
          context!.waitUntil!(Promise.reject(new Error('last_used update failed')));
          return new Response('still fine');
        },
      },
      { onError: (error, phase) => reported.push(`${phase}: ${(error as Error).message}`) },
    );
    const result = await handler(functionUrlEvent());
    expect(result.statusCode).toBe(200);
    expect(result.body).toBe('still fine');
    expect(reported).toEqual(['waitUntil: last_used update failed']);
  });
});
