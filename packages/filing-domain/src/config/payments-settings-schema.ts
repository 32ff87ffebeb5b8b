import * as z from 'zod';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { CORE_SETTINGS, isHttpUrl } from './core-settings.js';
import { settingSchema } from './settings-schema.js';

/** One pricing tier: its name (what buy_filings takes), the provider's price id, the credits it buys. */
export interface BillingTier {
  name: string;
  priceId: string;
  filings: number;
}

const TIER = /^([a-z][a-z0-9_-]{0,31}):(price_[A-Za-z0-9_]{1,200}):([1-9]\d{0,2})$/;

/** `name:price_id:filings,...` (`BILLING_TIERS`) as tiers, or the reason it is not. */
function parseTiers(text: string): BillingTier[] | string {
  const tiers: BillingTier[] = [];
  for (const item of text.split(',').map((part) => part.trim())) {
    const match = TIER.exec(item);
    if (match === null) {
      return `must be name:price_id:filings separated by commas (a lower-case name, a Stripe price id price_..., 1 to 999 filings); "${item.slice(0, 40)}" is not`;
    }
    if (tiers.some((tier) => tier.name === match[1])) return `names the tier "${match[1]}" twice`;
    tiers.push({ name: match[1]!, priceId: match[2]!, filings: Number(match[3]) });
  }
  return tiers.length > 20 ? 'must name at most 20 tiers' : tiers;
}

const tiersSchema = z
  .union([
    z.string({ message: 'is required to take payments (name:price_id:filings,...)' }),
    z.array(
      z.object({
        name: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/),
        priceId: z.string().regex(/^price_[A-Za-z0-9_]{1,200}$/),
        filings: z.number().int().min(1).max(999),
      }),
    ),
  ])
  .transform((value, context): BillingTier[] => {
    if (typeof value !== 'string') return value;
    const tiers = parseTiers(value);
    if (typeof tiers === 'string') {
      context.addIssue({ code: 'custom', message: tiers });
      return z.NEVER;
    }
    return tiers;
  });

/**
 * Schema of the payment settings (`BILLING`, `STRIPE_*`, `BILLING_TIERS`; the table's
 * `CORE_SETTINGS.payments`): set together (any one of them turns payments on and the others are
 * then required), never logged.
 */
export const paymentsSettingsSchema = z
  .object({
    /** `on`: a filing uses a credit when it is first filed through the server. */
    billing: settingSchema(CORE_SETTINGS.payments.settings.billing),
    secretKey: z
      .string({ message: 'is required to take payments' })
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, {
        message: 'must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)',
      }),
    webhookSecret: z
      .string({ message: 'is required to verify payment webhooks' })
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, { message: 'must be the endpoint signing secret (whsec_...)' }),
    tiers: tiersSchema,
    extensionPrice: z
      .string({ message: 'is required to sell the Form 7004 extension' })
      .regex(/^price_[A-Za-z0-9_]{1,200}$/, { message: 'must be a Stripe price id (price_...)' }),
    apiBaseUrl: z
      .string()
      .refine(isHttpUrl, { message: 'must be an absolute http(s) URL without query or fragment' })
      .transform(withoutTrailingSlash)
      .optional(),
  })
  .strict();

/** The payment settings once validated. */
export type PaymentsSettings = z.output<typeof paymentsSettingsSchema>;
