import { checkFilingReadiness, IRS_RULES } from '@filing-mcp/irs-forms';
import { dcLegalHolidays, nextBusinessDay } from '../src/due-dates.js';
import { describe, expect, it } from 'vitest';

// A day before the fixtures' due dates: the calendar-2025 example is on time.
const ON_TIME = '2026-03-01';
const check = (kind: '5472' | 'partnership', formData: Record<string, unknown>) =>
  checkFilingReadiness(kind, formData, undefined, ON_TIME);
import { completePartnership, completeSingleMember } from './support/fixtures.js';

describe('single-member readiness', () => {
  it('a complete filing is ready, due 2026-04-15, extended to 2026-10-15 with Form 7004', () => {
    const report = check('5472', completeSingleMember);
    expect(report).toMatchObject({ ready: true, missing: [], invalid: [] });
    expect(report.due_date).toBe('2026-04-15');
    expect(report.extended_due_date).toBe('2026-10-15');
    expect(report.forms).toEqual([
      { form: '1120', title: 'Form 1120 (pro forma)', edition: '2025', copies: 1, included: true },
      { form: '5472', title: 'Form 5472', edition: 'Rev. December 2023', copies: 2, included: true },
      { form: '7004', title: 'Form 7004', edition: 'Rev. December 2025', copies: 1, included: true },
    ]);
    expect(report.how_to_file.electronic_filing).toMatch(/cannot e-file/);
    expect(report.how_to_file.fax).toBe('855-887-7737');
    expect(report.how_to_file.mail).toContain('Ogden, UT 84201');
  });

  it('without Form 7004 there is no extended due date', () => {
    const report = check('5472', { ...completeSingleMember, generateForm7004: false });
    expect(report.extended_due_date).toBeNull();
    expect(report.forms.map((form) => form.form)).toEqual(['1120', '5472']);
  });

  it('an empty filing lists every required line and has no due date', () => {
    const report = check('5472', {});
    expect(report.ready).toBe(false);
    expect(report.due_date).toBeNull();
    expect(report.missing).toContainEqual({ form: '5472', part: 'I', line: '1a', field: 'llcName' });
    expect(report.missing).toContainEqual({ form: '5472', part: 'I', line: '1b', field: 'ein' });
    expect(report.missing).toContainEqual({ form: '5472', part: 'II', line: '4a', field: 'ownerName' });
    expect(report.missing).toContainEqual({ form: '5472', part: 'III', line: '8a', field: 'relatedParties' });
    expect(report.missing).toContainEqual({ form: '5472', part: 'VII', line: '37', field: 'partVII.line37' });
    expect(report.missing).toContainEqual({
      form: '1120',
      part: 'Sign Here',
      line: 'Signature of officer',
      field: 'signerName',
    });
    // 19 lines of Parts I-II and the header, 8a, 7 Part VII questions, 3 of the signature block,
    // and whether the owner is itself owned (Part II lines 6-7).
    expect(report.missing).toHaveLength(31);
    expect(report.missing).toContainEqual({
      form: '5472',
      part: 'II',
      line: '6a-7e',
      field: 'ownerHasOwners',
    });
    expect(report.invalid).toEqual([]);
  });

  it('a partial filing lists what is left and what is wrong', () => {
    const report = check('5472', {
      ...completeSingleMember,
      ein: '123456789',
      ownerCitizenship: '',
      relatedParties: [{ id: 'x', name: '' }],
      taxYearBegin: '2025-01-01',
      taxYearEnd: '2026-01-31',
      dateIncorporation: '2024-02-30',
      ownerName: 'Владимир',
    });
    expect(report.ready).toBe(false);
    expect(report.missing.slice(0, 2)).toEqual([
      { form: '5472', part: 'II', line: '4d', field: 'ownerCitizenship' },
      { form: '5472', part: 'III', line: '8a', field: 'relatedParties[0].name' },
    ]);
    expect(report.invalid).toEqual([
      { field: 'ein', message: 'an EIN is nine digits written NN-NNNNNNN, e.g. 12-3456789' },
      { field: 'dateIncorporation', message: 'must be a real date in YYYY-MM-DD form' },
      { field: 'taxYearEnd', message: 'a tax year is at most 12 months' },
      {
        field: 'ownerName',
        message: 'holds "В" (U+0412), which the IRS forms cannot print: enter it in English (Latin letters)',
      },
    ]);
  });

  it('a tax year that ends before it begins is invalid', () => {
    const report = check('5472', {
      ...completeSingleMember,
      taxYearBegin: '2025-06-01',
      taxYearEnd: '2025-05-31',
      generateForm7004: false,
    });
    expect(report.invalid).toEqual([
      { field: 'taxYearEnd', message: 'the tax year must end after it begins' },
    ]);
  });

  it('a fiscal year ending June 30, 2025 is due on the 15th day of the 3rd month', () => {
    const fiscal = { ...completeSingleMember, taxYearBegin: '2024-07-01', taxYearEnd: '2025-06-30' };
    const report = checkFilingReadiness(
      '5472',
      { ...fiscal, signatureDate: '2025-08-01' },
      undefined,
      '2025-08-01',
    );
    expect(report.due_date).toBe('2025-09-15');
    expect(report.extended_due_date).toBe('2026-04-15');
    // Checked after the due date, the Form 7004 asked for can no longer extend: no extended date, and why.
    const late = check('5472', fiscal);
    expect(late.extended_due_date).toBeNull();
    expect(late.extended_due_date_reason).toMatch(/original due date \(2025-09-15\)/);
  });
});

