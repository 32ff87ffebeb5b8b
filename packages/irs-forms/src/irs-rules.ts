import { FOREIGN_OWNED_DE_ADDRESS, FOREIGN_OWNED_DE_FAX } from './single-member/de-filing-address.js';
import { FORM_5472_RULES } from './single-member/form-5472-rules.js';
import { PARTNERSHIP_RULES } from './partnership/partnership-rules.js';
import { WITHHOLDING_RULES } from './partnership/withholding-rules.js';
import { SCHEDULE_RULES } from './partnership/schedule-rules.js';

/** One rule or fact the readiness check applies, with the IRS text it comes from. */
export interface IrsRule {
  /** What the rule says, in our words. */
  rule: string;
  /** The IRS instruction (form instructions, section) it comes from. */
  source: string;
}

/**
 * Every rule and fact of the readiness check, each with its IRS source. Each was checked against
 * the instructions with the project's search tool (the excerpts found are third-party quotes of
 * the IRS text; see docs/irs-forms.md, section check_filing).
 */
export const IRS_RULES = {
  proForma1120: {
    rule: 'A foreign-owned U.S. DE files Form 5472 attached to a pro forma Form 1120 with "Foreign-owned U.S. DE" written across the top; the name and address and items B and E of page 1 are what the instructions ask for (this packet also fills items C and D: see proFormaItemsCD).',
    source:
      'Instructions for Form 5472 (Rev. December 2024), Who Must File: Foreign-owned U.S. DEs; Where To File.',
  },
  oneForm5472PerRelatedParty: {
    rule: 'A separate Form 5472 is filed for each foreign or U.S. related party with which the reporting corporation had a reportable transaction; line 1g counts them.',
    source: 'Instructions for Form 5472, Line 1g.',
  },
  allOfPartI: {
    rule: 'All reporting corporations complete Part I (lines 1a-1o).',
    source: 'Form 5472 (Rev. December 2023), Part I heading; Instructions for Form 5472, Part I.',
  },
  partII: {
    rule: 'Part II names the direct 25% foreign shareholder (4a), its countries of business (4c), citizenship or organization (4d) and tax residence (4e); the identifying numbers of 4b are entered "if any".',
    source: 'Form 5472 (Rev. December 2023), Part II; Instructions for Form 5472, Part II.',
  },
  partIII: {
    rule: 'All reporting corporations complete Part III (the related party, line 8a).',
    source: 'Form 5472 (Rev. December 2023), Part III heading.',
  },
  english: {
    rule: 'All information is entered in English and money items in U.S. dollars.',
    source: 'Form 5472 (Rev. December 2023), page 1 note.',
  },
  ein: {
    rule: 'An employer identification number is nine digits, written NN-NNNNNNN.',
    source: 'Instructions for Form 5472, Line 1b; Instructions for Form 1065, Item D.',
  },
  taxYear: {
    rule: 'A tax year is an annual accounting period of at most 12 months (a short tax year is shorter); it ends after it begins.',
    source: 'Publication 538, Accounting Periods; Instructions for Form 7004, Line 5b (short tax year).',
  },
  corporationDueDate: {
    rule: 'A corporation (and a foreign-owned U.S. DE filing pro forma Form 1120 with Form 5472) files by the 15th day of the 4th month after the end of its tax year; a tax year ending June 30 and beginning before 2026, by the 15th day of the 3rd month.',
    source:
      'Instructions for Form 1120 (2025), When To File; Instructions for Form 5472, When and Where To File.',
  },
  corporationExtension: {
    rule: 'Form 7004 extends the time to file the pro forma 1120 and Form 5472 automatically by 6 months (7 months for a tax year ending June 30 and beginning before 2026).',
    source:
      'Instructions for Form 7004 (Rev. December 2025), Automatic Extension; Instructions for Form 5472, When To File.',
  },
  partnershipDueDate: {
    rule: 'A partnership files Form 1065 by the 15th day of the 3rd month after the end of its tax year.',
    source: 'Instructions for Form 1065 (2025), When To File.',
  },
  partnershipExtension: {
    rule: 'Form 7004 extends the time to file Form 1065 automatically by 6 months.',
    source:
      'Instructions for Form 7004 (Rev. December 2025); Instructions for Form 1065, Extension of Time To File.',
  },
  nextBusinessDay: {
    rule: 'A due date on a Saturday, Sunday or legal holiday moves to the next day that is none of these; legal holidays include those of the District of Columbia (D.C. Emancipation Day on April 16, observed on the Friday or Monday nearest when on a weekend).',
    source: 'Instructions for Form 1120 and Form 1065, When To File; Internal Revenue Code section 7503.',
  },
  foreignOwnedDeFiling: {
    rule: `A foreign-owned U.S. DE cannot file Form 5472 and its pro forma 1120 electronically: fax them to ${FOREIGN_OWNED_DE_FAX} or mail them to ${FOREIGN_OWNED_DE_ADDRESS}. Form 7004 for that return goes to the same place.`,
    source:
      'Instructions for Form 5472, Where To File (Foreign-owned U.S. DEs); Instructions for Form 7004, Where To File.',
  },
  amendedReturn5472: {
    rule: 'A Form 5472 with its pro forma 1120, once filed, is corrected only by filing the corrected forms with the IRS (by fax or mail, as the return was filed): a change stored here reaches no one. Uncertain: the Form 5472 instructions found give no procedure of their own for an amended pro forma 1120; have a preparer confirm how to mark it as amended.',
    source: 'Instructions for Form 5472, Where To File (Foreign-owned U.S. DEs).',
  },
  packetParts: {
    rule: 'A packet has two parts. The part to file, the only one faxed or mailed to the IRS, is the pro forma 1120 with each Form 5472 attached (each followed by its Part V and Part VI statements) and the reasonable-cause statement of a late return. The part for the owner is never sent with it: the cover page (not an IRS form), the Form 7004 (an application of its own, due by the original due date of the return and sent alone: its own fax or envelope, to the place its instructions name; sent with the finished return it extends nothing) and any worksheet. The instructions do not say in so many words that Form 7004 must not share a fax with the return; keeping them apart follows from the 7004 being a separate application.',
    source:
      'Instructions for Form 5472, Where To File (Foreign-owned U.S. DEs: the pro forma 1120 with Form 5472 attached); Instructions for Form 7004, Where To File and When To File.',
  },
  partnershipFiling: {
    rule: 'Form 1065 is filed with the IRS service center the Form 1065 instructions list under Where To File for the partnership’s principal business location and total assets, or electronically through an authorized e-file provider (required with more than 100 partners).',
    source: 'Instructions for Form 1065 (2025), Where To File; Electronic Filing.',
  },
  scheduleK1PerPartner: {
    rule: 'A Schedule K-1 is attached for each person who was a partner at any time during the tax year (item I counts them).',
    source: 'Form 1065 (2025), item I; Instructions for Schedule K-1 (Form 1065).',
  },
  partIIIRelatedParty: {
    rule: 'Part III describes each related party: name and address (8a); U.S. identifying number if any (8b(1)), otherwise a reference ID number (8b(2)), and the FTIN if any (8b(3)); principal business activity and its code (8c, 8d); the line 8e boxes that apply; the principal countries where it conducts business (8f) and the countries under whose laws it files an income tax return as a resident (8g). The December 2023 Part III has no line for the related party\u2019s country of citizenship or organization: that is Part II\u2019s line 4d, for the 25% foreign shareholder.',
    source:
      'Form 5472 (Rev. December 2023), Part III lines 8a-8g; Instructions for Form 5472 (Rev. December 2024), Part III.',
  },
  partIV: {
    rule: 'Part IV reports the monetary transactions with a foreign related party, one amount per line 9-21 (received) and 23-35 (paid); lines 17 and 31 take the beginning balance (a) and the ending balance or monthly average (b) of amounts borrowed and loaned; line 22 combines lines 9-21 and line 36 lines 23-35 (the right-hand column: 17b and 31b, not the beginning balances). Part IV must be completed when the related party is a foreign person.',
    source: 'Form 5472 (Rev. December 2023), Part IV and its caution; Instructions for Form 5472, Part IV.',
  },
  partV: {
    rule: 'A foreign-owned U.S. DE describes on an attached separate sheet its other reportable transactions (Regulations section 1.482-1(i)(7)): amounts paid or received in connection with the formation, dissolution, acquisition and disposition of the entity, including contributions to and distributions from it, and checks the Part V box. The statement is captioned with the entity\u2019s name, EIN, tax year and "Form 5472, Part V".',
    source:
      'Form 5472 (Rev. December 2023), Part V; Instructions for Form 5472, Part V and Foreign-owned U.S. DEs.',
  },
  reportableTransactions: {
    rule: 'A Form 5472 reports the reportable transactions with its related party; a filing must either list them or say that the year had none (noReportableTransactions). Silence is not "none".',
    source:
      'Instructions for Form 5472, Who Must File and Reportable transaction; Regulations section 1.6038A-4(a)(1) (a substantially incomplete form is a failure to file).',
  },
  line1f: {
    rule: 'Line 1f is the total of the transactions reported on this Form 5472: Part IV lines 22 and 36, plus, for a foreign-owned U.S. DE, the Part V amounts; it is left blank for a U.S. related party. Line 1h adds line 1f of every Form 5472 of the year. Uncertain: the instructions name Parts IV and VI; this service adds Part V for a DE as practitioners do, and does not hold Part VI values.',
    source: 'Instructions for Form 5472, Lines 1f and 1h.',
  },
  partVI: {
    rule: 'Part VI asks whether there were nonmonetary or less-than-full-consideration transactions with the foreign related party; when there were, they are described on an attached sheet and the box is checked.',
    source: 'Form 5472 (Rev. December 2023), Part VI; Instructions for Form 5472, Part VI.',
  },
  partVII: {
    rule: 'All reporting corporations complete Part VII (lines 37-43); follow-up lines are answered when their question is answered Yes. This service does not produce Part VIII (line 39 Yes) or the line 38b statement: those answers need a preparer.',
    source: 'Form 5472 (Rev. December 2023), Part VII heading and lines 37-43.',
  },
  signature: {
    rule: 'The pro forma Form 1120 is signed by an officer (here, the owner or manager of the DE) under "Sign Here": signature, date and title, the signature and date by hand (see handSignature). A return is signed on or after the end of its tax year.',
    source:
      'Form 1120 (2025), Sign Here; Instructions for Form 1120, Signature; Instructions for Form 5472, Foreign-owned U.S. DEs.',
  },
  extensionBeforeDueDate: {
    rule: 'Form 7004 must be filed on or before the original due date of the return; filed later it extends nothing.',
    source: 'Instructions for Form 7004 (Rev. December 2025), When To File.',
  },
  penalty6038A: {
    rule: 'Failing to file a complete Form 5472 on time costs $25,000 for each Form 5472 for each tax year; filing a substantially incomplete form is a failure to file.',
    source:
      'Internal Revenue Code section 6038A(d)(1); Regulations section 1.6038A-4(a)(1); Instructions for Form 5472, Penalties.',
  },
  continuationPenalty: {
    rule: 'If the failure continues more than 90 days after the IRS mails notice of it, an additional $25,000 applies for each related party for each 30-day period (or part of one) the failure continues after those 90 days. It depends on a notice this service cannot know of.',
    source: 'Internal Revenue Code section 6038A(d)(2); Instructions for Form 5472, Penalties.',
  },
  reasonableCause: {
    rule: 'The penalty is not imposed when the failure was due to reasonable cause; the reporting corporation must show all the facts alleged as reasonable cause in a written statement containing a declaration that it is made under the penalties of perjury. Confirmed through secondary sources (the regulation text itself was not found with the search tool; the same wording is in Regulations section 301.6686-1(b)).',
    source: 'Regulations section 1.6038A-4(b)(1); Instructions for Form 5472, Penalties.',
  },
  withholdingForms: {
    rule: 'A partnership with effectively connected income allocable to foreign partners files Form 8804 and a Form 8805 for each foreign partner.',
    source: 'Instructions for Forms 8804, 8805, and 8813, Who Must File.',
  },
  ...FORM_5472_RULES,
  timelyMailing: {
    rule: 'A return mailed in the United States on or before its due date (extensions included), in a properly addressed envelope with postage prepaid, is treated as filed on the date of the U.S. postmark on the envelope. Sent by certified mail with the sender\u2019s receipt postmarked by the postal employee at the counter (or by registered mail), that postmark is the postmark date and the receipt is prima facie evidence of delivery: keep the postmarked certified-mail receipt (and the return receipt, when bought). A receipt nobody postmarked proves nothing.',
    source: 'Internal Revenue Code section 7502(a) and (c); Regulations section 301.7502-1(c) and (e)(2).',
  },
  faxFilingDate: {
    rule: 'A faxed return is treated here as filed on the day the fax is delivered to the IRS number, in Ogden, Utah time (America/Denver); keep the delivery confirmation. Uncertain: the Form 5472 instructions give the fax number but no rule on the date a fax counts as filed, and section 7502 covers mail and electronic filing only.',
    source:
      'Instructions for Form 5472, Where To File (Foreign-owned U.S. DEs); Internal Revenue Code section 7502.',
  },
  electronicFilingDate: {
    rule: 'An electronically filed return is treated as filed on the date of its electronic postmark (the authorized provider\u2019s timestamp); keep the acceptance acknowledgment with its submission ID.',
    source: 'Internal Revenue Code section 7502; Regulations section 301.7502-1(d).',
  },
  ...PARTNERSHIP_RULES,
  ...WITHHOLDING_RULES,
  ...SCHEDULE_RULES,
} as const satisfies Record<string, IrsRule>;
