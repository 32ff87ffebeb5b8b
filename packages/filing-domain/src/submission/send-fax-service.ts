import type { FilingReadiness } from '@filing-mcp/irs-forms';
import { type InputRequired, type ToolContext, ToolError } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import { giveBackCredit, requireCredit } from '../payments/credits.js';
import type { PaymentSelling } from '../payments/payment-selling.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import type { FilingDatabase } from '../storage/database.js';
import { FILING_NOT_FOUND, findAnyFiling } from '../storage/find-any-filing.js';
import {
  agentConfirmation,
  askToConfirm,
  type FaxAction,
  formConfirmation,
  pageList,
  refuseStaleCopy,
} from './fax-confirmation.js';
import { FaxProviderError, type FaxSending } from './fax-provider.js';
import {
  FAXES_PER_FILING_PER_DAY,
  type FilingFax,
  type SignedCopy,
  type SubmissionStore,
} from './submission-store.js';

/** What {@link sendFax} works with. */
export interface SendFaxServices {
  repository: FilingRepository;
  store: SubmissionStore;
  /** How faxes are sent; without it, the service answers the mail route. */
  fax: FaxSending | undefined;
  irsForms: LoadIrsForms;
  /** With `BILLING=on`, the first fax of a filing uses a credit. */
  billing?: { db: Kysely<FilingDatabase>; payments: PaymentSelling | undefined };
}

/** One send_fax call, its input parsed. */
export interface SendFaxRequest {
  userId: string;
  filingId: string;
  /** The agent's `confirm` (clients without a form): the id of the copy the user agreed to. */
  confirm: string | boolean | undefined;
  /** Fax a copy faxed already again (asks again). */
  resend: boolean;
  /** The call's context when the client shows elicitation forms: the user confirms in a form. */
  form: ToolContext | undefined;
}

/** What send_fax shows the user before and after: the copy, where it goes, what it holds. */
export interface FaxSummary {
  llc_name: string | null;
  tax_year: string | null;
  pages: number;
  to: string;
  signed_copy_id: string;
  signed_copy_sha256: string;
  reasonable_cause_statement: 'included' | 'not_included';
  filing_version: string | null;
  current_filing_version: string;
  contents: SignedCopy['contents'];
  notes: string[];
}

/** How a call ended, short of an error. */
export type FaxOutcome = 'confirm' | 'sent' | 'already_sent' | 'declined';

/** The answer of {@link sendFax}: an outcome, or the confirmation form to ask the user. */
export type SendFaxResult =
  | { outcome: FaxOutcome; summary: FaxSummary; fax: FilingFax | null; message: string }
  | { ask: InputRequired };

type Filing = Awaited<ReturnType<typeof findAnyFiling>>['filing'];
type IrsForms = Awaited<ReturnType<LoadIrsForms>>;
type Destination = IrsForms['FOREIGN_OWNED_DE_FILING'];

/** A copy that may be faxed: the checks passed. */
interface Sendable {
  kind: FilingKind;
  fax: FaxSending;
  destination: Destination;
  copy: SignedCopy;
  summary: FaxSummary;
}

/**
 * Faxes the newest signed copy (the part to file, signed) of a ready filing of a kind that is
 * faxed to the IRS number of the rules table, after the user confirms that very copy: in an
 * elicitation form (its sealed confirmation sends one fax of that copy for that action), or by the
 * agent's `confirm: <the copy's id>` after it showed the summary. A copy of an earlier version of
 * the filing is refused. One fax per signed copy unless `resend` (asked again); at most
 * {@link FAXES_PER_FILING_PER_DAY} a filing in 24 hours. The steps: find, check, confirm, start,
 * send, record.
 */
