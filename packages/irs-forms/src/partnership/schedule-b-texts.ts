/**
 * Form 1065 (2025) Schedule B, Other Information (pages 2-4): each answer's form_data key with its
 * question, in short but faithful words (the form's full text governs). filing-domain puts them in
 * the zod schema's descriptions for get_form_schema and the elicitation titles.
 */
export const SCHEDULE_B_TEXTS = {
  line1: 'Question 1: What type of entity is filing this return?',
  line1Other: 'Question 1f: the type of entity, in words, when line1 is "Other"',
  line2a:
    'Question 2a: At the end of the tax year, did any foreign or domestic corporation, partnership, trust, tax-exempt organization or foreign government own, directly or indirectly, 50% or more of the profit, loss, or capital? (Yes: attach Schedule B-1)',
  line2b:
    'Question 2b: At the end of the tax year, did any individual or estate own, directly or indirectly, 50% or more of the profit, loss, or capital? (Yes: attach Schedule B-1)',
  line3a:
    'Question 3a: At the end of the tax year, did the partnership own directly 20% or more, or directly or indirectly 50% or more, of the voting power of any corporation?',
  line3b:
    'Question 3b: At the end of the tax year, did the partnership own directly 20% or more, or directly or indirectly 50% or more, of the profit, loss, or capital of any partnership or the beneficial interest of a trust?',
  line4:
    'Question 4: Does the partnership satisfy all four conditions: (a) total receipts under $250,000, (b) total assets at year end under $1 million, (c) Schedules K-1 filed and furnished by the due date (with extensions), (d) not filing and not required to file Schedule M-3? Computed by the server from the figures; Yes = Schedules L, M-1, M-2 and item F are not required',
  line5: 'Question 5: Is this partnership a publicly traded partnership (section 469(k)(2))?',
  line6:
    'Question 6: During the tax year, did the partnership have any debt that was canceled, forgiven, or modified to reduce its principal?',
  line7:
    'Question 7: Has this partnership filed, or is it required to file, Form 8918 (Material Advisor Disclosure Statement)?',
  line8:
    'Question 8: At any time during calendar year 2025, did the partnership have an interest in or signature or other authority over a financial account in a foreign country?',
  line8Country: 'Question 8: the foreign country, when line8 is Yes',
  line9:
    'Question 9: During the tax year, did the partnership receive a distribution from, or was it the grantor of or transferor to, a foreign trust?',
  line10a:
    'Question 10a: Is the partnership making, or had it made (and not revoked), a section 754 election?',
  line10aDate: 'Question 10a: the effective date of the section 754 election',
  line10b:
    'Question 10b: For this tax year, did the partnership make an optional basis adjustment under section 743(b)?',
  line10c:
    'Question 10c: For this tax year, did the partnership make an optional basis adjustment under section 734(b)?',
  line10d:
    'Question 10d: Is the partnership required to adjust the basis of partnership property under section 743(b) or 734(b) because of a substantial built-in loss or substantial basis reduction?',
  line11:
    'Question 11 checkbox: during the current or prior tax year, the partnership distributed property received in a like-kind exchange or contributed such property to another entity',
  line12:
    'Question 12: At any time during the tax year, did the partnership distribute to any partner a tenancy-in-common or other undivided interest in partnership property?',
  line13a: 'Question 13a: the number of Forms 8858 attached',
  line14: 'Question 14: Does the partnership have any foreign partners?',
  line14Count: 'Question 14: the number of Forms 8805 filed for this partnership',
  line15: 'Question 15: the number of Forms 8865 attached',
  line16a: 'Question 16a: Did you make any payments in 2025 that would require you to file Form(s) 1099?',
  line16b: 'Question 16b: If yes, did you or will you file the required Form(s) 1099?',
  line17: 'Question 17: the number of Forms 5471 attached',
  line18: 'Question 18: the number of partners that are foreign governments under section 892',
  line19:
    'Question 19: During the tax year, did the partnership make payments, or receive payments allocable to foreign partners, that require Forms 1042 and 1042-S (chapter 3 or chapter 4)?',
  line20: 'Question 20: Was the partnership a specified domestic entity required to file Form 8938?',
  line21:
    'Question 21: Is the partnership a section 721(c) partnership (Regulations section 1.721(c)-1(b)(14))?',
  line22:
    'Question 22: During the tax year, did the partnership pay or accrue interest or royalty for which one or more partners are not allowed a deduction under section 267A?',
  line23:
    'Question 23: Did the partnership have an election under section 163(j) for any real property trade or business or farming business in effect during the tax year?',
  line24:
    'Question 24: Does the partnership satisfy one or more of the section 163(j) tests (excess business interest expense from a pass-through entity; gross receipts over $31 million with business interest expense; a tax shelter with business interest expense)? (Yes: attach Form 8990)',
  line25: 'Question 25: Does the partnership intend to self-certify as a qualified opportunity fund?',
  line26:
    'Question 26: the number of foreign partners subject to section 864(c)(8) as a result of transferring an interest or receiving a distribution',
  line27:
    'Question 27: At any time during the tax year, were there transfers between the partnership and its partners subject to the disclosure requirements of Regulations section 1.707-8?',
  line28:
    'Question 28: Since December 22, 2017, did a foreign corporation acquire substantially all of the properties constituting a trade or business of the partnership, with an ownership percentage over 50% for section 7874?',
  line29a:
    'Question 29a: Is the partnership required to file Form 7208 under the applicable foreign corporation rules?',
  line29b:
    'Question 29b: Is the partnership required to file Form 7208 under the covered surrogate foreign corporation rules?',
  line30:
    'Question 30: At any time during the tax year, did the partnership receive, sell, exchange, or otherwise dispose of a digital asset (or a financial interest in one)?',
  line32: 'Question 32 checkbox: an election out of subchapter K under section 761 is being made',
  line33:
    'Question 33: Is the partnership electing out of the centralized partnership audit regime under section 6221(b)? (Yes: attach Schedule B-2, prepared elsewhere; No: complete the Designation of Partnership Representative, partnershipRepresentative)',
} as const;

