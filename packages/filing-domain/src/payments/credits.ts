import type { FilingDatabase } from '../storage/database.js';
import { ToolError } from '@filing-mcp/protocol';
import { type Kysely, sql } from 'kysely';
import type { PaymentSelling } from './payment-selling.js';
import { formatAmount } from './buy-tools.js';
import { creditsOf } from './payment-store.js';

/** What using a credit for a filing did. */
export type CreditUse = 'used' | 'already_used' | 'no_credit';

/**
 * Uses one of the user's credits for a filing filed through the server, once per filing: a filing
 * that used one already (a resend, a second download) uses none. One statement.
 */
export async function useCredit(
  db: Kysely<FilingDatabase>,
  use: { userId: string; filingId: string; kind: string; method: 'fax' | 'mail' },
): Promise<CreditUse> {
  const result = await sql<{ prior: boolean; charged: string }>`
    with account as (
      update billing_accounts set credits = credits - 1, updated_at = now()
      where user_id = ${use.userId} and credits > 0
        and not exists (select 1 from credit_uses where filing_id = ${use.filingId})
      returning user_id
    ), used as (
      insert into credit_uses (filing_id, user_id, kind, method)
      select ${use.filingId}, user_id, ${use.kind}, ${use.method} from account
      on conflict (filing_id) do nothing
      returning filing_id
    )
    select exists (select 1 from credit_uses where filing_id = ${use.filingId}) as prior,
      (select count(*) from used) as charged`.execute(db);
  const row = result.rows[0]!;
  if (row.prior) return 'already_used';
  return Number(row.charged) > 0 ? 'used' : 'no_credit';
}

/** Gives back the credit a filing used when what it paid for did not happen (a fax refused). */
export async function giveBackCredit(
  db: Kysely<FilingDatabase>,
  userId: string,
  filingId: string,
): Promise<void> {
  await sql`
    with gone as (
      delete from credit_uses where filing_id = ${filingId} and user_id = ${userId} returning user_id
    )
    update billing_accounts set credits = credits + 1, updated_at = now()
    where user_id in (select user_id from gone)`.execute(db);
}

/** The tiers with their prices, as a sentence (prices left out when the provider does not answer). */
export async function tiersText(payments: PaymentSelling): Promise<string> {
  const parts = await Promise.all(
    payments.settings.tiers.map(async (tier) => {
      const price = await payments.provider.price(tier.priceId).catch(() => undefined);
      const filings = `${tier.filings} filing${tier.filings === 1 ? '' : 's'}`;
      return `${tier.name} (${filings}${price ? `, ${formatAmount(price.amount, price.currency)}` : ''})`;
    }),
  );
  return parts.join(', ');
}

/**
 * With `BILLING=on`: uses a credit for the filing's first filing through the server, or refuses
 * with what the user has, what a tier costs and how to buy, before anything is sent.
 */
export async function requireCredit(
  db: Kysely<FilingDatabase>,
  payments: PaymentSelling | undefined,
  use: { userId: string; filingId: string; kind: string; method: 'fax' | 'mail' },
): Promise<CreditUse | undefined> {
  if (payments === undefined || payments.settings.billing !== 'on') return undefined;
  const outcome = await useCredit(db, use);
  if (outcome !== 'no_credit') return outcome;
  const credits = await creditsOf(db, use.userId);
  const tiers = await tiersText(payments);
  throw new ToolError(
    use.method === 'fax'
      ? `Filing through this server uses one credit per filing, and you have ${credits}: nothing was sent. Buy filings with buy_filings (tiers: ${tiers}), then try again; a resend of a filing that used its credit is free.`
      : `Downloading the final packet of a ready filing (to mail it) uses one credit per filing, and you have ${credits}: the packet was not served. Buy filings on the billing page (${payments.appUrl}/billing) or with buy_filings (tiers: ${tiers}), then download it again; the draft packet stays free, and a filing that used its credit downloads and faxes without another.`,
  );
}
