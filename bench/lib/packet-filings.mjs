// The filings of the packet benches (bench/irs-forms.mjs, bench/packet-side-by-side.mjs), from
// irs-forms' example single-member filing: a pro forma 1120 and two 5472s, and the same with a Part
// V statement on each 5472 (the second related party gets a capital contribution).
export function packetFilings(example) {
  const filing = { ...example, generateForm7004: false, generateLateFilingLetter: false };
  const withStatements = {
    ...filing,
    relatedParties: filing.relatedParties.map((party, index) =>
      index === 0
        ? party
        : { ...party, transactions: [...party.transactions, { kind: 'capital_contribution', amount: 3000 }] },
    ),
  };
  return { filing, withStatements };
}
