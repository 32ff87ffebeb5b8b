// Form 5472 Part II up the chain: a New Mexico LLC owned by a Singapore company, itself owned by
// a Canadian parent and, above it, a Swiss grandparent. Lines 6 and 7 on every Form 5472, read
// back with pdftotext, and the Part II statement for a third owner.
import { checkFilingReadiness, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { countingLoader } from './support/fixtures.js';
import { pdfText } from './support/pdf-text.js';

const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
const ON_TIME = '2026-03-01';

const parent = {
  name: 'Maple Crest Holdings Inc.',
  street: '100 King Street West',
  city: 'Toronto ON M5X 1A9',
  country: 'Canada',
  referenceIdNumber: 'MCH-2025-01',
  ftin: '123456789RC0001',
  businessCountries: ['Canada'],
  citizenship: 'Canada',
  taxResidenceCountries: ['Canada'],
};
const grandparent = {
  name: 'Helvetia Alpenholding AG',
  street: 'Bahnhofstrasse 10',
  city: '8001 Zurich',
  country: 'CH',
  ftin: 'CHE-123.456.789',
  businessCountries: 'Switzerland',
  citizenship: 'Switzerland',
  taxResidenceCountries: 'Switzerland',
};
const third = {
  name: 'Nordlys Invest AS',
  street: 'Karl Johans gate 1',
  city: '0154 Oslo',
  country: 'Norway',
  businessCountries: 'Norway',
  citizenship: 'Norway',
  taxResidenceCountries: 'Norway',
};

/** The Singapore-owned New Mexico LLC, its owner's owners not yet said. */
const llc: Record<string, unknown> = {
  ...(EXAMPLE_SINGLE_MEMBER_FILING as Record<string, unknown>),
  llcName: 'Rio Grande Trading LLC',
  llcCity: 'Albuquerque, NM 87102',
  countryIncorporation: 'United States (New Mexico)',
  ownerName: 'Lion City Holdings Pte. Ltd.',
  ownerStreet: '1 Raffles Place',
  ownerCity: 'Singapore 048616, Singapore',
  ownerBusinessCountries: 'Singapore',
  ownerCitizenship: 'Singapore',
  ownerTaxResidentCountry: 'Singapore',
  generateForm7004: false,
  generateLateFilingLetter: false,
};
delete llc.ownerHasOwners;

const check = (filing: Record<string, unknown>) => checkFilingReadiness('5472', filing, undefined, ON_TIME);

/** The packet's text, one string per page. */
async function pages(filing: Record<string, unknown>): Promise<string[]> {
  const { pdf } = await builder.build('5472', filing, { asOf: ON_TIME });
  const count = (await PDFDocument.load(pdf)).getPageCount();
  return Array.from({ length: count }, (_, index) => pdfText(pdf, index + 1).replace(/[ \t]+/g, ' '));
}

describe('Form 5472 Part II: the owners of the owner', () => {
  it('is not ready until the filing says whether the owner is itself owned, then until it names them', () => {
    const unsaid = check(llc);
    expect(unsaid.ready).toBe(false);
    expect(unsaid.missing).toContainEqual({
      form: '5472',
      part: 'II',
      line: '6a-7e',
      field: 'ownerHasOwners',
    });

    const owned = check({ ...llc, ownerHasOwners: true });
    expect(owned.ready).toBe(false);
    expect(owned.missing).toContainEqual({
      form: '5472',
      part: 'II',
      line: '6a-6e',
      field: 'indirectOwners',
    });

    const partial = check({
      ...llc,
      ownerHasOwners: true,
      indirectOwners: [parent, { name: grandparent.name }],
    });
    expect(partial.ready).toBe(false);
    expect(partial.missing.filter((line) => line.part === 'II')).toEqual([
      { form: '5472', part: 'II', line: '7a (address)', field: 'indirectOwners[1].street' },
      { form: '5472', part: 'II', line: '7a (address)', field: 'indirectOwners[1].city' },
      { form: '5472', part: 'II', line: '7a (address)', field: 'indirectOwners[1].country' },
      { form: '5472', part: 'II', line: '7c', field: 'indirectOwners[1].businessCountries' },
      { form: '5472', part: 'II', line: '7d', field: 'indirectOwners[1].citizenship' },
      { form: '5472', part: 'II', line: '7e', field: 'indirectOwners[1].taxResidenceCountries' },
    ]);

    const complete = check({ ...llc, ownerHasOwners: true, indirectOwners: [parent, grandparent] });
    expect(complete).toMatchObject({ ready: true, missing: [], invalid: [] });
    // An individual owner: no one owns the owner, and the filing is ready so.
    expect(check({ ...llc, ownerHasOwners: false }).ready).toBe(true);
  });

  it('refuses owners listed under a No, and a state given as a country', () => {
    const report = check({ ...llc, ownerHasOwners: false, indirectOwners: [parent] });
    expect(report.ready).toBe(false);
    expect(report.invalid).toContainEqual({
      field: 'indirectOwners',
      message: expect.stringContaining('ownerHasOwners is false'),
    });
    const state = check({ ...llc, ownerHasOwners: true, indirectOwners: [{ ...parent, citizenship: 'NM' }] });
    expect(state.invalid.map((entry) => entry.field)).toContain('indirectOwners[0].citizenship');
  });

  it('prints the parent on line 6 and the grandparent on line 7 of every Form 5472', async () => {
    const text = await pages({ ...llc, ownerHasOwners: true, indirectOwners: [parent, grandparent] });
    const firstPages = text.filter((page) => page.includes('6a Name and address of ultimate indirect'));
    // One Form 5472 per related party (the example has two).
    expect(firstPages).toHaveLength(2);
    for (const page of firstPages) {
      expect(page).toContain('Maple Crest Holdings Inc., 100 King Street West, Toronto ON M5X 1A9, Canada');
      expect(page).toMatch(/MCH-2025-01\s+123456789RC0001/);
      expect(page).toContain('Helvetia Alpenholding AG, Bahnhofstrasse 10, 8001 Zurich, Switzerland');
      expect(page).toContain('CHE-123.456.789');
      // 6c-6e and 7c-7e: the countries, by name.
      expect(page).toMatch(/Canada\s+Canada\s+Canada/);
      expect(page).toMatch(/Switzerland\s+Switzerland\s+Switzerland/);
      // Line 6 comes before line 7, and line 4 is still the direct owner.
      expect(page.indexOf('Maple Crest')).toBeLessThan(page.indexOf('Helvetia'));
      expect(page).toContain('Lion City Holdings Pte. Ltd., 1 Raffles Place, Singapore 048616, Singapore');
    }
    expect(text.some((page) => page.includes('Part II: statement'))).toBe(false);
  });

  it('puts a third owner on a Part II statement attached to every Form 5472', async () => {
    const filing = { ...llc, ownerHasOwners: true, indirectOwners: [parent, grandparent, third] };
    expect(check(filing).ready).toBe(true);
    const text = await pages(filing);
    const statements = text.filter((page) => page.includes('Form 5472, Part II: statement'));
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      expect(statement).toContain('Rio Grande Trading LLC');
      expect(statement).toContain(
        '3. a Name and address: Nordlys Invest AS, Karl Johans gate 1, 0154 Oslo, Norway',
      );
      expect(statement).toContain('d Country of citizenship, organization, or incorporation: Norway');
      expect(statement).not.toContain('Maple Crest');
    }
    // Each statement follows its own Form 5472 (whose last page is page 3 of the form).
    const order = text.map((page) =>
      page.includes('Form 5472, Part II: statement')
        ? 'II'
        : page.includes('6a Name and address')
          ? '5472'
          : '',
    );
    expect(order.filter(Boolean)).toEqual(['5472', 'II', '5472', 'II']);
    for (const page of text.filter((one) => one.includes('6a Name and address'))) {
      expect(page).not.toContain('Nordlys');
    }
  });
});
