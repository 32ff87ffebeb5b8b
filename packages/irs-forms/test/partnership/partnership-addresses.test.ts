// Current addresses and the items left out: each Where To File answer names the
// edition its address comes from (none is guessed), K-1 item M is asked and printed, the Form 8805
// figures carry lines 4 and 5c, prepare_elsewhere follows what the packet prints, and the section
// 179 line of ectiLines is refused with its sources. Read back with pdftotext where it prints.
import { checkFilingReadiness } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { IRS_RULES } from '../../src/irs-rules.js';
import { countingLoader, smallPartnership } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import { threePartners } from '../support/three-partners.js';

const FORM_1065_PAGES = 6;
const AS_OF = '2026-01-10';
const check = (filing: Record<string, any>) => checkFilingReadiness('partnership', filing, undefined, AS_OF);
const changed = (
  change: (filing: Record<string, any>) => void,
  base: Record<string, any> = threePartners,
) => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};
const build = (filing: Record<string, any>) =>
  new PacketBuilder({ loadTemplate: countingLoader().load }).build('partnership', filing, { asOf: AS_OF });

/** The text line of a K-1 page holding item M's Yes/No boxes. */
const itemMLine = (k1: string) => {
  const lines = k1.split('\n');
  const at = lines.findIndex((line) => line.includes('contribute property with a built-in gain'));
  return lines[at + 1] ?? '';
};

describe('Where To File: each answer with the edition of its address', () => {
  it('Form 1065, 8804, 8805, 8813 and 7004 each name their edition; nothing is called current unconfirmed', () => {
    const report = check(threePartners);
    const rows = report.how_to_file.where_to_file!;
    expect(rows.map((entry) => entry.form)).toEqual(['1065', '8804', '8805', '8813', '7004']);
    const answers = Object.fromEntries(rows.map((entry) => [entry.form, entry]));
    // California: the Ogden row, from the 2022 table, said to be unconfirmed for 2025.
    expect(answers['1065']).toMatchObject({
      address: 'Department of the Treasury, Internal Revenue Service Center, Ogden, UT 84201-0011',
      edition: 'Instructions for Form 1065 (2022)',
      current_edition_confirmed: false,
    });
    expect(answers['1065']!.note).toMatch(/2025 Instructions for Form 1065.*could not be confirmed/);
    for (const form of ['8804', '8805', '8813']) {
      expect(answers[form]).toMatchObject({
        address: 'Internal Revenue Service Center, P.O. Box 409101, Ogden, UT 84409',
        edition: 'Instructions for Forms 8804, 8805, and 8813 (2007)',
        current_edition_confirmed: false,
      });
      expect(answers[form]!.note).toMatch(/current edition’s address could not be confirmed/);
    }
    // The partnership's Form 7004 table was not found at all: no address, and the reason.
    expect(answers['7004']).toMatchObject({ address: null, edition: null, current_edition_confirmed: false });
    expect(answers['7004']!.note).toMatch(/could not be confirmed here .* no address is given/);
    // The withholding report and the notes say the same, not "could not be confirmed here" alone.
    expect(report.withholding_1446!.form_8804_where_to_file).toContain('P.O. Box 409101, Ogden, UT 84409');
    expect(report.withholding_1446!.form_8804_where_to_file).toContain('(2007)');
    expect(report.notes!.join(' ')).not.toMatch(/so none is given/);
  });

  it('a Delaware partnership under $10 million mails to Kansas City; no foreign partner, no 8804 row', () => {
    const report = check(smallPartnership());
    const forms = report.how_to_file.where_to_file!;
    expect(forms.map((entry) => entry.form)).toEqual(['1065', '7004']);
    expect(forms[0]!.address).toBe(
      'Department of the Treasury, Internal Revenue Service Center, Kansas City, MO 64999-0011',
    );
  });

  it('each table sits in the rules table with its source and edition', () => {
    expect(IRS_RULES.form1065WhereToFile.source).toMatch(
      /Instructions for Form 1065 \(2022\).*2025.*not confirmed/,
    );
    expect(IRS_RULES.form8804WhereToFile.source).toMatch(
      /Instructions for Forms 8804, 8805, and 8813 \(2007\)/,
    );
    expect(IRS_RULES.form8804WhereToFile.rule).toMatch(/could not be confirmed here/);
    expect(IRS_RULES.form7004WhereToFilePartnership.source).toMatch(
      /Instructions for Form 7004 .*not confirmed/,
    );
  });
});

describe('Schedule K-1 item M', () => {
  it('is asked of each partner: a missing answer is named under missing', () => {
    const report = check(changed((filing) => delete filing.partners[1].contributedBuiltInGainProperty));
    expect(report.missing).toContainEqual({
      form: '1065-K1',
      line: 'M',
      field: 'partners[1].contributedBuiltInGainProperty',
    });
    expect(check(threePartners).missing.map((line) => line.line)).not.toContain('M');
  });

  it('Yes prints on that K-1 and names the statement to attach; No prints on the others', async () => {
    const filing = changed((copy) => {
      copy.partners[0].contributedBuiltInGainProperty = true;
    });
    const report = check(filing);
    const statement = report.prepare_elsewhere!.find(
      (entry) => entry.form === 'Schedule K-1 item M statement',
    );
    expect(statement?.reason).toMatch(
      /^item M is Yes for Ann Lee: .*total built-in gain and the total built-in loss/,
    );
    expect(statement?.source).toBe(IRS_RULES.k1ItemM.source);
    expect(check(threePartners).prepare_elsewhere!.map((entry) => entry.form)).not.toContain(
      'Schedule K-1 item M statement',
    );
    const packet = await build(filing);
    const [ann, hiroshi] = [1, 2].map((n) => itemMLine(pdfText(packet.pdf, FORM_1065_PAGES + n)));
    expect(ann).toMatch(/X Yes\s+No/);
    expect(hiroshi).toMatch(/Yes\s+X No/);
  });
});

