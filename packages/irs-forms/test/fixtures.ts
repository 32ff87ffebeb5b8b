import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The vendored template directory. */
export const TEMPLATE_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

/** Reads a vendored template, counting reads (to show templates load lazily and once). */
export function countingLoader(): { load: (name: string) => Uint8Array; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    load: (name) => {
      reads.push(name);
      return readFileSync(TEMPLATE_DIR + name);
    },
  };
}

/** A complete single-member filing: two related parties, Form 7004 and the late-filing letter. */
export const completeSingleMember = {
  taxYearBegin: '2025-01-01',
  taxYearEnd: '2025-12-31',
  llcName: 'Acme Holdings LLC',
  llcStreet: '1209 Orange Street',
  llcCity: 'Wilmington, DE 19801',
  ein: '12-3456789',
  totalAssets: 25000,
  businessActivity: 'Software consulting',
  businessActivityCode: '541511',
  isInitialYear: true,
  countryIncorporation: 'United States (Delaware)',
  dateIncorporation: '2024-03-15',
  taxResidentCountry: 'United States',
  principalBusinessCountries: ['United States'],
  ownerName: 'Maria Garcia',
  ownerStreet: 'Calle Mayor 1',
  ownerCity: 'Madrid 28013, Spain',
  ownerUSId: '',
  ownerRefId: 'REF-001',
  ownerFTIN: 'X1234567L',
  ownerBusinessCountries: 'Spain',
  ownerCitizenship: 'Spain',
  ownerTaxResidentCountry: 'Spain',
  relatedParties: [
    { id: 'rp-1', name: 'Maria Garcia', relationship: 'Sole owner' },
    { id: 'rp-2', name: 'Garcia Consulting SL', relationship: 'Related to owner', address: 'Madrid, Spain' },
  ],
  signerTitle: 'Managing Member',
  signatureDate: '2026-04-01',
  generateForm7004: true,
  generateLateFilingLetter: true,
};

/** A complete partnership filing with one foreign and one domestic partner. */
export const completePartnership = {
  partnershipName: 'Blue River Partners LLC',
  ein: '98-7654321',
  street: '500 Market Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  businessActivity: 'Real estate rental',
  businessActivityCode: '531110',
  dateBusinessStarted: '2023-06-01',
  accountingMethod: 'Cash',
  totalAssets: '150000',
  taxYearBegin: '2025-01-01',
  taxYearEnd: '2025-12-31',
  partners: [
    {
      id: '6f1c2a8e-3b4d-4c5e-9f60-718293a4b5c6',
      name: 'Kenji Tanaka',
      type: 'General partner',
      isForeign: true,
      entityType: 'Individual',
      withholdingRate: '37',
    },
    {
      id: '7a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
      name: 'Lone Star Capital Inc',
      type: 'Limited partner',
      isForeign: false,
      entityType: 'Corporation',
      withholdingRate: '0',
    },
  ],
  income: {},
  deductions: {},
  scheduleK: {},
  withholding: {},
};
