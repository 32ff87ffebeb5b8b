import { FOREIGN_OWNED_DE_FAX } from './de-filing-address.js';

/**
 * The rules of the single-member forms' last lines, each with its source (checked with the project's
 * search tool against the Form 5472 / 1120 instructions, or read from the vendored official form,
 * as docs/irs-forms.md says). Part of IRS_RULES.
 */
export const FORM_5472_RULES = {
  referenceIdNumber: {
    rule: 'A reference ID number (Part II line 4b(2) for the 25% foreign shareholder, Part III line 8b(2) for a related party) is needed only when the person has no U.S. identifying number (line 4b(1) or 8b(1): an SSN, ITIN or EIN). It is not issued by the IRS or any registry: the filer itself assigns it to that person, to identify the same person from one tax year to the next, and keeps it the same every year. It is not the foreign company’s registration number nor its foreign tax number (the FTIN has its own line, 4b(3) or 8b(3)). The IRS text read here is its definition of the same reference ID number on Forms 5471, 8858 and 8865; the Form 5472 instructions use the term the same way.',
    source:
      'Form 5472 (Rev. December 2023), lines 4b(1)-4b(3) and 8b(1)-8b(3); Instructions for Form 5472 (Rev. December 2024), Parts II and III; IRS, New Identification Number Implemented for Certain Foreign Information Returns (2012): "a number established by or on behalf of" the filer, "to uniquely identify" the foreign person "from tax year to tax year".',
  },
  partIVLineLabels: {
    rule: 'Each Part IV transaction kind carries its line and the line\u2019s title as the form prints it. Rents and royalties on lines 13a/13b and 27a/27b are "for other than intangible property rights"; sales, purchases, leases and licenses of intangible property rights ("for example, patents, trademarks, secret formulas") are lines 14 and 28, so a trademark or software royalty is line 28 (paid) or 14 (received), not 27b or 13b. The earlier kinds royalties_paid and royalties_received do not say which: they are refused with the two kinds to choose from, and never printed.',
    source: 'Form 5472 (Rev. December 2023), Part IV lines 13a-14 and 27a-28.',
  },
  relationshipBoxes: {
    rule: 'Line 8e says "Check boxes that apply": related to reporting corporation, related to 25% foreign shareholder, 25% foreign shareholder. relationship takes one box or a list of them; a box is never guessed from words.',
    source: 'Form 5472 (Rev. December 2023), line 8e.',
  },
  partVIIPerRelatedParty: {
    rule: 'Part VII is part of each Form 5472, and so of each related party. Lines 41a-41d ("transactions with the foreign related party") and 42a-42b ("any loan to or from the related party") ask about the form\u2019s own related party: each party answers them (relatedParties[].partVII); a filing-level partVII answer serves as their default only when it is No or the filing has one related party. Lines 37-40 and 43 ask about the reporting corporation: the filing-level answer is every form\u2019s default.',
    source:
      'Form 5472 (Rev. December 2023), Part VII lines 37-43; Instructions for Form 5472, Line 1g (a separate Form 5472 for each related party).',
  },
  proFormaItemsCD: {
    rule: 'The pro forma Form 1120 prints item C (date incorporated, from dateIncorporation) and item D (total assets, from totalAssets) besides the name, address and items B and E the instructions require; Form 5472 line 1c is the total assets of item D, page 1, Form 1120.',
    source:
      'Form 1120 (2025), items C and D; Instructions for Form 5472, Line 1c (domestic reporting corporations enter the total assets from item D, page 1, Form 1120).',
  },
  handSignature: {
    rule: 'The "Signature of officer" box of the pro forma 1120 is left empty: the officer signs it by hand and writes the date; the packet\u2019s cover page (not an IRS form) says where, and the date the filing holds (signatureDate). The title is printed.',
    source: 'Form 1120 (2025), Sign Here; Instructions for Form 1120, Signature.',
  },
  proofOfFiling: {
    rule: `Keep proof of the day the return was sent: for a fax, the fax machine\u2019s transmission report showing the number (${FOREIGN_OWNED_DE_FAX}), the date and the pages sent; for mail, U.S. certified or registered mail, whose postmarked sender\u2019s receipt is prima facie evidence of delivery and of the postmark date. Keep a copy of the whole signed packet.`,
    source: 'Internal Revenue Code section 7502(c); Regulations section 301.7502-1(c)(2).',
  },
  extendedDueDateInForce: {
    rule: 'extended_due_date is given only for a Form 7004 that extends: one filed (form7004FiledDate) on or before the original due date, or one the packet includes because the original due date has not passed. It is null, with the reason, when the Form 7004 was filed after the original due date or the packet leaves it out.',
    source: 'Instructions for Form 7004 (Rev. December 2025), When To File.',
  },
  dateIncorporationInYear: {
    rule: 'The date of incorporation (line 1m, 1120 item C) is on or before the last day of the tax year: a return covers a year the entity existed in.',
    source: 'Form 5472 (Rev. December 2023), line 1m; Publication 538, Accounting Periods.',
  },
  form7004FiledDateNotFuture: {
    rule: 'form7004FiledDate is a day a Form 7004 was filed: it cannot be after the day checked for (as_of).',
    source: 'Instructions for Form 7004 (Rev. December 2025), When To File.',
  },
  countryNames: {
    rule: 'Country lines (1l, 1n, 1o, 4c-4e, 8a, 8f, 8g) take country names, not abbreviated: a two-letter ISO 3166-1 code is printed as the country\u2019s name; a U.S. state, a code that is also a state\u2019s (CA, DE, GA ...) and an unknown name are refused with what to write.',
    source:
      'Instructions for Form 5472, Line 1a (Foreign address: do not abbreviate the country name); ISO 3166-1 alpha-2.',
  },
  countryIncorporation: {
    rule: 'A foreign-owned U.S. DE is a domestic entity: its country of incorporation (line 1l) is the United States, whatever state it was formed in ("United States (Wyoming)" is accepted).',
    source:
      'Instructions for Form 5472, Who Must File (foreign-owned U.S. DEs: domestic disregarded entities).',
  },
  businessActivityCode: {
    rule: 'The principal business activity code (line 1e, 8d) is a six-digit code of the Principal Business Activity Codes list in the Form 1120 instructions, vendored from the 2025 edition (activity-codes-2025-goods.ts, activity-codes-2025-services.ts: 405 codes with their titles). A code off the list is invalid; the refusal names the list, its nearest codes, and where the list has one the catch-all of the group (e.g. 541990, 339900, 459990). Nonstore retailers have no code of their own: they use the code of their main line of products.',
    source:
      'Instructions for Form 5472, Lines 1d and 1e (the codes of the Form 1120 instructions); 2025 Instructions for Form 1120, Principal Business Activity Codes (https://www.irs.gov/pub/irs-pdf/i1120.pdf).',
  },
  partIIIndirectOwners: {
    rule: 'Part II lists the direct 25% foreign shareholder (line 4) and each ultimate indirect 25% foreign shareholder: lines 6a-6e and 7a-7e hold two, each with name and address (a), U.S. identifying number if any (b(1)), reference ID number (b(2)), FTIN if any (b(3)), principal countries where business is conducted (c), country of citizenship, organization, or incorporation (d) and countries of income tax residence (e). A 25% foreign shareholder owns, directly or indirectly, at least 25% of the vote or value. check_filing asks whether the owner is itself owned 25% or more by another person up the chain (ownerHasOwners; an individual owner: No) and, when Yes, requires each owner\u2019s a, c, d and e. Past two, the others are printed with the same items on a Part II statement attached to every Form 5472 (the form has room for two; the instructions\u2019 wording for more was not confirmed with the search tool). Which owners of a chain are "ultimate" (an intermediate company whose stake is held through another listed owner may not be) was not confirmed either: list those the user\u2019s advisor identifies; a preparer decides doubtful chains.',
    source:
      'Form 5472 (Rev. December 2023), Part II lines 4a-7e (read from the vendored form); Internal Revenue Code section 6038A(c)(1) (25-percent foreign shareholder); Regulations section 1.6038A-1(c) (definitions; its text was not found with the search tool); Instructions for Form 5472, Part II.',
  },
  lateReturnStatement: {
    rule: 'A return filed after its due date in force carries the reasonable-cause statement (the packet includes it unless generateLateFilingLetter is false): check_filing is not ready without its facts (lateFilingReason, in the user\u2019s words) or with the statement turned off, and late_filing.statement_included says whether the packet holds it with its facts. The statement shows all the facts alleged as reasonable cause and is made under the penalties of perjury.',
    source:
      'Internal Revenue Code section 6038A(d); Regulations section 1.6038A-4(b); Instructions for Form 5472, Penalties.',
  },
  draftPackets: {
    rule: 'Until check_filing answers ready, every page of the packet carries "DRAFT: NOT READY TO FILE"; a ready packet carries no such mark. A partnership packet whose only gaps are a paid preparer\'s work (forms to prepare elsewhere, questions the user left for a preparer) carries instead one mark on its first page, "NOT READY TO FILE: a paid preparer must ...", naming what it lacks.',
    source:
      'This service (docs/irs-forms.md); Regulations section 1.6038A-4(a)(1) (a substantially incomplete Form 5472 is a failure to file).',
  },
} as const satisfies Record<string, { rule: string; source: string }>;
