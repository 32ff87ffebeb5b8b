/**
 * The rules of guaranteed payments, self-employment earnings, the K-1 boxes the data decides,
 * ECTI, section 1446 installments and payments, and the late-filing exposure of Forms 1065, 8804
 * and 8805, each with its source (checked with the project's search tool). Spread into
 * `IRS_RULES` (irs-rules.ts) with the other partnership rules. Where a point could not be
 * confirmed the rule says so and the code gives no figure for it.
 */
export const WITHHOLDING_RULES = {
  guaranteedPaymentsByPartner: {
    rule: 'Guaranteed payments are each partner’s own: a partner’s K-1 box 4a holds its guaranteed payments for services, 4b those for the use of capital, 4c their total; Schedule K lines 4a-4c are the sums over the partners (partners[].guaranteedPayments.services and .capital). They are never split by profit share: a total with no partner carrying it (Schedule K line 4a/4b, or page 1 line 10) is reported, not split.',
    source:
      'Internal Revenue Code section 707(c); Instructions for Form 1065 (2025), Schedule K and K-1, lines 4a-4c (Guaranteed Payments to Partners).',
  },
  guaranteedPaymentsLine10: {
    rule: 'Form 1065 page 1 line 10 deducts the guaranteed payments to partners for services and for the use of capital (determined without regard to partnership income, allocable to a trade or business activity). When line 10 is not entered the server enters the sum of partners[].guaranteedPayments.services and .capital, less the part a partner’s guaranteedPayments.capitalized marks as capitalized: payments that must be capitalized (for example for services in syndicating the partnership) are not deductible on line 10 but are still reported on Schedule K line 4 and the partner’s K-1 box 4. Ordinary business income (line 23), Schedule K line 1, each K-1 box 1, box 14 code A and ECTI follow the deduction. A typed line 10 that differs from that sum is reported, not printed silently.',
    source:
      'Internal Revenue Code sections 707(c) and 263; Instructions for Form 1065 (2025), line 10 (Guaranteed Payments to Partners: do not include payments that should be capitalized; report them separately on Schedule K line 4 and Schedule K-1 box 4).',
  },
  section199AStatement: {
    rule: 'A partnership reports to each partner, on a statement attached to the Schedule K-1 (box 20, code Z, "STMT"; the instructions’ Statement A—QBI Pass-Through Entity Reporting or a substantially similar statement), for each trade or business: the partner’s share of qualified business income, W-2 wages and UBIA of qualified property, and whether the trade or business is a specified service trade or business. An item the partnership does not report is presumed to be zero for the partner. The server computes QBI as the partner’s share of ordinary business income (Schedule K line 1, after guaranteed payments, which are not QBI) less its share of the section 179 deduction (line 12), for one trade or business; with Schedule K lines 2, 3c, 10, 11, 13c-13e or 21 on the return, or ordinary income specially allocated, QBI is not computed and the statement is for the preparer. W-2 wages (section199A.w2Wages: the Forms W-2 wages of the trade or business, not page 1 line 9 by itself), UBIA (section199A.ubia) and the SSTB answer (section199A.sstb) are asked, never guessed; W-2 wages and UBIA are split by the ending profit shares.',
    source:
      'Internal Revenue Code section 199A(b)(4), (b)(6), (c)(4) and (d)(2); Regulations sections 1.199A-6(b)(2) and 1.199A-6(b)(3) (reporting, and the presumption of zero for items not reported); Instructions for Form 1065 (2025), Schedule K line 20c / Schedule K-1 box 20, code Z (Section 199A information) and Statement A—QBI Pass-Through Entity Reporting; Partner’s Instructions for Schedule K-1 (Form 1065), box 20 code Z.',
  },
  selfEmploymentEarnings: {
    rule: 'Net earnings from self-employment (K-1 box 14, code A; Schedule K line 14a, the sum): an individual general partner or LLC member-manager has its share of ordinary business income (Schedule K line 1, less the Form 4797 Part II amount on page 1 line 6) and of other net rental income (line 3c), plus all its guaranteed payments; a limited partner or other LLC member has its guaranteed payments for services only; a corporation, partnership, estate, trust, exempt organization or IRA has none, and so does a nonresident alien individual (a foreign individual partner). Rental real estate of a dealer (worksheet line 1b) and a disregarded-entity partner’s owner are not decided here.',
    source:
      'Internal Revenue Code section 1402(a) and (a)(13), section 1402(b) (nonresident alien individuals); Regulations section 1.1402(b)-1(d); Instructions for Form 1065 (2025), Worksheet for Figuring Net Earnings (Loss) From Self-Employment and lines 14a-14c.',
  },
  distributionsByPartner: {
    rule: 'K-1 box 19, code A is the partner’s distributions of cash and marketable securities (partners[].distributions.cash, or else the withdrawals of its capital account, item L, when no distribution of other property is reported); Schedule K line 19a is their sum. Distributions of other property are each partner’s own too (distributions.property; Schedule K line 19b is their sum, never a profit-share split); their K-1 code depends on the property and is left for the preparer.',
    source:
      'Schedule K-1 (Form 1065) 2025, box 19 codes; Instructions for Form 1065 (2025), lines 19a and 19b (Distributions).',
  },
  investmentIncome20a: {
    rule: 'Schedule K line 20a is the investment income included on lines 5, 6a, 7 and 11, and line 20b the investment expenses; K-1 box 20, codes A and B. When line 20a is not entered and line 11 is empty, the server enters lines 5 + 6a + 7 (portfolio interest, ordinary dividends and royalties); with line 11 entered its investment part is not known here, so line 20a must be entered.',
    source:
      'Instructions for Form 1065 (2025), lines 20a and 20b (Investment Income, Investment Expenses); section 163(d)(4)-(5).',
  },
  k1CodedBoxes: {
    rule: 'K-1 coded boxes filled from the data: 13 (Schedule K line 13a, charitable contributions, with the code for their kind: A cash to 60% organizations, B cash 30%, C noncash 50%, D noncash 30%, E capital gain property to a 50% organization 30%, F capital gain property 20%, G 100%; contributionsCode), 14 A-C, 18 A-C, 19 A, 20 A and B. Other coded items stay for the preparer.',
    source:
      'Schedule K-1 (Form 1065) 2025 and Partner’s Instructions for Schedule K-1 (Form 1065), List of Codes (boxes 13, 14, 18, 19, 20).',
  },
  k1ItemC: {
    rule: 'Schedule K-1 item C names the IRS center where the partnership filed its return: the center of the Form 1065 Where To File table for the partnership’s state and total assets (Kansas City, MO or Ogden, UT), or "e-file" for a return filed electronically.',
    source: 'Instructions for Form 1065 (2025), Schedule K-1, Item C; Where To File.',
  },
  foreignPartnerTin: {
    rule: 'Item E (and Form 8805, line 1b) takes a U.S. TIN: an SSN or ITIN for an individual, an EIN for any other partner; a foreign id is never entered there. The partnership must provide a U.S. TIN for each foreign partner to ensure proper crediting of the section 1446 tax, and should notify a foreign partner without one that it must obtain one (Form W-7 for an ITIN, Form SS-4 for an EIN); the partnership still withholds and pays the tax for that partner.',
    source:
      'Instructions for Forms 8804, 8805, and 8813, Taxpayer Identifying Number (U.S. TIN of foreign partners); Instructions for Form 1065 (2025), Schedule K-1, Item E; Instructions for Form W-7.',
  },
  ectiComputed: {
    rule: 'Effectively connected taxable income (ECTI) is the partnership’s taxable income under section 703 limited to items effectively connected with its U.S. trade or business, with the deductions section 703(a)(2) disallows at the partnership level (charitable contributions, foreign taxes, net operating losses, depletion of oil and gas) left out. Each foreign partner’s ECTI follows its allocation of those items under section 704. The server computes it: the income lines the filing names as effectively connected (ectiLines; by default the trade or business income, Schedule K line 1). No Schedule K deduction line enters it (rule ectiRefusedLines). Guaranteed payments are deducted in line 1 and are not part of ECTI here; whether a guaranteed payment to a foreign partner is subject to withholding under another section is not decided here.',
    source:
      'Internal Revenue Code sections 1446(c) and 703(a)(2); Regulations section 1.1446-2(b) and (a) (ECTI allocable to a foreign partner under section 704).',
  },
  ectiRefusedLines: {
    rule: 'ectiLines refuses the Schedule K deduction lines, each with its reason: 13a and 13b (charitable contributions) never reduce ECTI, because section 703(a)(2)(C) allows no charitable deduction in partnership taxable income and ECTI is computed from it; 12 (section 179, limited again at the partner level under section 179(d)(8)), 13c (investment interest, limited at the partner level by section 163(d)), 13d (section 59(e)(2) expenditures, each partner’s election under section 59(e)(4)) and 13e (other deductions) are refused because their treatment in ECTI could not be confirmed with a source here: the server does not take them, and says so.',
    source:
      'Internal Revenue Code sections 703(a)(2)(C), 1446(c), 179(d)(8), 163(d) and 59(e)(4); Regulations section 1.1446-2(b) (ECTI computed from partnership taxable income; its treatment of the section 179 deduction not confirmed here).',
  },
  ectiSection179: {
    rule: 'ectiLines refuses Schedule K line 12 (the section 179 deduction): section 703(a) computes a partnership’s taxable income in the same manner as an individual’s, with the items of section 702(a) separately stated, and section 703(a)(2) lists the deductions the partnership may not take (personal exemptions, foreign taxes, charitable contributions, net operating losses, the additional itemized deductions, oil and gas depletion) without naming section 179. The section 179 deduction is a separately stated item limited again at each partner (section 179(d)(8)), and ECTI is computed from partnership taxable income with the adjustments of Regulations section 1.1446-2(b), whose text on separately stated deductions was not found with the search tool. Unconfirmed, it is refused with that reason rather than taken.',
    source:
      'Internal Revenue Code sections 703(a)(1) and (a)(2), 179(d)(8) and 1446(c); Regulations section 1.1446-2(b) (its treatment of the section 179 deduction not confirmed here).',
  },
  ectiPartnerLevel: {
    rule: 'A foreign partner’s own deductions and losses reduce the ECTI the partnership withholds on only when the partner certifies them on Form 8804-C and the partnership chooses to consider them. A user-given ectiShare below the computed share needs that certificate (ectiCertified8804C); one above the computed share is refused. The reduction is Form 8804, line 4c (corporate) or 4g (noncorporate).',
    source:
      'Regulations section 1.1446-6(c); Instructions for Form 8804-C, Purpose of Form; Form 8804, Part III, lines 4c and 4g.',
  },
  installmentStatus: {
    rule: 'Each Form 8813 installment is a quarter of the year’s section 1446 tax (the server’s default; the Form 8804-W methods may set other amounts), due on the 15th day of the 4th, 6th, 9th and 12th months. Payments (payments1446) fill the installments in order: an installment is paid (by its due date), paid late, upcoming (not fully paid, due date not passed as of as_of) or past due. The balance of the year’s tax is paid with Form 8804.',
    source:
      'Instructions for Forms 8804, 8805, and 8813, Installment Payments; Instructions for Form 8804-W; Form 8804, lines 6a-10.',
  },
  scheduleA8804: {
    rule: 'Schedule A (Form 8804) charges, on each installment paid late or short, the underpayment rate of section 6621 for the days from its due date until paid or the Form 8804 due date. No charge when the year’s section 1446 tax is under $500. The server gives an upper bound (installments of a quarter of this year’s tax): Schedule A uses the smaller of this year’s tax and last year’s (line 3) and allows the annualized and adjusted seasonal installment methods; the IRS figures the charge and bills it.',
    source:
      'Internal Revenue Code sections 6655 and 6621(a)(2); Schedule A (Form 8804) 2024, Parts II-IV and the note above Part I.',
  },
  underpaymentRate: {
    rule: 'The underpayment rate (federal short-term rate plus 3 percentage points, set each quarter) was 7% for each quarter from January 1, 2025 through March 31, 2026. Other quarters are not confirmed here: no charge is figured over them.',
    source:
      'Internal Revenue Code section 6621(a)(2); IRS quarterly interest rate announcements for 2025; Rev. Rul. 2025-22 (first quarter of 2026: 7%).',
  },
  late8804And8805: {
    rule: 'A Form 8804 filed after its due date (with extensions) risks a penalty of 5% of the unpaid tax for each month or part of a month late, at most 25% (section 6651(a)(1)); tax not paid by the Form 8804 due date, 0.5% a month, at most 25% (section 6651(a)(2)); interest on unpaid tax (section 6601); each Form 8805 not filed or furnished on time or correctly, the information-return penalties of sections 6721 and 6722; tax not withheld and paid over, section 6672. Reasonable cause may relieve each.',
    source:
      'Instructions for Forms 8804, 8805, and 8813, Interest and Penalties (Late Filing of Form 8804, Late Payment of Tax, Late Filing of Correct Form 8805, Failure To Furnish Correct Form 8805 to Recipient); Internal Revenue Code sections 6651, 6672, 6721, 6722.',
  },
  smallPartnershipRelief: {
    rule: 'Rev. Proc. 84-35: a domestic partnership of 10 or fewer partners (a married couple and their estates count as one), each partner a natural person other than a nonresident alien or the estate of a deceased partner, each partner’s share of every item the same as its share of every other item, is treated as having reasonable cause for a late or incomplete Form 1065 (no section 6698 penalty) when all partners fully reported their shares on timely filed returns, if the IRS asks. It is still in force (PMTA 2020-01). Whether a C corporation partner disqualifies it is read differently by practitioners (the old section 6231(a)(1)(B) definition it refers to allowed one); the server treats any entity partner as disqualifying.',
    source:
      'Rev. Proc. 84-35, 1984-1 C.B. 509; former Internal Revenue Code section 6231(a)(1)(B); PMTA 2020-01 (Rev. Proc. 84-35 not obsolete); IRM 20.1.2.3.3.1.',
  },
  lateReturnStatement: {
    rule: 'A late Form 1065 may be sent with a statement of the facts that show reasonable cause (section 6698(a)), signed under penalties of perjury; the partnership asks that the section 6698 penalty not be charged.',
    source:
      'Internal Revenue Code section 6698(a); Instructions for Form 1065 (2025), Penalties (Late Filing of Return).',
  },
} as const;

/** No Schedule A charge below this year’s section 1446 tax (rule scheduleA8804). */
export const SCHEDULE_A_MIN_TAX = 500;

/** Underpayment rates by period, percent per year (rule underpaymentRate). */
export const UNDERPAYMENT_RATES: ReadonlyArray<{ from: string; to: string; percent: number }> = Object.freeze(
  [{ from: '2025-01-01', to: '2026-03-31', percent: 7 }],
);
