import type { PacketLinks } from '../resources/packet-links.js';
import type { FaxEvent } from './fax-events.js';

/** A fax to send: E.164 numbers, the media link the provider fetches the PDF from, where to report. */
export interface OutgoingFax {
  to: string;
  from: string;
  /** A signed link to the PDF, valid 15 minutes, for this one signed copy. */
  mediaUrl: string;
  /** Where the provider sends the fax's status events. */
  webhookUrl: string;
  /** Our fax log id, echoed by the provider's events. */
  reference: string;
}

/** Why a webhook is refused (answered 401, nothing changed). */
export type WebhookRefusal = 'bad_signature' | 'stale_timestamp';

/** A fax provider refused a fax: `message` says why, without the numbers, the document or a link. */
export class FaxProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'FaxProviderError';
  }
}

/**
 * Our port to a fax provider: the tools and the webhook route speak its words (fax id, status, pages);
 * one file per provider in ./providers/ translates them to the provider's API. An adapter builds one
 * from its settings and hands it to the core (`FilingServerOptions.fax`); the core never names it.
 */
export interface FaxProvider {
  /** The provider's name, stored with each fax. */
  readonly name: string;
  /**
   * The path of the provider's fax-status webhook under `{base_url}` (starting with `/`): the core
   * serves the webhook there and hands `{base_url}{webhookPath}` to the provider with each fax.
   */
  readonly webhookPath: string;
  /** The number faxes are sent from, in E.164 form (`+13125550100`): stored with each fax. */
  readonly fromNumber: string;
  /** Sends a fax; answers the provider's fax id. Throws {@link FaxProviderError} when refused. */
  send(fax: OutgoingFax): Promise<{ faxId: string }>;
  /**
   * Verifies a status webhook over its raw body before anything is parsed, then translates it:
   * an event, `ignored` (an event of no fax status, or of an inbound fax), or the refusal.
   */
  receive(request: {
    headers: Headers;
    body: Uint8Array;
    now: number;
  }): Promise<FaxEvent | 'ignored' | WebhookRefusal>;
}

/** What send_fax needs of a server that sends faxes. */
export interface FaxSending {
  provider: FaxProvider;
  /** The sender number, E.164. */
  fromNumber: string;
  /** `{base_url}{provider.webhookPath}`: where the provider reports the fax's status. */
  webhookUrl: string;
  links: PacketLinks;
}
