// An SDK-based Lambda handler: the official SDK's web-standard transport in stateless mode (new
// server and transport per request) with the same 14 tool definitions as ours. For bundle size and
// cold start only; get_form_schema answers the fixed descriptor, no database.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { buildSdkServer } from '../lib/sdk-anchor.mjs';
import { eventToRequest, responseToResult } from './lambda-event.mjs';

/** Buffered Lambda handler. */
export const handler = async (event) => {
  const server = buildSdkServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await responseToResult(await transport.handleRequest(eventToRequest(event)));
  } finally {
    await transport.close();
    await server.close();
  }
};