export async function sendFax(services: SendFaxServices, request: SendFaxRequest): Promise<SendFaxResult> {
  const sendable = await checkSendable(services, request);
  const { copy, summary } = sendable;
  const answer = (outcome: FaxOutcome, fax: FilingFax | null, message: string): SendFaxResult => ({
    outcome,
    summary,
    fax,
    message,
  });
  const previous = await services.store.faxOfCopy(copy.id);
  if (previous !== undefined && !request.resend) {
    return answer(
      'already_sent',
      previous,
      `This signed copy was faxed already (status ${previous.status}); nothing was sent again. To send it again, call with resend: true.`,
    );
  }
  const confirmed = confirmFax(request, copy, summary);
  if (confirmed === 'declined')
    return answer('declined', null, 'The user did not confirm: nothing was sent.');
  if ('ask' in confirmed) return confirmed;
  if ('message' in confirmed) return answer('confirm', null, confirmed.message);
  const started = await startFax(services, request, sendable, confirmed.confirmationId);
  if (started === 'already_sent') {
    return answer(
      'already_sent',
      (await services.store.faxOfCopy(copy.id)) ?? null,
      'This signed copy was faxed already; nothing was sent again. To send it again, call with resend: true.',
    );
  }
  await sendToProvider(services, request, sendable, started);
  return answer(
    'sent',
    (await services.store.faxOfCopy(copy.id)) ?? null,
    'The fax is queued. Its status (queued, media_processed, sending, delivered or failed) is in list_fax_logs; a delivered fax marks the filing filed.',
  );
}

/**
 * Find and check: the filing, a kind that is faxed, a server that faxes, a ready filing, and its
 * newest signed copy, of the filing as it is now.
 */
async function checkSendable(services: SendFaxServices, request: SendFaxRequest): Promise<Sendable> {
  const { kind, filing } = await findAnyFiling(
    services.repository,
    request.userId,
    request.filingId,
    undefined,
  );
  const rules = await services.irsForms();
  const mailInstead = kindRecord(kind).mailInstead;
  if (mailInstead !== null) throw new ToolError(mailInstead(rules, filing.form_data));
  const destination = rules.FOREIGN_OWNED_DE_FILING;
  const fax = services.fax;
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
  const copy = await services.store.latestSignedCopy(request.userId, request.filingId);
  if (copy === undefined) {
    throw new ToolError(
      'No signed copy of this filing yet: print the packet (get_pdf_url’s download_url), have the officer sign the pro forma 1120 by hand, and upload every page to get_pdf_url’s upload_url (or on the filing page).',
    );
  }
  const source = await services.repository.packetSource(kind, request.filingId, request.userId);
  if (!source) throw new ToolError(FILING_NOT_FOUND);
  // Never a copy signed before the filing changed: its pages are not the return as it is now.
  refuseStaleCopy(copy, source.updated_at);
  const summary = faxSummary(filing, copy, readiness, destination, source.updated_at);
  return { kind, fax, destination, copy, summary };
}

function faxSummary(
  filing: Filing,
  copy: SignedCopy,
  readiness: FilingReadiness,
  destination: Destination,
  currentVersion: string,
): FaxSummary {
  return {
    llc_name: filing.llc_name,
    tax_year: taxYearOf(filing),
    pages: copy.pages,
    to: destination.fax,
    signed_copy_id: copy.id,
    signed_copy_sha256: copy.sha256,
    reasonable_cause_statement:
      (readiness.late_filing?.statement_included ?? filing.form_data.generateLateFilingLetter === true)
        ? 'included'
        : 'not_included',
    filing_version: copy.filing_version,
    current_filing_version: currentVersion,
    contents: copy.contents,
    // What the check of the upload could not tell (a JPEG scan's signature box): the user says.
    notes: copy.notes,
  };
}

function taxYearOf(filing: { tax_year_begin: string | null; tax_year_end: string | null }): string | null {
  if (filing.tax_year_begin === null && filing.tax_year_end === null) return null;
  return `${filing.tax_year_begin ?? '?'} to ${filing.tax_year_end ?? '?'}`;
}

/**
 * Confirm: the user's yes to this fax of this copy. `{ confirmationId }` (a form's, spent by the fax)
 * or `{}` (the agent's confirm) when given; otherwise what to answer: the form to ask, the message
 * that asks the agent to ask, or `declined`.
 */
