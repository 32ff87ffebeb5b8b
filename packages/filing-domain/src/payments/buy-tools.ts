import type { FilingDatabase } from '../storage/database.js';
import {
  defineTool,
  inputRequired,
  type InputRequest,
  type ToolContext,
  ToolError,
} from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import type { BillingTier } from './payment-provider.js';
import { kindRecord } from '../kinds/filing-kinds.js';
import { once } from '../once.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { filingIdSchema } from '../tools/filing-id.js';
import { findAnyFiling } from '../storage/find-any-filing.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import type { PaymentSelling } from './payment-selling.js';
import { type CheckoutState, PaymentProviderError } from './payment-provider.js';
import { recordCheckout } from './payment-store.js';

/** Checkouts one user may open in an hour (buy_filings and buy_extension together). */
export const CHECKOUTS_PER_USER_PER_HOUR = 10;

/** The elicitation key of the checkout page (URL mode). */
export const CHECKOUT_ELICITATION_KEY = 'checkout';

/** The answer when the server takes no payments. */
export const NO_PAYMENTS =
  'This server takes no payments: filing through it is free, and every feature works without one.';

const buyOutput = once(() =>
  z.object({
    outcome: z
      .enum(['checkout', 'opened', 'declined'])
      .describe('checkout: show the user checkout_url; opened: the client showed it.'),
    checkout_id: z.string(),
    checkout_url: z.string().nullable().describe('Stripe’s checkout page: the user pays there.'),
    amount: z.number().int().describe('The price, before a promotion code, smallest currency unit.'),
    currency: z.string(),
    filings: z.number().int().describe('Credits the payment buys.'),
    message: z.string(),
  }),
);

/** Both tools open a checkout at the provider (open world), each call a new one. */
const BUY_ANNOTATIONS = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
} as const;

/** An amount as people read it: `$49.00`. */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Whether the client opens a URL for the user (URL-mode elicitation, MCP 2026-07-28). */
function supportsUrlElicitation(capabilities: Readonly<Record<string, unknown>>): boolean {
  const elicitation = capabilities.elicitation;
  return typeof elicitation === 'object' && elicitation !== null && 'url' in elicitation;
}

function providerRefusal(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    throw new ToolError(`${error.message}: no checkout was opened. Try again later.`);
  }
  throw error;
}

/** What a checkout buys. */
export interface Purchase {
  kind: 'tier' | 'extension';
  tier: string | null;
  filingId: string | null;
  filings: number;
  priceId: string;
  what: string;
}

/**
 * Opens the checkout of one purchase at the provider and records it (buy_filings, buy_extension
 * and the companion's billing page): refused with a {@link ToolError} past the per-user limit, for
 * a promotion code the provider does not know, or when the provider refuses. The amount is the
 * price's, never the caller's.
 */
