import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_EDITIONS, type FormEdition } from '@filing-mcp/irs-forms';
// From the source, as TemplateFieldError is: the error class and the code that throws it are one.
import { fillFormFields, loadTemplate, templateField } from '../../src/pdf/fill-form.js';
import { TemplateFieldError } from '../../src/pdf/template-field-error.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { completePartnership, completeSingleMember, TEMPLATE_DIR } from '../support/fixtures.js';

const manifest = readFileSync(`${TEMPLATE_DIR}MANIFEST.md`, 'utf8');

function manifestRow(file: string): string[] {
  const row = manifest.split('\n').find((line) => line.startsWith(`| ${file} |`));
  if (!row) throw new Error(`${file} is not in MANIFEST.md`);
  return row.split('|').map((cell) => cell.trim());
}

describe('vendored templates', () => {
  for (const edition of DEFAULT_EDITIONS) {
    it(`${edition.template} is the file MANIFEST.md describes, and the edition ${edition.form} maps`, () => {
      const bytes = readFileSync(TEMPLATE_DIR + edition.template);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const row = manifestRow(edition.template);
      expect(sha256).toBe(row[5]);
      expect(edition.sha256).toBe(sha256);
      expect(row[3]?.toLowerCase()).toContain(edition.edition.toLowerCase().replace('rev. ', ''));
    });

    it(`every field of the ${edition.form} (${edition.edition}) map is in the template with its type`, async () => {
      const doc = await loadTemplate(readFileSync(TEMPLATE_DIR + edition.template));
      for (const [key, field] of Object.entries(edition.fields)) {
        expect(() => templateField(doc, edition, key, field), key).not.toThrow();
      }
    });
  }
});

describe('strict filling', () => {
  const form5472 = DEFAULT_EDITIONS.find((edition) => edition.form === '5472')!;
  const bytes = readFileSync(TEMPLATE_DIR + form5472.template);
  const input = { filing: completeSingleMember, relatedParty: undefined, formCount: 1 };

  it('a mapped name missing from the template is an error naming the field, never an empty line', async () => {
    const broken: FormEdition = {
      ...form5472,
      fields: {
        ...form5472.fields,
        llcName: { name: 'topmostSubform[0].Page1[0].nope[0]', type: 'text', line: '1a' },
      },
    };
    await expect(fillFormFields(broken, input, bytes)).rejects.toThrow(TemplateFieldError);
    await expect(fillFormFields(broken, input, bytes)).rejects.toThrow(/"llcName" \(line 1a\).*nope/);
  });

  it('a mapped name of the wrong type is an error', async () => {
    const broken: FormEdition = {
      ...form5472,
      fields: { ...form5472.fields, isInitialYear: { ...form5472.fields.llcName!, type: 'checkbox' } },
    };
    await expect(fillFormFields(broken, input, bytes)).rejects.toThrow(/isInitialYear.*not a checkbox/);
  });
});

const inputs: Record<string, unknown> = {
  '1120': { filing: completeSingleMember },
  '5472': {
    filing: completeSingleMember,
    relatedParty: completeSingleMember.relatedParties[1],
    formCount: 2,
  },
  '7004': { filing: completeSingleMember },
  '1065': { filing: completePartnership },
  '1065-K1': { filing: completePartnership, partner: completePartnership.partners[0] },
};

describe('every form filled from a complete filing reads back', () => {
  for (const edition of DEFAULT_EDITIONS) {
    it(`${edition.form} (${edition.edition}): each mapped value is in its field`, async () => {
      const input = inputs[edition.form];
      const values = edition.values(input);
      expect(Object.keys(values).filter((key) => !(key in edition.fields))).toEqual([]);
      const filled = await fillFormFields(edition, input, readFileSync(TEMPLATE_DIR + edition.template));
      const reread = await PDFDocument.load(await filled.save());
      const form = reread.getForm();
      let checked = 0;
      for (const [key, field] of Object.entries(edition.fields)) {
        const value = values[key];
        if (field.type === 'text') {
          expect(form.getTextField(field.name).getText() ?? '', key).toBe(
            typeof value === 'string' ? value : '',
          );
          if (typeof value === 'string' && value !== '') checked++;
        } else {
          expect(form.getCheckBox(field.name).isChecked(), key).toBe(value === true);
        }
      }
      expect(checked).toBeGreaterThan(3);
    });
  }
});
