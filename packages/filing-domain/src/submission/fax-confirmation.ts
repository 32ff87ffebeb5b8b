import { inputRequired, type ToolContext, ToolError } from '@filing-mcp/protocol';
import type { SignedCopy } from './submission-store.js';

/** The elicitation key of send_fax's confirmation. */
export const FAX_CONFIRMATION_KEY = 'fax_confirmation';

/** What a confirmation is for: the first fax of a copy, or sending it again. */
export type FaxAction = 'send' | 'resend';

/** The sealed state of a confirmation form: one copy, one action, and its own id (one fax). */
interface ConfirmationState {
  copy_id: string;
  sha256: string;
  action: FaxAction;
  confirmation_id: string;
}

/** The pages of each form of a copy, as the summary and the confirmation list them: `Form 1120 (pro forma), pages 1-6`. */
export function pageList(copy: SignedCopy): string {
  return copy.contents
    .map(({ form, first_page, pages }) =>
      pages === 1 ? `${form}, page ${first_page}` : `${form}, pages ${first_page}-${first_page + pages - 1}`,
    )
    .join('; ');
}

/**
 * The user's answer to the elicitation form: `{ confirmationId }` when they accepted the form
 * asked for this very copy and action, `declined`, or undefined when the form is to be asked (not
 * asked yet, or asked for another copy or another action: a resend asks again). The sealed state
 * cannot be changed by the client, but it can be sent again: its `confirmation_id` is spent by the
 * fax it sends (SubmissionStore.startFax), so a replay sends nothing.
 */
export function formConfirmation(
  context: ToolContext,
  copy: SignedCopy,
  action: FaxAction,
): { confirmationId: string } | 'declined' | undefined {
  const response = context.inputResponses?.[FAX_CONFIRMATION_KEY] as
    | { action?: unknown; content?: { confirm?: unknown } }
    | undefined;
  if (response === undefined) return undefined;
  const state = context.state as Partial<ConfirmationState> | undefined;
  if (
    state?.copy_id !== copy.id ||
    state.sha256 !== copy.sha256 ||
    state.action !== action ||
    typeof state.confirmation_id !== 'string'
  )
    return undefined;
  if (response.action !== 'accept' || response.content?.confirm !== true) return 'declined';
  return { confirmationId: state.confirmation_id };
}

/**
 * The elicitation form that asks the user to confirm this fax of this copy, with what the upload
 * check could not tell of it (is it signed?).
 */
export function askToConfirm(copy: SignedCopy, action: FaxAction, what: string) {
  const state: ConfirmationState = {
    copy_id: copy.id,
    sha256: copy.sha256,
    action,
    confirmation_id: crypto.randomUUID(),
  };
  return inputRequired({
    inputRequests: {
      [FAX_CONFIRMATION_KEY]: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: `${action === 'resend' ? 'Fax again' : 'Fax'} ${what}? This files the return with the IRS.${
            copy.notes.length === 0 ? '' : ` Before you confirm: ${copy.notes.join(' ')}`
          }`,
          requestedSchema: {
            type: 'object',
            properties: {
              confirm: { type: 'boolean', title: 'Send the fax to the IRS', default: false },
            },
            required: ['confirm'],
          },
        },
      },
    },
    state,
  });
}

/**
 * Checks the agent's `confirm` (clients without elicitation): it must be the id of the copy to
 * fax. Answers true when it is, false when it is absent (ask the user first); throws a
 * {@link ToolError} naming the id to send for `true` or another copy's id.
 */
export function agentConfirmation(confirm: string | boolean | undefined, copy: SignedCopy): boolean {
  if (confirm === undefined || confirm === false) return false;
  if (confirm === true) {
    throw new ToolError(
      `Nothing was sent: confirm carries the id of the signed copy the user agreed to, not true. Show the user the summary (call send_fax with the id only), then call again with confirm: "${copy.id}".`,
    );
  }
  if (confirm.toLowerCase() !== copy.id.toLowerCase()) {
    throw new ToolError(
      `Nothing was sent: confirm names signed copy ${confirm}, but the copy to fax is ${copy.id} (SHA-256 ${copy.sha256}, ${copy.pages} pages, uploaded ${copy.created_at}). Show the user this copy's summary (call send_fax with the id only); when they agree, call again with confirm: "${copy.id}".`,
    );
  }
  return true;
}

/** Refuses a copy checked against an earlier version of the filing: a new signed copy is needed. */
export function refuseStaleCopy(copy: SignedCopy, currentVersion: string): void {
  if (copy.filing_version === currentVersion) return;
  throw new ToolError(
    `Nothing was sent: the newest signed copy (${copy.id}, uploaded ${copy.created_at}) is of filing version ${copy.filing_version ?? 'unknown (uploaded before versions were kept)'}, and the filing is now version ${currentVersion}: it changed after the copy was signed. A new signed copy of the current version is needed: print the part to file again (get_pdf_url's download_to_file_url), sign it, upload it to a new upload_url, then call send_fax.`,
  );
}
