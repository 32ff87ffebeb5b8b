// The interviews' text, loaded by the first prompts/get: a server that is only listed (or only
// serves tools) never evaluates it, which keeps it out of a serverless cold start.

import { DEFAULT_FILING_KIND, kindRecord, type FilingKind } from '../kinds/filing-kinds.js';

/** The guided interview of one kind of filing: what to ask, in which order, which tools to call. */
export interface Interview {
  /** The prompt's name (filing-prompts.ts lists it with its title and description). */
  name: string;
  kind: FilingKind;
  goal: string;
  create: string;
  update: string;
  list: string;
  /** Topics to ask about, in order, each naming its form_data fields. */
  topics: string[];
  closing: string;
}

export const INTERVIEWS: readonly Interview[] = [
  {
    name: 'prepare_form_5472',
    kind: '5472',
    goal: 'Form 5472 with its pro forma Form 1120 for the user’s foreign-owned single-member US LLC',
    create: kindRecord('5472').tools.create,
    update: kindRecord('5472').tools.update,
    list: kindRecord('5472').tools.list.name,
    topics: [
      'The tax year: taxYearBegin and taxYearEnd (YYYY-MM-DD), and isInitialYear when the LLC is new.',
      'The LLC: its legal name (llcName), EIN (ein, NN-NNNNNNN), US address (llcStreet; llcCity with state and ZIP), where and when it was formed (countryIncorporation, dateIncorporation), its tax residence (taxResidentCountry), where it does business (principalBusinessCountries), its activity in words and its NAICS code (businessActivity, businessActivityCode), and its total assets at the end of the year in whole US dollars (totalAssets).',
      'The foreign owner: name (ownerName), address (ownerStreet, ownerCity), citizenship (ownerCitizenship), tax residence (ownerTaxResidentCountry), foreign tax number (ownerFTIN), a US identifying number if there is one (ownerUSId), and where the owner does business (ownerBusinessCountries). Then whether the owner is itself owned 25% or more by another person or company, up the chain (ownerHasOwners; an individual owner: false), and if so each such owner (indirectOwners: name, address, identifying numbers if any, countries of business, citizenship or incorporation, and tax residence).',
      'The related parties the LLC dealt with during the year (relatedParties: name and relationship of each), and the transactions with them that the form_data schema lists.',
      'Signing and options: the signer’s title and the date (signerTitle, signatureDate); whether to add Form 7004 for an extension (generateForm7004). A late return carries a reasonable-cause statement: its facts, in the user’s words, go in lateFilingReason (the prompt draft_reasonable_cause_statement helps draft them).',
    ],
    closing:
      'Tell the user the due date and how to file exactly as check_filing’s due_date and how_to_file say; do not add tax advice of your own.',
  },
  {
    name: 'prepare_partnership_return',
    kind: 'partnership',
    goal: 'Form 1065 with a Schedule K-1 per partner for the user’s partnership',
    create: kindRecord('partnership').tools.create,
    update: kindRecord('partnership').tools.update,
    list: kindRecord('partnership').tools.list.name,
    topics: [
      'The tax year: taxYearBegin and taxYearEnd (YYYY-MM-DD).',
      'The partnership: its legal name (partnershipName), EIN (ein, NN-NNNNNNN), address (street, city, state, zip), its activity in words and its NAICS code (businessActivity, businessActivityCode), when the business started (dateBusinessStarted), its accounting method (accountingMethod: cash, accrual or other, then accountingMethodOther in words) and its total assets at the end of the year in whole US dollars (totalAssets).',
      'Each partner (partners): name, type, whether the partner is a foreign person (isForeign), entity type, and for a foreign partner the withholding rate (withholdingRate).',
      'The year’s figures: income, deductions, Schedule K items and section 1446 withholding (income, deductions, scheduleK, withholding), as the form_data schema describes them.',
    ],
    closing:
      'check_filing lists Forms 8804 and 8805 when a partner is foreign; this service does not generate them, so tell the user. complete_filing offers “I don’t know” on the Schedule B questions a paid preparer should answer: never answer them No for the user. When it ends prepare_elsewhere, tell the user first the money already owed, as its message lists it (section 1446 installments past due, penalties running), then that a paid preparer must prepare the forms prepare_elsewhere lists and answer the questions in preparer_notes. Give the due date and how to file exactly as check_filing’s due_date and how_to_file say; do not add tax advice of your own.',
  },
];

