import { createTargetParts, defineConformanceSuite } from '@filing-mcp/conformance';
import { createFilingServer } from '@filing-mcp/filing-domain';
import { createLambdaHandler, createStreamingLambdaHandler } from '../src/index.js';
import { installAwsLambdaStub } from './aws-lambda-stub.js';
import { requestToFunctionUrlEvent, resultToResponse } from './function-url-client.js';

// The address a Function URL would have; the server is configured with it as {base_url}.
const baseUrl = 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/mcp-server';

defineConformanceSuite('lambda', async ({ database }) => {
  const parts = await createTargetParts({ database, baseUrl });
  const server = createFilingServer(parts.serverOptions);
  const handler = createLambdaHandler(server);
  return {
    name: 'lambda',
    baseUrl: parts.config.baseUrl,
    appUrl: parts.config.appUrl,
    fetch: async (input, init) => {
      const event = await requestToFunctionUrlEvent(new Request(input, init));
      return resultToResponse(await handler(event));
    },
    sessionSecret: parts.sessionSecret,
    db: parts.db,
    createApiKey: parts.createApiKey,
    clock: parts.clock,
    async close() {
      await server.close();
      await parts.close();
    },
  };
});

defineConformanceSuite('lambda-stream', async ({ database }) => {
  const parts = await createTargetParts({ database, baseUrl });
  const server = createFilingServer(parts.serverOptions);
  const runtime = installAwsLambdaStub();
  const handler = createStreamingLambdaHandler(server);
  return {
    name: 'lambda-stream',
    baseUrl: parts.config.baseUrl,
    appUrl: parts.config.appUrl,
    fetch: async (input, init) => {
      const event = await requestToFunctionUrlEvent(new Request(input, init));
      const streamed = await runtime.invoke(handler, event);
      if (!streamed.prelude) throw new Error('the streaming handler sent no prelude');
      const headers = new Headers(streamed.prelude.headers);
      for (const cookie of streamed.prelude.cookies) headers.append('set-cookie', cookie);
      const status = streamed.prelude.statusCode;
      const nullBody = status === 204 || status === 304;
      return new Response(nullBody ? null : Buffer.concat(streamed.chunks), { status, headers });
    },
    sessionSecret: parts.sessionSecret,
    db: parts.db,
    createApiKey: parts.createApiKey,
    clock: parts.clock,
    async close() {
      await server.close();
      await parts.close();
      runtime.uninstall();
    },
  };
});
