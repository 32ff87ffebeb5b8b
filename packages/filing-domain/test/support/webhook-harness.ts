// A filing server (in process, as startHarness builds it) with packets, the Telnyx fax provider
// (its webhook verified with a key of the test's own) and Stripe payments against the stand-in;
// a filing and a fax of it that webhook events can name; and the two webhooks' signers. What the
// hostile-routes fuzz and the webhooks' hostile-event tests run against.
import { createHmac, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { DatabaseVariant } from '@filing-mcp/test-db';
import { telnyxFaxProvider } from '../../src/providers/telnyx.js';
import { STRIPE_WEBHOOK_PATH } from '../../src/payments/providers/stripe-options.js';
import { TELNYX_WEBHOOK_PATH } from '../../src/submission/providers/telnyx.js';
import { READY_FILING } from './fax-harness.js';
import { BASE_URL, type Harness, newUser, ok, startHarness } from './helpers.js';
import { testPackets } from './socket-server.js';
import {
  STRIPE_WEBHOOK_SECRET,
  type StripeStandIn,
  standInPayments,
  startStripeStandIn,
} from './stripe-stand-in.js';

/** The provider's id of the fax the events may name (a row of fax_logs, status `queued`). */
export const KNOWN_FAX_ID = 'webhook-harness-known-fax';

export interface WebhookHarness {
  harness: Harness;
  stripe: StripeStandIn;
  /** An API key of the user, and that user's filing (READY_FILING) the known fax is of. */
  key: string;
  filingId: string;
  /** `{base_url}` + each webhook's path. */
  faxWebhookUrl: string;
  paymentWebhookUrl: string;
  /** The Telnyx headers of `body` signed at `timestamp` (Unix seconds; now by default). */
  faxSignature(body: string, timestamp?: number): Record<string, string>;
  /** The Stripe-Signature of `body` signed at `t` (Unix seconds; now by default). */
  paymentSignature(body: string, t?: number): string;
  close(): Promise<void>;
}

/** Starts a {@link WebhookHarness} on `variant`, without rate limits. */
export async function startWebhookHarness(variant: DatabaseVariant): Promise<WebhookHarness> {
  const stripe = await startStripeStandIn();
  const keys = generateKeyPairSync('ed25519');
  const fax = {
    apiKey: 'KEY0123456789ABCDEF_webhooks',
    connectionId: '2000000000000000001',
    fromNumber: '+13125550100',
    publicKey: Buffer.from(keys.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64'),
    // Never called: no fax is sent.
    apiBaseUrl: 'http://127.0.0.1:9/v2',
  };
  const harness = await startHarness(
    variant,
    { rateLimits: false },
    { packets: testPackets, fax: telnyxFaxProvider(fax), ...standInPayments(stripe) },
  );
  const { key, userId } = await newUser(harness.db);
  const filingId: string = (await ok(harness.server, key, 'create_filing', { form_data: READY_FILING })).id;
  // A fax of that filing as send_fax records it, so that events naming it reach its row.
  await harness.db
    .insertInto('fax_logs')
    .values({
      id: randomUUID(),
      user_id: userId,
      to_number: '+18552143184',
      from_number: fax.fromNumber,
      status: 'queued',
      filing_id: filingId,
      kind: '5472',
      provider: 'telnyx',
      provider_fax_id: KNOWN_FAX_ID,
    })
    .execute();
  const nowSeconds = () => Math.floor(harness.now() / 1000);
  return {
    harness,
    stripe,
    key,
    filingId,
    faxWebhookUrl: `${BASE_URL}${TELNYX_WEBHOOK_PATH}`,
    paymentWebhookUrl: `${BASE_URL}${STRIPE_WEBHOOK_PATH}`,
    faxSignature(body, timestamp = nowSeconds()) {
      return {
        'telnyx-timestamp': String(timestamp),
        'telnyx-signature-ed25519': sign(null, Buffer.from(`${timestamp}|${body}`), keys.privateKey).toString(
          'base64',
        ),
      };
    },
    paymentSignature(body, t = nowSeconds()) {
      return `t=${t},v1=${createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
    },
    async close() {
      await harness.close();
      await stripe.close();
    },
  };
}
