import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { INITIALIZE_REQUEST } from '../initialize-request.js';
import type { Scenarios } from '../support/scenario-context.js';

const MCP_ACCEPT = 'application/json, text/event-stream';

/**
 * `/mcp`, where users of an MCP SDK look first while the endpoint is `{base_url}` (`/mcp-server`):
 * a 404 naming the endpoint in its body and a `Link` header, for every method (a POST is not
 * proxied), JSON for clients and a short text for a browser; the same beside the base path
 * (`{api_base}/mcp`) when `{api_base}` is not the origin.
 */
export const mcpPointerScenarios: Scenarios = (context) => {
  describe('/mcp names the MCP endpoint', () => {
    const guesses = () => {
      const { origin, pathname } = new URL(context.target.baseUrl);
      const apiBase = pathname.slice(0, pathname.lastIndexOf('/'));
      return [...new Set([`${origin}/mcp`, `${origin}${apiBase}/mcp`])];
    };
    const expectPointer = async (response: Response) => {
      const endpoint = context.target.baseUrl;
      expect(response.status).toBe(404);
      expect(response.headers.get('link')).toBe(`<${endpoint}>; rel="related"; title="MCP endpoint"`);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({
        code: 404,
        message: `Not found: this is not the MCP endpoint. This server's MCP endpoint is ${endpoint} (JSON-RPC over POST, streamable HTTP): connect your MCP client to that URL.`,
        mcp_endpoint: endpoint,
      });
    };

    it('GET /mcp (and /mcp/) answers 404 with the endpoint URL in the JSON body and a Link header', async () => {
      for (const url of guesses()) {
        await expectPointer(await context.target.fetch(url, { headers: { accept: MCP_ACCEPT } }));
        await expectPointer(await context.target.fetch(`${url}/`));
      }
    });

    it('a POST of initialize to /mcp gets the same pointer, not an MCP answer', async () => {
      for (const url of guesses()) {
        const response = await context.target.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: MCP_ACCEPT },
          body: JSON.stringify(INITIALIZE_REQUEST),
        });
        expect(response.headers.get('mcp-session-id')).toBeNull();
        await expectPointer(response);
      }
    });

    it('a browser gets a short text naming the endpoint', async () => {
      const response = await context.target.fetch(guesses()[0]!, {
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('link')).toBe(
        `<${context.target.baseUrl}>; rel="related"; title="MCP endpoint"`,
      );
      expect(await response.text()).toBe(
        `Not found: this is not the MCP endpoint. This server's MCP endpoint is ${context.target.baseUrl} (JSON-RPC over POST, streamable HTTP): connect your MCP client to that URL.\n`,
      );
    });

    it('the official SDK client connecting to /mcp fails with an error that names the endpoint', async () => {
      const client = new Client({ name: 'conformance-wrong-url', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(guesses()[0]!), {
        fetch: context.target.fetch,
      });
      const failure = await client.connect(transport).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      await client.close();
      expect(failure?.message).toContain('404');
      expect(failure?.message).toContain(`This server's MCP endpoint is ${context.target.baseUrl}`);
    });
  });
};
