import type { FaxEvent } from '../fax-events.js';
import { type FaxProvider, FaxProviderError, type OutgoingFax } from '../fax-provider.js';

/** Settings of the Telnyx Programmable Fax provider. */
export interface TelnyxFaxOptions {
  apiKey: string;
  /** The Programmable Fax application (connection) id. */
  connectionId: string;
  /** The number faxes are sent from, E.164: a number of the account assigned to that application. */
  fromNumber: string;
  /** The account's base64 Ed25519 public key, which webhooks are verified with. */
  publicKey: string;
  /** The API's base URL (a stand-in in tests), default `https://api.telnyx.com/v2`. */
  apiBaseUrl?: string;
  /** How long `POST /faxes` may take, default {@link TELNYX_SEND_TIMEOUT_MS} (shorter in tests). */
  timeoutMs?: number;
}

/** Where Telnyx reports a fax's status, under `{base_url}`: `POST {base_url}/webhooks/telnyx/fax`. */
export const TELNYX_WEBHOOK_PATH = '/webhooks/telnyx/fax';

/** How far a webhook's `telnyx-timestamp` may be from now: 5 minutes, Telnyx's replay window. */
export const TELNYX_WEBHOOK_TOLERANCE_SECONDS = 300;

// Telnyx's event types of an outbound fax, in our words.
const STATUSES: Readonly<Record<string, FaxEvent['status']>> = {
  'fax.queued': 'queued',
  'fax.media.processed': 'media_processed',
  'fax.sending.started': 'sending',
  'fax.delivered': 'delivered',
  'fax.failed': 'failed',
};

// The WebCrypto key type, named through `crypto.subtle` so the file compiles with DOM or Node types.
type VerifyKey = Parameters<typeof crypto.subtle.verify>[1];

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Telnyx's API v2, where `POST /faxes` is sent unless `TELNYX_API_BASE_URL` says otherwise. */
export const TELNYX_API_BASE_URL = 'https://api.telnyx.com/v2';

/** How long `POST /faxes` may take before the fax is reported as not sent: 30 seconds. */
export const TELNYX_SEND_TIMEOUT_MS = 30_000;

// Telnyx's error body (`{ errors: [{ code, title, detail, source }] }`) as "10004 Missing required
// parameter": the code and title of the first error, never its detail, which may repeat a number or
// the media link.
function errorSummary(body: unknown): string {
  const first = (body as { errors?: Array<{ code?: unknown; title?: unknown }> } | null)?.errors?.[0];
  return [first?.code, first?.title].filter((part) => typeof part === 'string').join(' ');
}

async function jsonOrUndefined(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/**
 * Sends one fax with Telnyx's documented "Send a fax" (`POST /v2/faxes`, Bearer API key, a JSON body
 * of connection_id, to, from, media_url, webhook_url and client_state; 202 with the fax record in
 * `data`). Never retried (a retried POST could send the fax twice: the tool reports the failure
 * instead), never redirected (the API key stays with Telnyx), 30 seconds at most.
 */
async function sendTelnyxFax(options: TelnyxFaxOptions, fax: OutgoingFax): Promise<{ faxId: string }> {
  let response: Response;
  try {
    response = await fetch(`${options.apiBaseUrl ?? TELNYX_API_BASE_URL}/faxes`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        connection_id: options.connectionId,
        to: fax.to,
        from: fax.from,
        media_url: fax.mediaUrl,
        webhook_url: fax.webhookUrl,
        client_state: btoa(fax.reference),
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? TELNYX_SEND_TIMEOUT_MS),
    });
  } catch {
    throw new FaxProviderError('Telnyx could not be reached', undefined);
  }
  const body = await jsonOrUndefined(response);
  if (response.status < 200 || response.status > 299) {
    const what = errorSummary(body);
    throw new FaxProviderError(
      `Telnyx refused the fax (HTTP ${response.status}${what ? `: ${what}` : ''})`,
      response.status,
    );
  }
  const id = (body as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (typeof id !== 'string' || id === '') throw new FaxProviderError('Telnyx answered no fax id', undefined);
  return { faxId: id };
}

/**
 * Telnyx Programmable Fax through its documented HTTP API with `fetch` (no SDK: the `telnyx` package
 * was 37 MB of a 155 MB production install for this one call, docs/performance.md), and verifies
 * webhooks with WebCrypto Ed25519 over `telnyx-timestamp|raw body` (headers
 * `telnyx-signature-ed25519`, `telnyx-timestamp`), so the same code runs on Node, Vercel and Lambda.
 */
export function telnyxFaxProvider(options: TelnyxFaxOptions): FaxProvider {
  let key: Promise<VerifyKey> | undefined;
  const publicKey = fromBase64(options.publicKey);
  if (publicKey === undefined || publicKey.length !== 32) {
    throw new TypeError('the Telnyx public key must be a base64 Ed25519 key (32 bytes)');
  }

  return {
    name: 'telnyx',
    webhookPath: TELNYX_WEBHOOK_PATH,
    fromNumber: options.fromNumber,
    send: (fax) => sendTelnyxFax(options, fax),

    async receive({ headers, body, now }) {
      const signature = fromBase64(headers.get('telnyx-signature-ed25519') ?? '');
      const timestamp = headers.get('telnyx-timestamp') ?? '';
      if (signature === undefined || signature.length !== 64 || !/^\d{1,12}$/.test(timestamp)) {
        return 'bad_signature';
      }
      key ??= crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
      const prefix = new TextEncoder().encode(`${timestamp}|`);
      const signed = new Uint8Array(prefix.length + body.length);
      signed.set(prefix);
      signed.set(body, prefix.length);
      if (!(await crypto.subtle.verify({ name: 'Ed25519' }, await key, signature, signed))) {
        return 'bad_signature';
      }
      // Checked after the signature, which covers it: a replayed event of long ago is refused.
      if (Math.abs(now / 1000 - Number(timestamp)) > TELNYX_WEBHOOK_TOLERANCE_SECONDS)
        return 'stale_timestamp';
      let data: Record<string, any> | undefined;
      try {
        data = (JSON.parse(new TextDecoder().decode(body)) as { data?: Record<string, any> }).data;
      } catch {
        return 'ignored';
      }
      // Each part is checked for its type before use: a signed body may still hold `null` or an
      // object such as `{"toString":1}`, which no String() can convert.
      const eventType: unknown = data?.event_type;
      const status =
        typeof eventType === 'string' && Object.hasOwn(STATUSES, eventType) ? STATUSES[eventType] : undefined;
      const payload = data?.payload as Record<string, unknown> | null | undefined;
      if (status === undefined || typeof payload !== 'object' || payload === null) return 'ignored';
      if (payload.direction === 'inbound') return 'ignored';
      if (typeof data?.id !== 'string' || typeof payload.fax_id !== 'string') return 'ignored';
      const occurred = new Date(typeof data.occurred_at === 'string' ? data.occurred_at : '');
      const pages = payload.page_count;
      return {
        eventId: data.id,
        faxId: payload.fax_id,
        status,
        occurredAt: Number.isNaN(occurred.getTime()) ? new Date(now) : occurred,
        ...(Number.isSafeInteger(pages) && (pages as number) >= 0 && { pagesSent: pages as number }),
        ...(typeof payload.failure_reason === 'string' && {
          failureReason: payload.failure_reason.slice(0, 200),
        }),
      };
    },
  };
}