describe('partnership readiness', () => {
  it('a complete calendar-2025 partnership is due 2026-03-16 (March 15 is a Sunday)', () => {
    const report = check('partnership', completePartnership);
    // Nothing is missing or wrong, yet the packet is not the whole return: its foreign partners need
    // Schedules K-2/K-3 and Forms 8804, 8805 and 8813, and its figures Form 1125-A and statements,
    // which a preparer adds.
    expect(report).toMatchObject({ ready: false, missing: [], invalid: [], due_date: '2026-03-16' });
    expect(report.prepare_elsewhere!.map((entry) => entry.form)).toEqual([
      'Form 1125-A', // page 1 line 2, cost of goods sold
      'Statements itemizing the lines that say "attach statement"', // lines 7 and 21
      'Schedules K-2 and K-3 (Form 1065)',
      'Form 8804',
      'Form 8805',
      'Form 8813',
    ]);
    expect(report.extended_due_date).toBeNull();
    expect(report.forms).toEqual([
      { form: '1065', title: 'Form 1065', edition: '2025', copies: 1, included: true },
      { form: '1065-K1', title: 'Schedule K-1 (Form 1065)', edition: '2025', copies: 3, included: true },
      { form: '8804', title: 'Form 8804', edition: null, copies: 1, included: false },
      { form: '8805', title: 'Form 8805', edition: null, copies: 2, included: false },
      { form: '8813', title: 'Form 8813', edition: null, copies: 4, included: false },
    ]);
  });

  it('an extension moves it six months, to 2026-09-15', () => {
    const report = check('partnership', { ...completePartnership, generateForm7004: true });
    expect(report.extended_due_date).toBe('2026-09-15');
  });

  it('an empty filing lists the 1065 lines and the partners', () => {
    const report = check('partnership', {});
    expect(report.ready).toBe(false);
    expect(report.missing).toContainEqual({ form: '1065', line: 'D', field: 'ein' });
    expect(report.missing).toContainEqual({ form: '1065', line: 'I', field: 'partners' });
    // The 13 header lines, the partners, the figures (page 1, Schedule K, Schedule B, e-file) and
    // the Partnership Representative.
    expect(
      report.missing.filter(
        (gap) => !gap.field.startsWith('scheduleB.line') || gap.field === 'scheduleB.line1',
      ),
    ).toHaveLength(21);
    expect(report.missing).toContainEqual({
      form: '1065',
      line: 'Designation of Partnership Representative',
      field: 'partnershipRepresentative',
    });
  });

  it('a partial filing names each partner line left empty; no foreign partner, no 8804/8805', () => {
    const report = check('partnership', {
      ...completePartnership,
      zip: '',
      partners: [{ ...completePartnership.partners[2], isForeign: undefined, tin: '' }],
    });
    expect(report.missing).toEqual([
      { form: '1065', line: 'ZIP or foreign postal code', field: 'zip' },
      { form: '1065-K1', line: 'H1', field: 'partners[0].isForeign' },
      { form: '1065-K1', line: 'E', field: 'partners[0].tin' },
    ]);
    expect(report.forms.map((form) => form.form)).toEqual(['1065', '1065-K1']);
  });
});

describe('due dates move past weekends and D.C. legal holidays', () => {
  it('knows the D.C. Emancipation Day moves of past tax days', () => {
    // 2016: April 16 was a Saturday, observed Friday April 15: returns were due Monday April 18.
    expect(nextBusinessDay('2016-04-15')).toBe('2016-04-18');
    // 2017: April 15 a Saturday, Emancipation Day observed Monday April 17: due Tuesday April 18.
    expect(nextBusinessDay('2017-04-15')).toBe('2017-04-18');
    // 2026: April 15 is a Wednesday.
    expect(nextBusinessDay('2026-04-15')).toBe('2026-04-15');
  });

  it('lists the D.C. holidays, Inauguration Day in its years', () => {
    expect(dcLegalHolidays(2025).has('2025-01-20')).toBe(true);
    expect(dcLegalHolidays(2026).has('2026-11-26')).toBe(true);
    expect(dcLegalHolidays(2027).has('2027-12-24')).toBe(true);
  });

  it('every rule names its IRS source', () => {
    for (const [name, rule] of Object.entries(IRS_RULES)) {
      expect(rule.source, name).toMatch(/Instructions|Form|Publication|Code/);
    }
  });
});