/**
 * The same Schedule B entries in fewer words, for get_form_schema's JSON Schema, where the key
 * names the question's number and `true` is its Yes: each says what the question asks, in the
 * form's terms (sections, forms, thresholds), while complete_filing titles a question with its
 * SCHEDULE_B_TEXTS words. A question is of the partnership and its tax year unless it says
 * otherwise (the year end, calendar year 2025, since 2017): the schema's scheduleB description
 * says so once. Form 1065 (2025), Schedule B; its full text governs.
 */
export const SCHEDULE_B_SCHEMA_TEXTS: Readonly<Record<keyof typeof SCHEDULE_B_TEXTS, string>> = {
  line1: 'Entity type',
  line1Other: '1f: the entity type, when line1 is Other',
  line2a:
    'Year end: a corporation, partnership, trust, tax-exempt organization or foreign government owns 50%+ of profit, loss or capital, directly or indirectly (Yes: Schedule B-1)',
  line2b:
    'Year end: an individual or estate owns 50%+ of profit, loss or capital, directly or indirectly (Yes: Schedule B-1)',
  line3a: "Year end: owns 20%+ directly, or 50%+ directly or indirectly, of a corporation's voting power",
  line3b:
    "Year end: owns 20%+ directly, or 50%+ directly or indirectly, of a partnership's profit, loss or capital or a trust's beneficial interest",
  line4:
    'Computed from the figures (check_filing says why); Yes: Schedules L, M-1, M-2 and item F not required',
  line5: 'Publicly traded partnership (section 469(k)(2))',
  line6: 'Debt canceled, forgiven, or modified to reduce its principal',
  line7: 'Filed, or required to file, Form 8918 (material advisor disclosure)',
  line8:
    'Interest in, or signature or other authority over, a foreign financial account during calendar year 2025',
  line8Country: '8: the foreign country',
  line9: 'Received a distribution from, or was grantor of or transferor to, a foreign trust',
  line10a: 'Making, or made and not revoked, a section 754 election',
  line10aDate: '10a: its effective date',
  line10b: 'Made an optional basis adjustment under section 743(b)',
  line10c: 'Made an optional basis adjustment under section 734(b)',
  line10d:
    'Required to adjust basis under section 743(b) or 734(b) (substantial built-in loss or basis reduction)',
  line11:
    'Checkbox: this or the prior year, distributed like-kind exchange property or contributed it to another entity',
  line12: 'Distributed to a partner a tenancy-in-common or other undivided interest in partnership property',
  line13a: 'Number of Forms 8858 attached',
  line14: 'Has foreign partners',
  line14Count: '14: number of Forms 8805 filed',
  line15: 'Number of Forms 8865 attached',
  line16a: 'Made payments in 2025 requiring Form(s) 1099',
  line16b: 'If 16a is Yes: filed, or will file, them',
  line17: 'Number of Forms 5471 attached',
  line18: 'Number of partners that are foreign governments (section 892)',
  line19:
    'Made payments, or received payments allocable to foreign partners, requiring Forms 1042 and 1042-S',
  line20: 'Specified domestic entity required to file Form 8938',
  line21: 'Section 721(c) partnership (Regulations section 1.721(c)-1(b)(14))',
  line22: 'Paid or accrued interest or royalty a partner may not deduct (section 267A)',
  line23: 'Section 163(j) election in effect for a real property trade or business or farming business',
  line24: 'Meets one or more section 163(j) tests (Yes: Form 8990)',
  line25: 'Intends to self-certify as a qualified opportunity fund',
  line26: 'Number of foreign partners subject to section 864(c)(8)',
  line27: 'Transfers with its partners subject to disclosure under Regulations section 1.707-8',
  line28:
    'Since December 22, 2017, a foreign corporation acquired substantially all properties of its trade or business, ownership percentage over 50% (section 7874)',
  line29a: 'Required to file Form 7208 under the applicable foreign corporation rules',
  line29b: 'Required to file Form 7208 under the covered surrogate foreign corporation rules',
  line30:
    'Received, sold, exchanged or otherwise disposed of a digital asset (or a financial interest in one)',
  line32: 'Checkbox: electing out of subchapter K (section 761)',
  line33:
    'Electing out of the centralized audit regime under section 6221(b) (Yes: Schedule B-2, prepared elsewhere)',
};

