// A local stand-in for the Telnyx API v2, on a real loopback socket, answering POST /v2/faxes as
// Telnyx's API reference documents it (Bearer API key; connection_id, to, from, media_url; 202 with
// the fax record, status `queued`) and fetching the media from `media_url` as Telnyx does. It sends
// fax webhooks as Telnyx does: a JSON event `{ data: { event_type, id, occurred_at, payload,
// record_type }, meta }`, signed with Ed25519 over `timestamp|body` (headers telnyx-signature-ed25519,
// telnyx-timestamp), here with a test key.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fax the stand-in accepted: the request body and the media it fetched. */
export interface ReceivedFax {
  id: string;
  authorization: string | undefined;
  body: Record<string, any>;
  media: Uint8Array;
  mediaType: string | null;
}

export interface TelnyxStandIn {
  /** `http://127.0.0.1:PORT/v2`: what TELNYX_API_BASE_URL is set to. */
  baseUrl: string;
  /** The base64 Ed25519 public key of the test key (TELNYX_PUBLIC_KEY). */
  publicKey: string;
  faxes: ReceivedFax[];
  /** The next POST /v2/faxes answers this status with a Telnyx error body. */
  failNext(status: number): void;
  /** A webhook event as Telnyx sends it, with its headers signed by the test key. */
  event(
    faxId: string,
    eventType: string,
    payload?: Record<string, unknown>,
    options?: { eventId?: string; timestamp?: number; occurredAt?: string },
  ): { body: string; headers: Record<string, string>; eventId: string };
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTelnyxStandIn(apiKey: string): Promise<TelnyxStandIn> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const rawPublic = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const faxes: ReceivedFax[] = [];
  let failing: number | undefined;

  const http = createServer(async (request, response) => {
    const body = await readBody(request);
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.method !== 'POST' || request.url !== '/v2/faxes') {
      return reply(404, { errors: [{ code: '10005', title: 'Resource not found' }] });
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return reply(401, { errors: [{ code: '10009', title: 'Authentication failed' }] });
    }
    if (failing !== undefined) {
      const status = failing;
      failing = undefined;
      return reply(status, {
        errors: [{ code: '10015', title: 'Invalid value', detail: 'to +18558877737 rejected' }],
      });
    }
    const fax = JSON.parse(body.toString('utf8')) as Record<string, any>;
    for (const field of ['connection_id', 'to', 'from', 'media_url']) {
      if (typeof fax[field] !== 'string' || fax[field] === '') {
        return reply(422, {
          errors: [{ code: '10004', title: 'Missing required parameter', source: { pointer: `/${field}` } }],
        });
      }
    }
    const media = await fetch(fax.media_url);
    const id = randomUUID();
    faxes.push({
      id,
      authorization: request.headers.authorization,
      body: fax,
      media: new Uint8Array(await media.arrayBuffer()),
      mediaType: media.headers.get('content-type'),
    });
    const now = new Date().toISOString();
    reply(202, {
      data: {
        id,
        record_type: 'fax',
        connection_id: fax.connection_id,
        direction: 'outbound',
        status: 'queued',
        to: fax.to,
        from: fax.from,
        media_url: fax.media_url,
        webhook_url: fax.webhook_url,
        client_state: fax.client_state,
        created_at: now,
        updated_at: now,
      },
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    publicKey: rawPublic.toString('base64'),
    faxes,
    failNext(status) {
      failing = status;
    },
    event(faxId, eventType, payload = {}, options = {}) {
      const eventId = options.eventId ?? randomUUID();
      const status = eventType.replace(/^fax\./, '').replace('sending.started', 'sending');
      const body = JSON.stringify({
        data: {
          event_type: eventType,
          id: eventId,
          occurred_at: options.occurredAt ?? new Date().toISOString(),
          payload: {
            connection_id: '2000000000000000001',
            direction: 'outbound',
            fax_id: faxId,
            from: '+13125550100',
            to: '+18558877737',
            status,
            user_id: '19a75cea-02c6-4b9a-84fa-c9bc8341feb8',
            ...payload,
          },
          record_type: 'event',
        },
        meta: { attempt: 1, delivered_to: 'https://example.test/webhooks' },
      });
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(`${timestamp}|${body}`), privateKey).toString('base64');
      return {
        body,
        eventId,
        headers: {
          'content-type': 'application/json',
          'telnyx-signature-ed25519': signature,
          'telnyx-timestamp': timestamp,
        },
      };
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
