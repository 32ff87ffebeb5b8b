import { randomUUID } from 'node:crypto';

/** A complete single-member (5472/1120) form_data with every field the spec names. */
export function singleMemberForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    taxYearBegin: '2024-01-01',
    taxYearEnd: '2024-12-31',
    llcName: 'Northwind Holdings LLC',
    llcStreet: '1209 Orange Street',
    llcCity: 'Wilmington, DE 19801',
    ein: '12-3456789',
    totalAssets: '25000',
    businessActivity: 'Software consulting',
    businessActivityCode: '541511',
    isInitialYear: false,
    countryIncorporation: 'US',
    dateIncorporation: '2021-03-15',
    taxResidentCountry: 'DE',
    principalBusinessCountries: 'US, DE',
    ownerName: 'Jana Novak',
    ownerStreet: 'Hauptstrasse 5',
    ownerCity: 'Berlin 10115',
    ownerUSId: '',
    ownerRefId: 'REF-1',
    ownerFTIN: 'DE123456789',
    ownerBusinessCountries: 'DE',
    ownerCitizenship: 'DE',
    ownerTaxResidentCountry: 'DE',
    relatedParties: [{ id: randomUUID(), name: 'Jana Novak', relationship: 'owner' }],
    signerTitle: 'Managing Member',
    signatureDate: '2025-03-01',
    generateForm7004: false,
    generateLateFilingLetter: false,
    ...overrides,
  };
}

/** A complete partnership (1065/K-1/8804/8805) form_data with every field the spec names. */
export function partnershipForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    partnershipName: 'Fjord Partners LLC',
    ein: '98-7654321',
    street: '8 The Green',
    city: 'Dover',
    state: 'DE',
    zip: '19901',
    businessActivity: 'E-commerce',
    businessActivityCode: '454110',
    dateBusinessStarted: '2022-06-01',
    accountingMethod: 'cash',
    totalAssets: '120000',
    taxYearBegin: '2024-01-01',
    taxYearEnd: '2024-12-31',
    partners: [
      {
        id: randomUUID(),
        name: 'Ola Nordmann',
        type: 'General partner or LLC member-manager',
        isForeign: true,
        entityType: 'Individual',
        withholdingRate: '37',
      },
      {
        id: randomUUID(),
        name: 'Acme GmbH',
        type: 'Limited partner or other LLC member',
        isForeign: true,
        entityType: 'Corporation',
        withholdingRate: '21',
      },
    ],
    income: { line1a: '50000' },
    deductions: { line9: '10000' },
    scheduleK: { line1: '40000' },
    withholding: { total: '8400' },
    ...overrides,
  };
}

/** Field names of the single-member form every target keeps (get_form_schema lists them). */
export const SINGLE_MEMBER_FIELDS = Object.keys(singleMemberForm());
/** Field names of the partnership form every target keeps (get_form_schema lists them). */
export const PARTNERSHIP_FIELDS = Object.keys(partnershipForm());