export function interviewText(interview: Interview, filingId: string | undefined): string {
  const kind = interview.kind === DEFAULT_FILING_KIND ? '' : `, kind: "${interview.kind}"`;
  const start =
    filingId === undefined
      ? [
          `1. Call get_form_schema {kind: "${interview.kind}"} to learn every form_data field.`,
          `2. Call ${interview.list}: if the user already has a filing for this EIN and tax year, continue that one (go to step 5) instead of creating another.`,
        ]
      : [
          `1. Continue the user’s filing ${filingId}: call get_form_schema {kind: "${interview.kind}"} for the fields, then check_filing {id: "${filingId}"${kind}} to see what is missing, and go to step 4.`,
        ];
  const topics = interview.topics.map((topic, index) => `   ${String.fromCharCode(97 + index)}. ${topic}`);
  return [
    `Help the user prepare ${interview.goal}. Ask; never guess a value. Ask one topic at a time, in this order, and say why each answer is needed.`,
    '',
    ...start,
    ...(filingId === undefined
      ? [
          '3. Ask about:',
          ...topics,
          `   Then call ${interview.create} with what you have (a draft may be incomplete). If it answers possible_duplicates, tell the user and ask which filing to keep.`,
        ]
      : [
          '3. If the user wants to change anything, ask about it as below and send it with ' +
            interview.update +
            '.',
          ...topics,
        ]),
    `4. Call check_filing {id${kind}}. For each entry of missing or invalid, call complete_filing {id${kind}}: with a client that supports elicitation it asks the user through a form and stores the answers; otherwise it answers the fields to ask about, which you ask and send with ${interview.update}.`,
    '5. Repeat step 4 until check_filing answers ready: true, or complete_filing ends prepare_elsewhere (see step 7). complete_filing answers incomplete, with left, after 9 forms in one call: call it again to go on.',
    `6. Call get_pdf_url {id${kind}}: hand the user download_url (a signed link, valid 15 minutes) or read the resource it links to (filing://.../packet.pdf).`,
    `7. ${interview.closing}`,
    ...afterThePdf(interview, kind),
  ].join('\n');
}

/** Steps 8 to 11: print and sign, upload, send (or mail and record), and the proof to keep. */
function afterThePdf(interview: Interview, kind: string): string[] {
  const send = kindRecord(interview.kind).signedCopies
    ? `10. Send it: call send_fax {id}, show the user the summary it answers and call it again with confirm: true only when the user says yes (list_fax_logs shows the delivery; a delivered fax records the filing itself). Or the user sends it by U.S. certified mail to the address how_to_file gives; then call mark_filed {id, method: "mail", date: the postmark date, tracking_number}.`
    : `10. Send it as check_filing’s how_to_file says (by mail to the IRS address it gives, U.S. certified mail, or through an e-file provider); then call mark_filed {id${kind}, method, date: the postmark date, tracking_number}.`;
  return [
    '8. The user prints the whole packet and signs by hand where its cover page shows (the first page, which is not sent); an unsigned return is not a return.',
    '9. The user uploads a scan or photo of the signed pages: POST it to get_pdf_url’s upload_url, or open url and upload it there.',
    send,
    `11. Tell the user the proof to keep: the fax log (list_fax_logs; its id is check_filing’s filed.reference) or the certified-mail receipt with its postmark and tracking number, and a copy of the signed packet. check_filing {id${kind}} then shows filed.`,
  ];
}
