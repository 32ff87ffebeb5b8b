// The Telnyx provider's own HTTP client (`fetch`, no SDK) against real loopback servers: the
// documented request of "Send a fax" as the stand-in receives it, then what each kind of failure
// tells the agent. send-fax.test.ts drives the same client through the tool and the webhook.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaxProviderError, type OutgoingFax } from '../../src/submission/fax-provider.js';
import { telnyxFaxProvider } from '../../src/submission/providers/telnyx.js';
import { startTelnyxStandIn, type TelnyxStandIn } from '../support/telnyx-stand-in.js';

const API_KEY = 'KEY0123456789ABCDEF_telnyx-provider-test';
const FAX: OutgoingFax = {
  to: '+18558877737',
  from: '+13125550100',
  mediaUrl: 'http://127.0.0.1:9/never-fetched.pdf',
  webhookUrl: 'https://filing.example/mcp-server/webhooks/telnyx/fax',
  reference: '0b8f6f9e-6d0e-4c52-9d2e-2f3c1a7e5b11',
};

/** A loopback server answering every request with `handler`; `seen` lists what reached it. */
async function server(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: string[] = [];
  const http = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => handler(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

async function refusal(promise: Promise<unknown>): Promise<FaxProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FaxProviderError);
  return error as FaxProviderError;
}

describe('the Telnyx provider sends through its own fetch client', () => {
  let standIn: TelnyxStandIn;
  let media: Awaited<ReturnType<typeof server>>;

  beforeAll(async () => {
    standIn = await startTelnyxStandIn(API_KEY);
    media = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF-1.7 test');
    });
  });
  afterAll(async () => {
    await standIn?.close();
    await media?.close();
  });

  const provider = (apiBaseUrl: string, timeoutMs?: number) =>
    telnyxFaxProvider({
      apiKey: API_KEY,
      connectionId: '2000000000000000001',
      fromNumber: FAX.from,
      publicKey: standIn.publicKey,
      apiBaseUrl,
      ...(timeoutMs !== undefined && { timeoutMs }),
    });

  it('POSTs the documented body with the Bearer key and answers the fax id of the 202', async () => {
    const sent = await provider(standIn.baseUrl).send({ ...FAX, mediaUrl: `${media.url}/fax.pdf` });
    const fax = standIn.faxes.at(-1)!;
    expect(sent).toEqual({ faxId: fax.id });
    expect(fax.authorization).toBe(`Bearer ${API_KEY}`);
    expect(fax.body).toEqual({
      connection_id: '2000000000000000001',
      to: FAX.to,
      from: FAX.from,
      media_url: `${media.url}/fax.pdf`,
      webhook_url: FAX.webhookUrl,
      client_state: btoa(FAX.reference),
    });
    expect(new TextDecoder().decode(fax.media)).toBe('%PDF-1.7 test');
  });

  it('names the status and the code and title of an error, never its detail', async () => {
    standIn.failNext(422);
    const error = await refusal(provider(standIn.baseUrl).send(FAX));
    expect(error.message).toBe('Telnyx refused the fax (HTTP 422: 10015 Invalid value)');
    expect(error.status).toBe(422);
    const wrongKey = await refusal(
      telnyxFaxProvider({
        apiKey: 'wrong',
        connectionId: '1',
        fromNumber: FAX.from,
        publicKey: standIn.publicKey,
        apiBaseUrl: standIn.baseUrl,
      }).send(FAX),
    );
    expect(wrongKey.message).toBe('Telnyx refused the fax (HTTP 401: 10009 Authentication failed)');
  });

  it('an error page that is no JSON gives the status alone; a 2xx without an id is no fax', async () => {
    const html = await server((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    });
    const empty = await server((_request, response) => {
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end('{"data":{}}');
    });
    try {
      const gateway = await refusal(provider(html.url).send(FAX));
      expect(gateway.message).toBe('Telnyx refused the fax (HTTP 502)');
      expect(gateway.status).toBe(502);
      const none = await refusal(provider(empty.url).send(FAX));
      expect(none.message).toBe('Telnyx answered no fax id');
      expect(empty.seen).toEqual(['POST /faxes']);
    } finally {
      await html.close();
      await empty.close();
    }
  });

  it('follows no redirect (the key stays with Telnyx) and retries nothing', async () => {
    const elsewhere = await server((_request, response) => response.end('{}'));
    const redirecting = await server((_request, response) => {
      response.writeHead(307, { location: `${elsewhere.url}/faxes` });
      response.end();
    });
    try {
      const error = await refusal(provider(redirecting.url).send(FAX));
      expect(error.message).toBe('Telnyx refused the fax (HTTP 307)');
      expect(redirecting.seen).toEqual(['POST /faxes']);
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });

  it('a closed port or an API that does not answer in time is "could not be reached", sent once', async () => {
    const closed = await server(() => undefined);
    await closed.close();
    const unreachable = await refusal(provider(closed.url).send(FAX));
    expect(unreachable.message).toBe('Telnyx could not be reached');
    expect(unreachable.status).toBeUndefined();

    const silent = await server(() => undefined);
    try {
      const started = Date.now();
      const slow = await refusal(provider(silent.url, 300).send(FAX));
      expect(slow.message).toBe('Telnyx could not be reached');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(silent.seen).toEqual(['POST /faxes']);
    } finally {
      await silent.close();
    }
  });
});
