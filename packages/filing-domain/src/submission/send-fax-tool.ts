import type { FilingDatabase } from '../storage/database.js';
import { defineTool, ToolError } from '@filing-mcp/protocol';
import * as z from 'zod';
import { once } from '../once.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { supportsFormElicitation } from '../tools/elicitation-form.js';
import { filingIdSchema } from '../tools/filing-id.js';
import { findAnyFiling } from '../tools/find-any-filing.js';
import { FILING_NOT_FOUND, type LoadIrsForms, type PaymentSelling } from '../tools/tool-options.js';
import { giveBackCredit, requireCredit } from '../payments/credits.js';
import type { Kysely } from 'kysely';
import {
  agentConfirmation,
  askToConfirm,
  type FaxAction,
  formConfirmation,
  pageList,
  refuseStaleCopy,
} from './fax-confirmation.js';
import { FaxProviderError, type FaxSending } from './fax-provider.js';
import { submissionSchemas } from './submission-schemas.js';
import { FAXES_PER_FILING_PER_DAY, type FilingFax, type SubmissionStore } from './submission-store.js';

export { FAX_CONFIRMATION_KEY } from './fax-confirmation.js';

const sendFaxOutput = once(() =>
  z.object({
    id: z.string(),
    outcome: z
      .enum(['confirm', 'sent', 'already_sent', 'declined'])
      .describe('confirm: show the user the summary, then call again with confirm: its signed_copy_id.'),
    summary: z.object({
      llc_name: z.string().nullable(),
      tax_year: z.string().nullable(),
      pages: z.number().int(),
      to: z.string().describe('The IRS fax number (rules table).'),
      signed_copy_id: z.string(),
      signed_copy_sha256: z.string(),
      reasonable_cause_statement: z
        .enum(['included', 'not_included'])
        .describe('Whether the packet carries the reasonable-cause statement (a late return does).'),
      filing_version: z.string().nullable().describe('Of the copy; faxed only when current.'),
      current_filing_version: z.string(),
      contents: z
        .array(z.object({ form: z.string(), first_page: z.number().int(), pages: z.number().int() }))
        .describe('All that is faxed.'),
      notes: z
        .array(z.string())
        .describe('What the upload check could not tell (is it signed?): ask the user before confirming.'),
    }),
    fax: submissionSchemas().fax.nullable(),
    message: z.string(),
  }),
);

function taxYearOf(filing: { tax_year_begin: string | null; tax_year_end: string | null }): string | null {
  if (filing.tax_year_begin === null && filing.tax_year_end === null) return null;
  return `${filing.tax_year_begin ?? '?'} to ${filing.tax_year_end ?? '?'}`;
}

/**
 * send_fax: faxes the newest signed copy (the part to file, signed) of a ready single-member filing
 * to the IRS number of the rules table, after the user confirms that very copy: an elicitation form
 * on MCP 2026-07-28 with a client that declares elicitation (its sealed confirmation sends one fax
 * of that copy for that action), otherwise a summary, then `confirm: <the copy's id>`. A copy of an
 * earlier version of the filing is refused. One fax per signed copy unless `resend` (asked again);
 * at most {@link FAXES_PER_FILING_PER_DAY} a filing in 24 hours.
 */
