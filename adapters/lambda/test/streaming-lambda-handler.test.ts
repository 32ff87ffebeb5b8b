import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreamingLambdaHandler, type FetchApp } from '../src/index.js';
import { installAwsLambdaStub } from './aws-lambda-stub.js';
import { functionUrlEvent } from './lambda-events.js';

let stub: ReturnType<typeof installAwsLambdaStub>;
beforeAll(() => {
  stub = installAwsLambdaStub();
});
afterAll(() => stub.uninstall());

const lambdaContext = { awsRequestId: 'aws-req-1' };

async function invoke(app: FetchApp, event = functionUrlEvent(), options = {}) {
  return stub.invoke(createStreamingLambdaHandler(app, options), event, lambdaContext);
}

/** An SSE body whose frames arrive one by one, each only after the previous one was read. */
function sseBody(frames: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      if (index < frames.length) controller.enqueue(encoder.encode(frames[index++]));
      else controller.close();
    },
  });
}

describe('createStreamingLambdaHandler', () => {
  it('sends the prelude (status, headers, cookies) and then each SSE frame as its own chunk', async () => {
    const frames = [
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n',
      'event: message\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\n\n',
    ];
    const recorded = await invoke({
      fetch: () => {
        const headers = new Headers({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        headers.append('vary', 'origin');
        headers.append('vary', 'accept');
        headers.append('set-cookie', 'a=1; Path=/');
        headers.append('set-cookie', 'b=2; Path=/');
        return new Response(sseBody(frames), { status: 200, headers });
      },
    });
    expect(recorded.contentType).toBe('application/vnd.awslambda.http-integration-response');
    expect(recorded.prelude).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', vary: 'origin, accept' },
      cookies: ['a=1; Path=/', 'b=2; Path=/'],
    });
    expect(recorded.chunks.map((chunk) => chunk.toString('utf8'))).toEqual(frames);
    expect(recorded.ended).toBe(true);
  });

  it('passes the event through the same translation as the buffered handler', async () => {
    let seen: { url: string; body: string; requestId?: string } | undefined;
    await invoke(
      {
        fetch: async (request, context) => {
          seen = { url: request.url, body: await request.text(), requestId: context?.requestId };
          return new Response('ok');
        },
      },
      functionUrlEvent({
        method: 'POST',
        rawPath: '/mcp-server',
        rawQueryString: 'q=1',
        body: Buffer.from('{"jsonrpc":"2.0"}').toString('base64'),
        isBase64Encoded: true,
        requestId: 'url-req-9',
      }),
    );
    expect(seen).toEqual({
      url: 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/mcp-server?q=1',
      body: '{"jsonrpc":"2.0"}',
      requestId: 'url-req-9',
    });
  });

  it('still sends status and headers when the body is empty (runtime sends the prelude on first write)', async () => {
    const recorded = await invoke({
      fetch: () => new Response(null, { status: 202, headers: { 'access-control-allow-origin': '*' } }),
    });
    expect(recorded.prelude).toEqual({
      statusCode: 202,
      headers: { 'access-control-allow-origin': '*' },
      cookies: [],
    });
    expect(recorded.body).toBe('');
    expect(recorded.ended).toBe(true);
  });

  it('sends the prelude for a 401 challenge with a short JSON body', async () => {
    const recorded = await invoke({
      fetch: () =>
        Response.json(
          { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Unauthorized' } },
          { status: 401, headers: { 'www-authenticate': 'Bearer realm="mcp"' } },
        ),
    });
    expect(recorded.prelude?.statusCode).toBe(401);
    expect(recorded.prelude?.headers['www-authenticate']).toBe('Bearer realm="mcp"');
    expect(JSON.parse(recorded.body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32001, message: 'Unauthorized' },
    });
  });

  it('streams binary bytes unchanged', async () => {
    const bytes = new Uint8Array([0, 255, 128, 10]);
    const recorded = await invoke({ fetch: () => new Response(bytes) });
    expect([...Buffer.concat(recorded.chunks)]).toEqual([0, 255, 128, 10]);
  });

  it('finishes waitUntil work after the stream has ended and before the invocation completes', async () => {
    const order: string[] = [];
    const recorded = await invoke({
      fetch: (_request, context) => {
        context!.waitUntil!(
          new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => {
            order.push('background');
          }),
        );
        return new Response(sseBody(['data: 1\n\n']), { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    expect(order).toEqual(['background']);
    expect(recorded.ended).toBe(true);
  });

  it('answers 500 through the prelude when the application throws', async () => {
    const phases: string[] = [];
    const recorded = await invoke(
      {
        fetch: () => {
          throw new Error('boom');
        },
      },
      functionUrlEvent(),
      { onError: (_error: unknown, phase: string) => phases.push(phase) },
    );
    expect(recorded.prelude?.statusCode).toBe(500);
    // CORS on every answer, this one included, so a browser client can read the 500.
    expect(recorded.prelude?.headers).toMatchObject({
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'mcp-session-id, www-authenticate',
    });
    expect(JSON.parse(recorded.body)).toEqual({ code: 500, message: 'Internal server error' });
    expect(phases).toEqual(['fetch']);
  });

  it('reports a body that fails half-way and does not end the stream as if it were complete', async () => {
    const phases: string[] = [];
    const recorded = await invoke(
      {
        fetch: () => {
          let sent = false;
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (!sent) {
                sent = true;
                controller.enqueue(new TextEncoder().encode('data: partial\n\n'));
              } else controller.error(new Error('database went away'));
            },
          });
          return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
        },
      },
      functionUrlEvent(),
      { onError: (_error: unknown, phase: string) => phases.push(phase) },
    );
    expect(recorded.body).toBe('data: partial\n\n');
    expect(recorded.ended).toBe(false);
    expect(phases).toEqual(['stream']);
  });
});

describe('createStreamingLambdaHandler outside Lambda', () => {
  it('throws a clear error when the awslambda global is missing', () => {
    stub.uninstall();
    try {
      expect(() => createStreamingLambdaHandler({ fetch: () => new Response() })).toThrow(
        /needs the AWS Lambda Node.js runtime/,
      );
    } finally {
      stub = installAwsLambdaStub();
    }
  });
});
