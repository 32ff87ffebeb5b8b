/**
 * The rules of the parts of a partnership return its own tests require (Schedule B question 4,
 * Schedules L, M-1 and M-2, the Analysis of Net Income (Loss), the Partnership Representative) and
 * of the forms the packet does not hold (`prepare_elsewhere`), each with its source. Spread into
 * `IRS_RULES` (irs-rules.ts). Each was checked with the project's search tool and against the text
 * of the vendored 2025 Form 1065; where a point is open, the rule says so.
 */
export const SCHEDULE_RULES = {
  form1065LineLabels: {
    rule: 'The 2025 Form 1065 numbers page 1 lines 1a-23 and Schedule K lines 1-21 as get_form_schema labels them; line 20 is the energy efficient commercial buildings deduction (Form 7205) and line 21 other deductions.',
    source: 'Form 1065 (2025), page 1 and Schedule K (page 5).',
  },
  scheduleBQuestion4: {
    rule: 'Schedule B question 4 is Yes only when all four hold: (a) total receipts for the tax year under $250,000; (b) total assets at the end of the tax year under $1 million; (c) Schedules K-1 filed with the return and furnished to the partners by the due date (including extensions); (d) the partnership neither files nor is required to file Schedule M-3. When Yes, Schedules L, M-1 and M-2, item F and K-1 item L are not required; when No, they are. The server answers it: condition (c) is taken to fail once the return is past its due date in force.',
    source: 'Form 1065 (2025), Schedule B, question 4.',
  },
  totalReceipts: {
    rule: 'Total receipts, as computed here: page 1 line 1a, the income (not losses) of page 1 lines 4-7, and of Schedule K the gross rents of line 3a, lines 5, 6a and 7, and the gains of lines 2, 8, 9a, 10 and 11. Open point: the instructions count Form 8825 gross rents, which the filing does not hold; with Schedule K line 2 entered the figure is a floor, and question 4 is left to the filing when the floor is under $250,000.',
    source:
      'Instructions for Form 1065, Schedule B question 4 and the definition of total receipts (Codes for Principal Business Activity); not confirmed line by line with the search tool.',
  },
  scheduleL: {
    rule: 'Schedule L gives the balance sheet per books at the beginning (columns (a), (b)) and end (columns (c), (d)) of the tax year: lines 2a/2b, 9a/9b, 10a/10b and 12a/12b show the gross and the reduction in column (a)/(c) and the net in (b)/(d); line 14 totals the assets and line 22 the liabilities and capital, which must agree. Item F is the end-of-year total assets (line 14, column (d)).',
    source: 'Form 1065 (2025), Schedule L (page 6); Instructions for Form 1065, Schedule L and item F.',
  },
  scheduleM1: {
    rule: 'Schedule M-1: line 5 adds lines 1-4; line 8 adds lines 6 and 7; line 9 (line 5 less line 8) is the Analysis of Net Income (Loss) per Return, line 1.',
    source: 'Form 1065 (2025), Schedule M-1 (page 6).',
  },
  scheduleM2: {
    rule: "Schedule M-2 (partners' capital accounts): line 5 adds lines 1-4; line 8 adds lines 6a, 6b and 7; line 9, the balance at the end of the year, is line 5 less line 8.",
    source: 'Form 1065 (2025), Schedule M-2 (page 6).',
  },
  analysisOfNetIncome: {
    rule: 'Analysis of Net Income (Loss) per Return: line 1 combines Schedule K lines 1 through 11 (1, 2, 3c, 4c (as 4a + 4b), 5, 6a, 7, 8, 9a, 10, 11) less lines 12 through 13e and 21; line 2 gives the part of line 1 allocated to each type of partner: (i) corporate, (ii) individual active, (iii) individual passive, (iv) partnership, (v) exempt organization, (vi) nominee/other, on row a for general partners and b for limited partners; all LLC members go on row b; the amounts add up to line 1. The column follows item I1 where it decides (corporations and S corporations (i); partnerships (iv); exempt organizations (v); trusts, estates, nominees (vi)); an individual is active or passive by the partnership’s classification of its participation, which the filing gives (analysisType), as it does for an LLC, a disregarded entity, an IRA, or a foreign government. Open point: 6b, 6c, 9b and 9c are parts of 6a and 9a and are not added again.',
    source:
      'Form 1065 (2025), Analysis of Net Income (Loss) per Return (page 6); Instructions for Form 1065, Analysis of Net Income (Loss) per Return.',
  },
  partnershipRepresentative: {
    rule: 'Unless it elects out under section 6221(b), a partnership designates on its return a partnership representative (PR) for the year: an individual or an entity, with a U.S. address and U.S. phone number printed; an entity PR also needs a designated individual (DI), printed with the DI’s name, U.S. address and phone. The PR and DI must have a substantial presence in the United States, which includes a U.S. TIN; the 2025 form has no box for the TIN, so it is checked but not printed.',
    source:
      'Form 1065 (2025), Designation of Partnership Representative (page 4); Internal Revenue Code section 6223(a); Regulations section 301.6223-1(b) (substantial presence: U.S. TIN, U.S. street address, U.S. telephone number).',
  },
  electionOut6221b: {
    rule: 'Schedule B question 33 Yes elects out of the centralized partnership audit regime: allowed only to a partnership required to furnish 100 or fewer Schedules K-1 (counting each S corporation partner’s shareholders) and whose partners are all individuals, C corporations, foreign entities that would be C corporations, S corporations, or estates of deceased partners (no partnerships, trusts, disregarded entities or nominees); made on a timely filed return (extensions included) with Schedule B-2 attached. Only this election removes the Partnership Representative. Open point: whether an LLC, an exempt organization or a foreign government partner is eligible depends on its classification, which the filing does not hold.',
    source:
      'Internal Revenue Code section 6221(b); Regulations section 301.6221(b)-1; Instructions for Schedule B-2 (Form 1065) (December 2018); Form 1065 (2025), Schedule B, question 33.',
  },
  scheduleB1Attached: {
    rule: 'Schedule B-1 (Information on Partners Owning 50% or More of the Partnership) is attached when Schedule B question 2a or 2b is Yes.',
    source: 'Form 1065 (2025), Schedule B, questions 2a and 2b.',
  },
  scheduleM3: {
    rule: 'Schedule M-3 (Form 1065) is required when total assets at the end of the year (Schedule L, line 14, column (d)) or adjusted total assets are $10 million or more, when total receipts are $35 million or more, or when a reportable entity partner owns 50% or more; the service checks the total assets and the filing’s filesScheduleM3.',
    source: 'Instructions for Schedule M-3 (Form 1065), Who Must File.',
  },
  schedulesK2K3: {
    rule: 'Schedules K-2 and K-3 are filed when the partnership has items of international tax relevance (Schedule K line 16a). The domestic filing exception requires, among its conditions, that every direct partner be a U.S. citizen, resident alien, domestic decedent’s estate or a listed domestic trust or single-owner entity, so a partnership with a foreign partner cannot use it; a foreign partner’s character and source of income is reported on Schedule K-2 Part X.',
    source:
      'Partnership Instructions for Schedules K-2 and K-3 (Form 1065), Domestic filing exception and Part X; Form 1065 (2025), Schedule K, lines 16a and 16b.',
  },
  forms8804And8805: {
    rule: 'A partnership with effectively connected gross income allocable to a foreign partner files Form 8804 and a Form 8805 for each foreign partner, even when it owes no section 1446 tax.',
    source: 'Instructions for Forms 8804, 8805, and 8813, Who Must File.',
  },
  form8813: {
    rule: 'Each installment of estimated section 1446 tax is paid with a Form 8813.',
    source: 'Instructions for Forms 8804, 8805, and 8813, Form 8813; Instructions for Form 8804-W.',
  },
  attachments: {
    rule: 'The 2025 Form 1065 names its attachments by line: Form 1125-A (page 1 line 2), Schedule F (line 5), Form 4797 (line 6; Schedule K line 10), Form 4562 (line 16a; Schedule K line 12), Form 7205 (line 20), Form 8825 (Schedule K line 2), Schedule D (Schedule K lines 8 and 9a); a statement for page 1 lines 4, 7 and 21 and Schedule K lines 3b, 9c and 17f; Schedule B question 3 tables, the 10b-10d statements, Form 8938 (question 20), Form 8990 (24), Form 8996 (25) and the Forms 8858, 8865 and 5471 counted in 13a, 15 and 17. Schedule K items without a K-1 box of their own go to coded K-1 boxes the packet leaves blank. Each one the figures call for is prepared elsewhere.',
    source:
      'Form 1065 (2025), page 1, Schedule B and Schedule K (their "attach" instructions); Schedule K-1 (Form 1065) 2025.',
  },
  prepareElsewhere: {
    rule: 'A packet is the whole return only when it holds every form the return needs: while the return needs a form this service does not produce (Schedules K-2/K-3, B-1, B-2, M-3, the official Forms 8804, 8805 and 8813), check_filing names each in prepare_elsewhere, with its reason, and ready is false.',
    source:
      'Internal Revenue Code section 6698(a)(2) (a return that fails to show the information required is treated like a late one).',
  },
} as const;