export function sendFaxTool(deps: {
  repository: FilingRepository;
  store: SubmissionStore;
  fax: FaxSending | undefined;
  irsForms: LoadIrsForms;
  /** With `BILLING=on`, the first fax of a filing uses a credit. */
  billing?: { db: Kysely<FilingDatabase>; payments: PaymentSelling | undefined };
}) {
  const { repository, store, fax } = deps;
  return defineTool({
    name: 'send_fax',
    title: 'Fax the signed return to the IRS',
    description:
      'Faxes the signed part to file (get_pdf_url’s upload_url) of a ready 5472 filing to the IRS (855-887-7737) once the user confirms: a form, or show the summary, then confirm: its signed_copy_id. Once per copy unless resend; 3 a day. Status: list_fax_logs.',
    inputSchema: z.object({
      id: filingIdSchema().describe('UUID of the single-member filing.'),
      confirm: z
        .union([z.string(), z.boolean()])
        .optional()
        .describe('summary.signed_copy_id, once the user agreed.'),
      resend: z.boolean().optional().describe('true to fax the same signed copy again (asks again).'),
    }),
    outputSchema: sendFaxOutput(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    handler: async (args, context) => {
      const userId = context.auth.userId;
      const { kind, filing } = await findAnyFiling(repository, userId, args.id, undefined);
      const rules = await deps.irsForms();
      if (kind === 'partnership') {
        const { address, reason } = rules.form1065Address(filing.form_data);
        throw new ToolError(
          `A partnership return (Form 1065) is not faxed: mail it to ${address ?? `the IRS service center for its state and total assets (${reason})`}, by certified mail, then call mark_filed with method "mail".`,
        );
      }
      const destination = rules.FOREIGN_OWNED_DE_FILING;
      if (fax === undefined) {
        throw new ToolError(
          `This server does not send faxes. Mail the signed packet to ${destination.mail} by certified mail (its postmark is the filing date under Internal Revenue Code section 7502), or fax it yourself to ${destination.fax}; then call mark_filed.`,
        );
      }
      const readiness = rules.checkFilingReadiness(kind, filing.form_data);
      if (!readiness.ready) {
        throw new ToolError(
          'The filing is not ready: check_filing lists what is missing or invalid. Complete it (complete_filing or update_filing), then print, sign and upload it again.',
        );
      }
      const copy = await store.latestSignedCopy(userId, args.id);
      if (copy === undefined) {
        throw new ToolError(
          'No signed copy of this filing yet: print the packet (get_pdf_url’s download_url), have the officer sign the pro forma 1120 by hand, and upload every page to get_pdf_url’s upload_url (or on the filing page).',
        );
      }
      const source = await repository.packetSource(kind, args.id, userId);
      if (!source) throw new ToolError(FILING_NOT_FOUND);
      // Never a copy signed before the filing changed: its pages are not the return as it is now.
      refuseStaleCopy(copy, source.updated_at);
      const summary = {
        llc_name: filing.llc_name,
        tax_year: taxYearOf(filing),
        pages: copy.pages,
        to: destination.fax,
        signed_copy_id: copy.id,
        signed_copy_sha256: copy.sha256,
        reasonable_cause_statement:
          (readiness.late_filing?.statement_included ?? filing.form_data.generateLateFilingLetter === true)
            ? ('included' as const)
            : ('not_included' as const),
        filing_version: copy.filing_version,
        current_filing_version: source.updated_at,
        contents: copy.contents,
        // What the check of the upload could not tell (a JPEG scan's signature box): the user says.
        notes: copy.notes,
      };
      const answer = (
        outcome: 'confirm' | 'sent' | 'already_sent' | 'declined',
        sent: FilingFax | null,
        message: string,
      ) => ({
        id: args.id,
        outcome,
        summary,
        fax: sent,
        message,
      });
      const previous = await store.faxOfCopy(copy.id);
      if (previous !== undefined && args.resend !== true) {
        return answer(
          'already_sent',
          previous,
          `This signed copy was faxed already (status ${previous.status}); nothing was sent again. To send it again, call with resend: true.`,
        );
      }
      const statement =
        summary.reasonable_cause_statement === 'included' ? ' and the reasonable-cause statement' : '';
      const list = pageList(copy);
      const what = `${summary.pages} page${summary.pages === 1 ? '' : 's'} of ${summary.llc_name ?? 'the LLC'}’s Form 5472 with pro forma 1120${statement}${summary.tax_year ? ` for ${summary.tax_year}` : ''} to the IRS fax ${summary.to}${list === '' ? '' : ` (${list})`}; signed copy ${copy.id}, SHA-256 ${copy.sha256}`;
      const action: FaxAction = args.resend === true ? 'resend' : 'send';
      const notes = copy.notes.length === 0 ? '' : ` ${copy.notes.join(' ')}`;
      let confirmationId: string | undefined;
      if (supportsFormElicitation(context.clientCapabilities)) {
        const confirmed = formConfirmation(context, copy, action);
        if (confirmed === 'declined')
          return answer('declined', null, 'The user did not confirm: nothing was sent.');
        if (confirmed === undefined) return askToConfirm(copy, action, what);
        confirmationId = confirmed.confirmationId;
      } else if (!agentConfirmation(args.confirm, copy)) {
        return answer(
          'confirm',
          null,
          `Ask the user to confirm: fax ${what}.${notes} When they agree, call send_fax again with confirm: "${copy.id}".`,
        );
      }

      // A credit, when the operator bills, before anything is sent (a resend uses none).
      const credit =
        deps.billing &&
        (await requireCredit(deps.billing.db, deps.billing.payments, {
          userId,
          filingId: args.id,
          kind,
          method: 'fax',
        }));
      const faxId = crypto.randomUUID();
      const started = await store.startFax({
        id: faxId,
        userId,
        filingId: args.id,
        kind,
        copy,
        toNumber: destination.faxE164,
        fromNumber: fax.fromNumber,
        provider: fax.provider.name,
        resend: args.resend === true,
        ...(confirmationId !== undefined && { confirmationId }),
      });
      if (started === 'confirmation_used') {
        if (credit === 'used') await giveBackCredit(deps.billing!.db, userId, args.id);
        throw new ToolError(
          'Nothing was sent: this confirmation was used already (a confirmation sends one fax). Call send_fax again: the user is asked anew.',
        );
      }
      if (started !== 'started' && credit === 'used') await giveBackCredit(deps.billing!.db, userId, args.id);
      if (started === 'already_sent') {
        const sent = (await store.faxOfCopy(copy.id)) ?? null;
        return answer(
          'already_sent',
          sent,
          'This signed copy was faxed already; nothing was sent again. To send it again, call with resend: true.',
        );
      }
      if (started === 'daily_limit') {
        throw new ToolError(
          `This filing was faxed ${FAXES_PER_FILING_PER_DAY} times in the last 24 hours: nothing was sent. Check list_fax_logs and try again tomorrow.`,
        );
      }
      try {
        const media = await fax.links.sign(kind, copy.id, 'fax-media');
        const { faxId: providerFaxId } = await fax.provider.send({
          to: destination.faxE164,
          from: fax.fromNumber,
          mediaUrl: media.url,
          webhookUrl: fax.webhookUrl,
          reference: faxId,
        });
        await store.faxAccepted(faxId, providerFaxId);
      } catch (error) {
        const reason = error instanceof FaxProviderError ? error.message : 'the fax could not be sent';
        await store.faxRefused(faxId, reason);
        if (credit === 'used') await giveBackCredit(deps.billing!.db, userId, args.id);
        throw new ToolError(
          `${reason}: nothing was sent. Try again later with resend: true, or mail it to ${destination.mail} and call mark_filed.`,
        );
      }
      const sent = (await store.faxOfCopy(copy.id)) ?? null;
      return answer(
        'sent',
        sent,
        'The fax is queued. Its status (queued, media_processed, sending, delivered or failed) is in list_fax_logs; a delivered fax marks the filing filed.',
      );
    },
  });
}