function confirmFax(
  request: SendFaxRequest,
  copy: SignedCopy,
  summary: FaxSummary,
): { confirmationId?: string } | { ask: InputRequired } | { message: string } | 'declined' {
  const action: FaxAction = request.resend ? 'resend' : 'send';
  if (request.form !== undefined) {
    const confirmed = formConfirmation(request.form, copy, action);
    if (confirmed === undefined) return { ask: askToConfirm(copy, action, faxDescription(summary, copy)) };
    return confirmed;
  }
  if (agentConfirmation(request.confirm, copy)) return {};
  const notes = copy.notes.length === 0 ? '' : ` ${copy.notes.join(' ')}`;
  return {
    message: `Ask the user to confirm: fax ${faxDescription(summary, copy)}.${notes} When they agree, call send_fax again with confirm: "${copy.id}".`,
  };
}

/** The fax in words, as the user confirms it. */
function faxDescription(summary: FaxSummary, copy: SignedCopy): string {
  const statement =
    summary.reasonable_cause_statement === 'included' ? ' and the reasonable-cause statement' : '';
  const list = pageList(copy);
  return `${summary.pages} page${summary.pages === 1 ? '' : 's'} of ${summary.llc_name ?? 'the LLC'}’s Form 5472 with pro forma 1120${statement}${summary.tax_year ? ` for ${summary.tax_year}` : ''} to the IRS fax ${summary.to}${list === '' ? '' : ` (${list})`}; signed copy ${copy.id}, SHA-256 ${copy.sha256}`;
}

/** A fax started: its fax log id, and whether it used a credit (given back if it is not sent). */
interface StartedFax {
  faxId: string;
  creditUsed: boolean;
}

/**
 * Start: a credit when the operator bills, before anything is sent (a resend uses none), then the
 * fax log row. `already_sent` when another call faxed the copy meanwhile; a spent confirmation or
 * the daily limit refuses, the credit given back.
 */
async function startFax(
  services: SendFaxServices,
  request: SendFaxRequest,
  { kind, fax, destination, copy }: Sendable,
  confirmationId: string | undefined,
): Promise<StartedFax | 'already_sent'> {
  const { billing } = services;
  const credit =
    billing &&
    (await requireCredit(billing.db, billing.payments, {
      userId: request.userId,
      filingId: request.filingId,
      kind,
      method: 'fax',
    }));
  const faxId = crypto.randomUUID();
  const started = await services.store.startFax({
    id: faxId,
    userId: request.userId,
    filingId: request.filingId,
    kind,
    copy,
    toNumber: destination.faxE164,
    fromNumber: fax.fromNumber,
    provider: fax.provider.name,
    resend: request.resend,
    ...(confirmationId !== undefined && { confirmationId }),
  });
  const creditUsed = credit === 'used';
  if (started === 'started') return { faxId, creditUsed };
  if (creditUsed) await giveBackCredit(billing!.db, request.userId, request.filingId);
  if (started === 'confirmation_used') {
    throw new ToolError(
      'Nothing was sent: this confirmation was used already (a confirmation sends one fax). Call send_fax again: the user is asked anew.',
    );
  }
  if (started === 'daily_limit') {
    throw new ToolError(
      `This filing was faxed ${FAXES_PER_FILING_PER_DAY} times in the last 24 hours: nothing was sent. Check list_fax_logs and try again tomorrow.`,
    );
  }
  return started;
}

/**
 * Send and record: the provider fetches the copy from a signed media link; its fax id goes into
 * the fax log. A refusal is recorded in the fax log, and the credit given back.
 */
async function sendToProvider(
  services: SendFaxServices,
  request: SendFaxRequest,
  { kind, fax, destination, copy }: Sendable,
  { faxId, creditUsed }: StartedFax,
): Promise<void> {
  try {
    const media = await fax.links.sign(kind, copy.id, 'fax-media');
    const { faxId: providerFaxId } = await fax.provider.send({
      to: destination.faxE164,
      from: fax.fromNumber,
      mediaUrl: media.url,
      webhookUrl: fax.webhookUrl,
      reference: faxId,
    });
    await services.store.faxAccepted(faxId, providerFaxId);
  } catch (error) {
    const reason = error instanceof FaxProviderError ? error.message : 'the fax could not be sent';
    await services.store.faxRefused(faxId, reason);
    if (creditUsed) await giveBackCredit(services.billing!.db, request.userId, request.filingId);
    throw new ToolError(
      `${reason}: nothing was sent. Try again later with resend: true, or mail it to ${destination.mail} and call mark_filed.`,
    );
  }
}