describe('the Form 8805 figures', () => {
  it('carry line 4 (the partner’s country, its code left to copy) and line 5c (the partnership’s address)', async () => {
    const filing = changed((copy) => {
      copy.partners[1].country = 'Japan';
    });
    const packet = await build(filing);
    const worksheet = pdfText(packet.pdf, FORM_1065_PAGES + 4);
    const tanaka = worksheet.slice(worksheet.indexOf('Form 8805 for Hiroshi Tanaka'));
    expect(tanaka).toMatch(
      /Type of partner: Individual\s+4 Country code: the IRS code of Japan \(list in the Form 8805 instructions\)/,
    );
    expect(tanaka).toMatch(
      /5c\s+Address: 500 Howard Street, San Francisco, CA 94105\s+6 Withholding agent: SAME/,
    );
    const nordlys = worksheet.slice(worksheet.indexOf('Form 8805 for Nordlys Invest AS'));
    expect(nordlys).toMatch(/4 Country code: country not given \(partners\[2\]\.country\)/);
    // Both partners' figures still fit the one worksheet page.
    expect(nordlys).toMatch(/10\s+Total tax credit allowed under section 1446 \(21%/);
    expect(IRS_RULES.form8805Lines.source).toMatch(/line 4: Country code of partner.*line 5c: Address/);
  });
});

describe('prepare_elsewhere follows what the packet prints', () => {
  it('box 13 code A printed: line 13a is not called blank; without its code it is', async () => {
    const withCode = changed((filing) => {
      filing.scheduleK = { ...filing.scheduleK, line13a: 3000 };
      filing.contributionsCode = 'A';
    });
    const coded = (filing: Record<string, any>) =>
      check(filing).prepare_elsewhere!.find((entry) => entry.form === 'Schedule K-1 coded boxes');
    expect(coded(withCode)).toBeUndefined();
    const packet = await build(withCode);
    const ann = pdfText(packet.pdf, FORM_1065_PAGES + 1);
    // Box 13, "Other deductions", its first code line: code A and Ann's 40% of 3,000.
    expect(ann).toMatch(/13\s+Other deductions\s*\n\s+A\s+1,200\n/);
    const noCode = changed((filing) => {
      filing.contributionsCode = undefined;
    }, withCode);
    expect(coded(noCode)?.reason).toMatch(/^Schedule K line\(s\) 13a go to coded K-1 boxes/);
  });
});

describe('prepare_elsewhere: a coded box with more codes than the K-1 has lines', () => {
  it('names the codes the K-1 cannot print, and only for the partner concerned', async () => {
    const filing = changed((copy) => {
      copy.scheduleK = { ...copy.scheduleK, line14b: 1000, line14c: 2000 };
    });
    const entry = check(filing).prepare_elsewhere!.find(
      (item) => item.form === 'Schedule K-1 coded box lines past the form’s rows',
    );
    // Ann (member-manager) has 14 A, B and C; the form holds two lines. The foreign partners' 14A is 0.
    expect(entry?.reason).toBe(
      'Ann Lee’s box 14 has 3 codes and the form 2 line(s): code(s) C not printed: the K-1 prints the first codes only, so the others go on an attached statement',
    );
    const packet = await build(filing);
    const ann = pdfText(packet.pdf, FORM_1065_PAGES + 1);
    // Box 14's two lines: A, then B (Ann's 40% of 1,000), one text line apart in the layout.
    expect(ann).toMatch(/14\s+Self-employment earnings \(loss\)\n.*\bA\s+150,000\n.*\n\s+B\s+400\n/);
    expect(ann).not.toMatch(/\bC\s+800\b/); // 14C (40% of 2,000) is not printed
    expect(check(threePartners).prepare_elsewhere!.map((item) => item.form)).not.toContain(
      'Schedule K-1 coded box lines past the form’s rows',
    );
  });
});

describe('ECTI: the section 179 line', () => {
  it('is refused with the reason, naming section 703(a) and Regulations section 1.1446-2(b)', () => {
    const report = check(
      changed((filing) => {
        filing.scheduleK = { ...filing.scheduleK, line12: 4000 };
        filing.ectiLines = ['line1', 'line12'];
      }),
    );
    const refusal = report.invalid.find((problem) => problem.field === 'ectiLines');
    expect(refusal?.message).toMatch(
      /^line12 is refused: .*section 703\(a\).*Regulations section 1\.1446-2\(b\)/,
    );
    expect(IRS_RULES.ectiSection179.source).toMatch(/703\(a\)\(1\) and \(a\)\(2\).*1\.1446-2\(b\)/);
  });
});
