import { kindRecord, type FilingKind, type submissionsOf } from '@filing-mcp/filing-domain';
import { html, type SafeHtml } from './html.js';

// What a person sees first on a filing page: where the filing stands, in words (draft, ready to
// sign, signed, sent, filed), its due date, how late it is and the penalties that may apply, and
// the next step said as a person would say it. No tool names: the person is not the agent.

/** The submissions of a filing (signed copies, faxes, filed), as `submissionsOf` answers them. */
export type Submissions = Awaited<ReturnType<typeof submissionsOf>>;

/** What the page needs of check_filing's answer for the filing. */
export interface StatusReadiness {
  ready: boolean;
  missing: unknown[];
  invalid: unknown[];
  due_date: string | null;
  days_late: number;
  penalties: Array<{ description: string; amount: number | null }>;
}

/** Where a filing stands, as the page says it. */
export type FilingState = 'Draft' | 'Ready to sign' | 'Signed' | 'Sent' | 'Filed';

/** The state of a filing: filed, else a fax on its way, else a signed copy kept, else ready or not. */
export function filingState(readiness: StatusReadiness, submissions: Submissions): FilingState {
  if (submissions.filed !== null) return 'Filed';
  if (submissions.faxes.some((fax) => fax.status !== 'failed')) return 'Sent';
  if (submissions.signed_copies.length > 0) return 'Signed';
  return readiness.ready ? 'Ready to sign' : 'Draft';
}

const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;

function nextStep(
  kind: FilingKind,
  state: FilingState,
  readiness: StatusReadiness,
  submissions: Submissions,
): string {
  const pages = submissions.signed_copies[0]?.pages;
  switch (state) {
    case 'Draft': {
      const missing = readiness.missing.length;
      const invalid = readiness.invalid.length;
      const counts = [
        missing > 0 ? `${missing} answer${missing === 1 ? '' : 's'} still missing` : '',
        invalid > 0 ? `${invalid} to correct` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      return `Finish the answers with your assistant (${counts || 'a few answers to check'}). Until then the forms are marked DRAFT: do not sign or send them.`;
    }
    case 'Ready to sign':
      return kindRecord(kind).signedCopies
        ? 'Print the forms, sign the pro forma Form 1120 by hand where the first page of the PDF shows, scan every page and upload the scan below.'
        : 'Print the forms and sign Form 1065 by hand where the first page of the PDF shows; then send it to the IRS by certified mail, as the first page says, and tell your assistant the postmark date.';
    case 'Signed':
      return `Send the signed return to the IRS: your assistant can fax ${pages === undefined ? 'it' : `these ${pages} pages`} to the IRS once you say yes, or you can mail it by certified mail and tell your assistant the postmark date.`;
    case 'Sent':
      return 'The fax is on its way to the IRS. Nothing to do now: once it is delivered, this page shows the proof.';
    case 'Filed':
      return 'Nothing left to send. Keep the proof below with a copy of the signed return.';
  }
}

/** The status section of a filing page: state, due date, days late, penalties, next step, proof. */
export function statusSection(
  kind: FilingKind,
  readiness: StatusReadiness,
  submissions: Submissions,
): SafeHtml {
  const state = filingState(readiness, submissions);
  const filed = submissions.filed;
  const late =
    readiness.days_late > 0
      ? `${readiness.days_late} day${readiness.days_late === 1 ? '' : 's'} late${filed ? ' when filed' : ''}`
      : filed
        ? 'Filed on time'
        : 'Not late';
  const known = readiness.penalties.filter((penalty) => penalty.amount !== null);
  const total = known.reduce((sum, penalty) => sum + (penalty.amount ?? 0), 0);
  const exposure =
    readiness.penalties.length === 0
      ? 'None as of today'
      : `${known.length > 0 ? usd(total) : 'An amount that depends on facts not on file'}${known.length < readiness.penalties.length && known.length > 0 ? ' and more that depends on facts not on file' : ''}; reasonable cause can remove it`;
  return html`<section id="filing-status">
<h2>Where this filing stands</h2>
<dl class="fields">
<dt>State</dt><dd id="filing-state"><strong>${state}</strong></dd>
<dt>Due date</dt><dd id="due-date">${readiness.due_date ?? 'Not known yet (the tax year is missing)'}</dd>
<dt>Days late</dt><dd id="days-late">${late}</dd>
<dt>Penalty exposure</dt><dd id="penalty-exposure">${exposure}</dd>
</dl>
${
  readiness.penalties.length === 0
    ? ''
    : html`<ul id="penalties">${readiness.penalties.map(
        (penalty) =>
          html`<li>${penalty.description}${penalty.amount === null ? '' : html` <strong>So far: ${usd(penalty.amount)}.</strong>`}</li>`,
      )}</ul>`
}
<p id="next-step"><strong>Next step:</strong> ${nextStep(kind, state, readiness, submissions)}</p>
${
  filed === null
    ? ''
    : html`<div id="proof"><h3>Proof of filing</h3>
<p>Filed by ${filed.method} on ${filed.date}${filed.reference ? html`, reference <code>${filed.reference}</code>` : ''}.</p>
<p>${filed.proof}</p></div>`
}
</section>`;
}
