import { resolve } from 'node:path';
import { defineDeployedSuite } from '@filing-mcp/conformance';
import type { LambdaFunctionURLResult } from 'aws-lambda';
import { describe, it } from 'vitest';
import { requestToFunctionUrlEvent, resultToResponse } from './function-url-client.js';
import {
  awsLambdaRic,
  decodeHttpStream,
  requireRicUnlessSkipped,
  ricSkippedByName,
  startRicFunction,
} from './support/lambda-ric.js';

// The deployed bundle (dist/lambda/handler.mjs, built by `pnpm build`) run by AWS's own runtime
// interface client, aws-lambda-ric, against a local Runtime API: `handler` answers buffered,
// `streamHandler` streams through the client's real awslambda.streamifyResponse. The Function URL
// front end (HTTP request to event, result or stream to HTTP answer) is function-url-client.ts.
const taskRoot = resolve(import.meta.dirname, '../dist/lambda');
// The address a Function URL would have; the server is configured with it as {base_url}.
const baseUrl = 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/mcp-server';

requireRicUnlessSkipped();

if (ricSkippedByName || 'unavailable' in awsLambdaRic) {
  describe('lambda and lambda-stream on the real Lambda runtime (PostgreSQL only: see the targets)', () => {
    it.skip('skipped by name: LAMBDA_RUNTIME_TESTS=skip', () => {});
  });
} else {
  for (const [name, handler] of [
    ['lambda', 'handler.handler'],
    ['lambda-stream', 'handler.streamHandler'],
  ] as const) {
    defineDeployedSuite(name, {
      baseUrl,
      runtime: 'the Lambda runtime client',
      start: async ({ env, preload }) => {
        const runtime = await startRicFunction({
          taskRoot,
          handler,
          env: {
            ...env,
            // Every event of this suite comes from one source address, and the OAuth scenarios
            // register more clients in a minute than the default limit of 60 allows; the limit
            // itself is tested on the Node adapter (rate-limits.test.ts).
            RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
          },
          preload,
        });
        return {
          fetch: async (input, init) => {
            const event = await requestToFunctionUrlEvent(new Request(input, init));
            const outcome = await runtime.invoke(event);
            if (outcome.kind === 'error') {
              // The Function URL front end answers 502 when the function fails.
              return new Response('Internal Server Error', { status: 502 });
            }
            if (name === 'lambda') {
              return resultToResponse(JSON.parse(outcome.body.toString('utf8')) as LambdaFunctionURLResult);
            }
            if (outcome.mode !== 'streaming') throw new Error('streamHandler answered without streaming');
            const streamed = decodeHttpStream(outcome.body);
            const headers = new Headers(streamed.prelude.headers);
            for (const cookie of streamed.prelude.cookies ?? []) headers.append('set-cookie', cookie);
            const status = streamed.prelude.statusCode ?? 200;
            const nullBody = status === 204 || status === 304;
            return new Response(nullBody ? null : streamed.body, { status, headers });
          },
          close: () => runtime.close(),
        };
      },
    });
  }
}
