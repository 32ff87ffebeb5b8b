/** serverInfo the `initialize` result reports. */
export const FILING_SERVER_INFO = Object.freeze({ name: 'filing-mcp', version: '1.1.0' });

/** The `initialize` instructions. */
export const FILING_SERVER_INSTRUCTIONS =
  'This server manages US tax filings of foreign-owned LLCs: single-member filings (forms 5472 and 1120) ' +
  'and partnership filings (form 1065, Schedule K-1, forms 8804 and 8805). Call get_form_schema first to ' +
  'learn the form_data fields, then create_filing (or create_partnership_filing). Every tool acts on your ' +
  'own records only.';

/** Every step after the PDF, as the instructions and both prompts give them. */
const AFTER_THE_PDF =
  'The user prints the packet and signs by hand where its cover page shows (an unsigned return is not a ' +
  'return), then uploads a scan of the signed pages to get_pdf_url’s upload_url. A Form 5472: send_fax ' +
  'faxes it to the IRS once the user confirms the summary it shows (list_fax_logs: delivery); otherwise ' +
  'the user mails it by certified mail to check_filing’s how_to_file address and you record it with ' +
  'mark_filed (method, postmark date, tracking number). Proof to keep: the fax log (its id is ' +
  'filed.reference) or the certified-mail receipt, with the signed copy.';

const JOURNEY = ` After the PDF: ${AFTER_THE_PDF}`;

/**
 * The `initialize` instructions of a server: {@link FILING_SERVER_INSTRUCTIONS}, the tools that
 * ask the user, when it serves packets where the PDF is (the resource and the signed link), and
 * every step after the PDF.
 */
export function filingServerInstructions(servesPackets: boolean): string {
  const interview =
    ' check_filing lists what is still missing; complete_filing asks the user for it through the client ' +
    '(or says what to send with update_filing); the prompts prepare_form_5472 and ' +
    'prepare_partnership_return guide the whole interview.';
  if (!servesPackets) return FILING_SERVER_INSTRUCTIONS + interview + JOURNEY;
  return (
    FILING_SERVER_INSTRUCTIONS +
    interview +
    ' The filled IRS forms of a filing are the PDF resource filing://filings/{id}/packet.pdf ' +
    '(partnership: filing://partnership/{id}/packet.pdf), read with resources/read; get_pdf_url also ' +
    'answers download_url, a signed link to the same PDF that works without a session for 15 minutes.' +
    JOURNEY
  );
}
