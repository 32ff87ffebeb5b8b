import type { PartnershipInput } from '@filing-mcp/irs-forms';

/**
 * send_fax's refusal of a return that is mailed, not faxed: where to mail it, built from irs-forms'
 * rules (handed in loaded: this module loads nothing of irs-forms) and the filing's form_data.
 */
export type MailInstead = (
  rules: typeof import('@filing-mcp/irs-forms'),
  formData: Record<string, unknown>,
) => string;

/**
 * A partnership's: a Form 1065 is mailed, to the service center irs-forms' rules name for the
 * partnership's state and total assets.
 */
export const partnershipMailInstead: MailInstead = (rules, formData) => {
  const { address, reason } = rules.form1065Address(formData as PartnershipInput);
  return `A partnership return (Form 1065) is not faxed: mail it to ${address ?? `the IRS service center for its state and total assets (${reason})`}, by certified mail, then call mark_filed with method "mail".`;
};
