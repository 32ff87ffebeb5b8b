// Setup of the authorization-server runs of filing-mcp.json: registers the public client the
// suite's authorization-code-grant scenario uses, with the redirect URI of the callback server the
// suite opens on {callbackPort} (`--port`). Answers { clientId, callbackPort } for the run's args.
import { createServer } from 'node:net';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function setup({ url }) {
  const callbackPort = await freePort();
  const response = await fetch(`${url}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'MCP conformance suite (authorization-code-grant)',
      redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const { client_id: clientId } = await response.json();
  return { clientId, callbackPort };
}