export async function openCheckout(
  db: Kysely<FilingDatabase>,
  payments: PaymentSelling,
  userId: string,
  purchase: Purchase,
  promotionCode: string | undefined,
): Promise<CheckoutState> {
  const { provider } = payments;
  const recent = await db
    .selectFrom('payment_checkouts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(Date.now() - 3_600_000).toISOString())
    .executeTakeFirst();
  if (Number(recent?.count ?? 0) >= CHECKOUTS_PER_USER_PER_HOUR) {
    throw new ToolError(
      `You opened ${CHECKOUTS_PER_USER_PER_HOUR} checkouts in the last hour: no checkout was opened. Use one of them, or try again later.`,
    );
  }
  let promotionCodeId: string | undefined;
  if (promotionCode !== undefined) {
    promotionCodeId = await provider.findPromotionCode(promotionCode).catch(providerRefusal);
    if (promotionCodeId === undefined) {
      throw new ToolError(
        `The promotion code ${JSON.stringify(promotionCode)} is not valid: no checkout was opened. Check its spelling, or buy without it.`,
      );
    }
  }
  const metadata: Record<string, string> = {
    user_id: userId,
    kind: purchase.kind,
    ...(purchase.tier !== null && { tier: purchase.tier }),
    ...(purchase.filingId !== null && { filing_id: purchase.filingId }),
  };
  const state = await provider
    .createCheckout({
      priceId: purchase.priceId,
      metadata,
      reference: userId,
      successUrl: `${payments.appUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${payments.appUrl}/billing/cancel`,
      ...(promotionCodeId !== undefined && { promotionCodeId }),
    })
    .catch(providerRefusal);
  await recordCheckout(db, {
    id: state.id,
    provider: provider.name,
    userId,
    kind: purchase.kind,
    ...(purchase.tier !== null && { tier: purchase.tier }),
    ...(purchase.filingId !== null && { filingId: purchase.filingId }),
    credits: purchase.filings,
    ...(promotionCode !== undefined && { promotionCode }),
    expiresAt: state.expiresAt,
  });
  return state;
}

/** The refusal of a tier name `BILLING_TIERS` does not have: the tiers there are. */
export function unknownTier(payments: PaymentSelling, name: string): ToolError {
  return new ToolError(
    `There is no tier ${JSON.stringify(name)}: the tiers are ${payments.settings.tiers.map((t) => `${t.name} (${t.filings} filing${t.filings === 1 ? '' : 's'})`).join(', ')}.`,
  );
}

/** The purchase of one tier of `BILLING_TIERS`. */
export function tierPurchase(tier: BillingTier): Purchase {
  return {
    kind: 'tier',
    tier: tier.name,
    filingId: null,
    filings: tier.filings,
    priceId: tier.priceId,
    what: `${tier.filings} filing${tier.filings === 1 ? '' : 's'} (${tier.name})`,
  };
}

/** Opens (or, on the retry after the elicitation, reads back) the checkout of one purchase. */
async function checkout(
  db: Kysely<FilingDatabase>,
  payments: PaymentSelling,
  context: ToolContext,
  purchase: Purchase,
  promotionCode: string | undefined,
) {
  const { provider } = payments;
  const userId = context.auth.userId;
  const price = await provider.price(purchase.priceId).catch(providerRefusal);
  const answer = (outcome: 'checkout' | 'opened' | 'declined', state: CheckoutState, message: string) => ({
    outcome,
    checkout_id: state.id,
    checkout_url: state.url,
    amount: price.amount,
    currency: price.currency,
    filings: purchase.filings,
    message,
  });
  // The retry of the URL elicitation: the checkout opened in the first round (sealed state).
  const opened = (context.state as { checkout?: unknown } | undefined)?.checkout;
  const response = context.inputResponses?.[CHECKOUT_ELICITATION_KEY] as { action?: unknown } | undefined;
  if (typeof opened === 'string' && response !== undefined) {
    const state = await provider.retrieveCheckout(opened).catch(providerRefusal);
    return response.action === 'accept'
      ? answer(
          'opened',
          state,
          `The checkout page is open for the user: ${purchase.what}. Once paid, list_payments shows the payment and its receipt.`,
        )
      : answer('declined', state, 'The user did not open the checkout page: nothing was charged.');
  }

  const state = await openCheckout(db, payments, userId, purchase, promotionCode);
  const cost = formatAmount(price.amount, price.currency);
  if (supportsUrlElicitation(context.clientCapabilities) && state.url !== null) {
    const request = {
      method: 'elicitation/create',
      params: {
        mode: 'url',
        elicitationId: state.id,
        url: state.url,
        message: `Pay ${cost} for ${purchase.what} on Stripe’s checkout page.`,
      },
    } as unknown as InputRequest;
    return inputRequired({
      inputRequests: { [CHECKOUT_ELICITATION_KEY]: request },
      state: { checkout: state.id },
    });
  }
  return answer(
    'checkout',
    state,
    `Show the user checkout_url: they pay ${cost} for ${purchase.what} on Stripe’s page (card data never passes through here). Once paid, list_payments shows the payment and its receipt.`,
  );
}

/** buy_filings and buy_extension. */
export function buyTools(deps: {
  db: Kysely<FilingDatabase>;
  repository: FilingRepository;
  payments: PaymentSelling | undefined;
  irsForms: LoadIrsForms;
  now: () => number;
}) {
  const { db, repository, payments } = deps;
  const buyFilings = () =>
    defineTool({
      name: 'buy_filings',
      title: 'Buy filings',
      description:
        'Opens a card checkout (Stripe) for a tier of filing credits (an unknown tier answers the tiers); the user pays on that page. Answers { checkout_url, amount, filings }.',
      inputSchema: z
        .object({
          tier: z.string().min(1).max(32),
          promotion_code: z.string().min(1).max(64).optional(),
        })
        .strict(),
      outputSchema: buyOutput(),
      annotations: BUY_ANNOTATIONS,
      handler: async (args, context) => {
        if (payments === undefined) throw new ToolError(NO_PAYMENTS);
        const tier = payments.settings.tiers.find((candidate) => candidate.name === args.tier);
        if (tier === undefined) throw unknownTier(payments, args.tier);
        return checkout(db, payments, context, tierPurchase(tier), args.promotion_code);
      },
    });

  const buyExtension = () =>
    defineTool({
      name: 'buy_extension',
      title: 'Buy the Form 7004 extension',
      description:
        'Opens a card checkout (Stripe) for the Form 7004 extension of one single-member filing, before its due date.',
      inputSchema: z.object({ id: filingIdSchema() }).strict(),
      outputSchema: buyOutput(),
      annotations: BUY_ANNOTATIONS,
      handler: async (args, context) => {
        if (payments === undefined) throw new ToolError(NO_PAYMENTS);
        const userId = context.auth.userId;
        const { kind, filing } = await findAnyFiling(repository, userId, args.id, undefined);
        // Sold only where the packet then carries a Form 7004 that can still be filed.
        if (!kindRecord(kind).paidExtensionForm) {
          throw new ToolError(
            `A Form 7004 extension is sold for single-member filings only: the packet of ${kindRecord(kind).errorName} carries no Form 7004 yet. Nothing was opened; a paid preparer can file its Form 7004.`,
          );
        }
        const { checkFilingReadiness } = await deps.irsForms();
        const due = checkFilingReadiness(kind, (filing.form_data ?? {}) as Record<string, unknown>).due_date;
        if (due === null) {
          throw new ToolError(
            'The filing has no tax year yet (taxYearEnd), so its due date is unknown: set it with update_filing first. Nothing was opened.',
          );
        }
        if (due < new Date(deps.now()).toISOString().slice(0, 10)) {
          throw new ToolError(
            `The return was due ${due}: a Form 7004 must be filed by the original due date, so it can no longer extend this return. Nothing was opened (check_filing says what a late return needs).`,
          );
        }
        const paid = await db
          .selectFrom('payments')
          .select('id')
          .where('user_id', '=', userId)
          .where('kind', '=', 'extension')
          .where('filing_id', '=', args.id)
          .where('status', '=', 'succeeded')
          .executeTakeFirst();
        if (paid !== undefined) {
          throw new ToolError(
            'The extension of this filing is paid already (list_payments): nothing was opened.',
          );
        }
        return checkout(
          db,
          payments,
          context,
          {
            kind: 'extension',
            tier: null,
            filingId: args.id,
            filings: 0,
            priceId: payments.settings.extensionPrice,
            what: `the Form 7004 extension of ${filing.llc_name ?? 'this filing'}`,
          },
          undefined,
        );
      },
    });

  return { buy_filings: buyFilings, buy_extension: buyExtension };
}