/**
 * The Schedule B questions whose answer turns on an election, a basis computation or a Code test
 * that a paid preparer should answer, by key, with what it turns on. The interview offers
 * "I don't know" for them: that answer is kept as a note for the preparer and never becomes a No.
 * This is the service's judgment of who can answer, not an IRS rule; the questions themselves are
 * Form 1065 (2025), Schedule B.
 */
export const SCHEDULE_B_PREPARER_QUESTIONS: Readonly<Record<string, string>> = {
  line10a: 'a section 754 election',
  line10b: 'a section 743(b) basis adjustment',
  line10c: 'a section 734(b) basis adjustment',
  line10d: 'a mandatory basis adjustment (substantial built-in loss or basis reduction)',
  line19: 'chapter 3 and chapter 4 reporting (Forms 1042 and 1042-S)',
  line20: 'the Form 8938 specified domestic entity test',
  line21: 'section 721(c) partnership status',
  line22: 'section 267A (hybrid payments)',
  line23: 'a section 163(j) real property or farming election',
  line24: 'the section 163(j) tests (Form 8990)',
  line25: 'qualified opportunity fund self-certification',
  line27: 'the Regulations section 1.707-8 disclosure',
  line28: 'section 7874 (inversions)',
  line29a: 'Form 7208 (applicable foreign corporation rules)',
  line29b: 'Form 7208 (covered surrogate foreign corporation rules)',
  line33: 'electing out of the centralized partnership audit regime under section 6221(b)',
};
