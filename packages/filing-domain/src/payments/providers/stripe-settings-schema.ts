import * as z from 'zod';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { isHttpUrl, settingNames } from '../../config/core-settings.js';
import { settingIssuesError } from '../../config/setting-issues.js';
import type { Environment } from '../../config/setting-readers.js';
import { settingSchema } from '../../config/settings-schema.js';
import type { BillingTier } from '../payment-provider.js';
import type { StripePaymentOptions } from './stripe-options.js';
import { rawStripeSettings, STRIPE_SETTINGS } from './stripe-settings.js';

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
 * Schema of the payment settings (`BILLING`, `STRIPE_*`, `BILLING_TIERS`; the table
 * `STRIPE_SETTINGS`): set together (any one of them turns payments on and the others are then
 * required), never logged.
 */
export const paymentsSettingsSchema = z
  .object({
    /** `on`: a filing uses a credit when it is first filed through the server. */
    billing: settingSchema(STRIPE_SETTINGS.billing),
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
  .strict() satisfies z.ZodType<StripePaymentOptions, unknown>;

/** The payment settings once validated. */
export type PaymentsSettings = z.output<typeof paymentsSettingsSchema>;

/** What an error names: each setting's variable; the group as a whole, the secret key's. */
const NAMES: Readonly<Record<string, string>> = {
  ...settingNames(STRIPE_SETTINGS),
  '(config)': STRIPE_SETTINGS.secretKey.env,
};

/** A refusal naming each variable at fault (or, given in code, each setting's path). */
function refusal(error: z.ZodError, prefix: string, rename?: (path: string) => string) {
  return settingIssuesError(prefix, error.issues, rename);
}

/**
 * The Stripe settings of an environment, validated: undefined when payments are off. Throws the
 * one `SettingError` naming each variable at fault.
 */
export function readStripeSettings(env: Environment): PaymentsSettings | undefined {
  const given = rawStripeSettings(env);
  if (given === undefined) return undefined;
  const result = paymentsSettingsSchema.safeParse(given);
  if (!result.success) throw refusal(result.error, 'Invalid environment', (path) => NAMES[path] ?? path);
  return result.data;
}

/**
 * Payment settings given in code (the tiers as `name:price_id:filings,...` or as objects),
 * validated. Throws `SettingError` naming each setting at fault by its key.
 */
export function parseStripeSettings(settings: unknown): PaymentsSettings {
  const result = paymentsSettingsSchema.safeParse(settings);
  if (!result.success) throw refusal(result.error, 'Invalid payment settings');
  return result.data;
}
