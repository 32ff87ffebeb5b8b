import type { FaxEvent } from '../fax-events.js';
import { type FaxProvider, FaxProviderError, type OutgoingFax } from '../fax-provider.js';
import { loadTelnyx } from '../../server/deferred.js';

/** Settings of the Telnyx Programmable Fax provider. */
export interface TelnyxFaxOptions {
  apiKey: string;
  /** The Programmable Fax application (connection) id. */
  connectionId: string;
  /** The account's base64 Ed25519 public key, which webhooks are verified with. */
  publicKey: string;
  /** The API's base URL (a stand-in in tests), default the SDK's `https://api.telnyx.com/v2`. */
  apiBaseUrl?: string;
}

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

/**
 * Telnyx Programmable Fax: sends through the official `telnyx` SDK (`POST /v2/faxes` with
 * `media_url`; loaded with the first fax), and verifies webhooks with WebCrypto Ed25519 over
 * `telnyx-timestamp|raw body` (headers `telnyx-signature-ed25519`, `telnyx-timestamp`), so the same
 * code runs on Node, Vercel and Lambda.
 */
export function telnyxFaxProvider(options: TelnyxFaxOptions): FaxProvider {
  let client: Promise<InstanceType<typeof import('telnyx').default>> | undefined;
  let key: Promise<VerifyKey> | undefined;
  const publicKey = fromBase64(options.publicKey);
  if (publicKey === undefined || publicKey.length !== 32) {
    throw new TypeError('the Telnyx public key must be a base64 Ed25519 key (32 bytes)');
  }

  return {
    name: 'telnyx',
    async send(fax: OutgoingFax) {
      client ??= loadTelnyx().then(
        ({ default: Telnyx }) =>
          new Telnyx({
            apiKey: options.apiKey,
            ...(options.apiBaseUrl !== undefined && { baseURL: options.apiBaseUrl }),
            // A retried POST could send the fax twice: the tool reports a failure instead.
            maxRetries: 0,
            timeout: 30_000,
            logLevel: 'off',
          }),
      );
      const telnyx = await client;
      try {
        const answer = await telnyx.faxes.create({
          connection_id: options.connectionId,
          to: fax.to,
          from: fax.from,
          media_url: fax.mediaUrl,
          webhook_url: fax.webhookUrl,
          client_state: btoa(fax.reference),
        });
        const id = answer.data?.id;
        if (typeof id !== 'string' || id === '')
          throw new FaxProviderError('Telnyx answered no fax id', undefined);
        return { faxId: id };
      } catch (error) {
        if (error instanceof FaxProviderError) throw error;
        const status = (error as { status?: unknown }).status;
        const errors = (error as { error?: { errors?: Array<{ code?: unknown; title?: unknown }> } }).error
          ?.errors;
        // The code and title Telnyx gives (e.g. "10004 Missing required parameter"); never its detail,
        // which may repeat a number or the media link.
        const first = errors?.[0];
        const what = [first?.code, first?.title].filter((part) => typeof part === 'string').join(' ');
        throw new FaxProviderError(
          typeof status === 'number'
            ? `Telnyx refused the fax (HTTP ${status}${what ? `: ${what}` : ''})`
            : 'Telnyx could not be reached',
          typeof status === 'number' ? status : undefined,
        );
      }
    },

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
      const status = STATUSES[String(data?.event_type)];
      const payload = data?.payload as Record<string, unknown> | undefined;
      if (status === undefined || payload === undefined || payload.direction === 'inbound') return 'ignored';
      if (typeof data?.id !== 'string' || typeof payload.fax_id !== 'string') return 'ignored';
      const occurred = new Date(String(data.occurred_at ?? ''));
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
