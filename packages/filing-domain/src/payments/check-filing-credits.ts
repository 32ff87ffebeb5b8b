import type { FilingDatabase } from '../storage/database.js';
import type { ToolDefinition } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type { PaymentSelling } from './payment-selling.js';
import { tiersText } from './credits.js';
import { creditsOf, verifyOpenCheckouts } from './payment-store.js';

/** check_filing's `credits`: what the user has and what filing this filing through the server uses. */
export interface FilingCredits {
  billing: 'on' | 'off';
  available: number;
  will_use: number;
  used: boolean;
  note: string;
}

/** The credits of one filing as check_filing answers them. */
async function filingCredits(
  db: Kysely<FilingDatabase>,
  payments: PaymentSelling,
  userId: string,
  filingId: string,
): Promise<FilingCredits> {
  const billing = payments.settings.billing;
  const [available, use] = await Promise.all([
    creditsOf(db, userId),
    db
      .selectFrom('credit_uses')
      .select(['method'])
      .where('filing_id', '=', filingId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  if (billing !== 'on') {
    return {
      billing,
      available,
      will_use: 0,
      used: false,
      note: 'This server asks no credit to file: filing through it uses none.',
    };
  }
  if (use !== undefined) {
    return {
      billing,
      available,
      will_use: 0,
      used: true,
      note: `This filing used its credit (${use.method === 'fax' ? 'its first fax' : 'its final packet downloaded'}): a resend or another download uses none.`,
    };
  }
  return {
    billing,
    available,
    will_use: 1,
    used: false,
    note:
      available > 0
        ? `Filing it through this server (its first send_fax, or its final packet downloaded to mail) uses 1 of your ${available} credit${available === 1 ? '' : 's'}; the draft packet and checks are free.`
        : `Filing it through this server (its first send_fax, or its final packet downloaded to mail) uses 1 credit, and you have 0: buy filings with buy_filings (tiers: ${await tiersText(payments)}). The draft packet and checks are free.`,
  };
}

/**
 * check_filing on a server that takes payments: a checkout of the user's still open is read back
 * from the provider first (a paid one recorded at once, idempotently with the webhook), and the
 * answer carries `credits`: the user's, and what this filing will use.
 */
export function withFilingCredits(
  build: () => ToolDefinition<any, any>,
  billing: { db: Kysely<FilingDatabase>; payments: PaymentSelling | undefined },
): () => ToolDefinition<any, any> {
  const { db, payments } = billing;
  if (payments === undefined) return build;
  return () => {
    const tool = build();
    return {
      ...tool,
      handler: async (args: { id: string }, context) => {
        const userId = context.auth.userId;
        await verifyOpenCheckouts(db, payments.provider, userId);
        const answer = await tool.handler(args, context);
        if (typeof answer !== 'object' || answer === null || !('ready' in answer)) return answer;
        return { ...answer, credits: await filingCredits(db, payments, userId, args.id) };
      },
    };
  };
}
