import { PDFCheckBox, PDFDict, PDFDocument, PDFName, PDFTextField } from '@cantoo/pdf-lib';
import type { FormEdition, TemplateField } from '../form-edition.js';
import { TemplateFieldError } from './template-field-error.js';

/**
 * Parses a template. The IRS files also carry XFA, which pdf-lib cannot fill (it would drop it
 * with a console warning): it goes here, and the AcroForm fields, which print the same, remain.
 */
export async function loadTemplate(bytes: Uint8Array): Promise<PDFDocument> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  acroForm?.delete(PDFName.of('XFA'));
  return doc;
}

/** The template's field for a map entry, of the mapped type; throws {@link TemplateFieldError} otherwise. */
export function templateField(
  doc: PDFDocument,
  edition: FormEdition,
  key: string,
  field: TemplateField,
): PDFTextField | PDFCheckBox {
  const found = doc.getForm().getFieldMaybe(field.name);
  const where = `Form ${edition.form} (${edition.edition}) field "${key}" (line ${field.line})`;
  if (!found) throw new TemplateFieldError(`${where}: ${field.name} is not in ${edition.template}`);
  const expected = field.type === 'text' ? PDFTextField : PDFCheckBox;
  if (!(found instanceof expected)) {
    throw new TemplateFieldError(
      `${where}: ${field.name} is a ${found.constructor.name}, not a ${field.type}`,
    );
  }
  return found;
}

/**
 * Fills one form the straightforward way: parse the template, set every mapped AcroForm field
 * (strictly), optionally flatten. Used to read values back in tests and as the benchmark's
 * baseline; packets are built by {@link PacketBuilder}, which avoids this path's cost.
 */
export async function fillFormFields(
  edition: FormEdition,
  input: unknown,
  template: Uint8Array,
  options: { flatten?: boolean } = {},
): Promise<PDFDocument> {
  const doc = await loadTemplate(template);
  const values = edition.values(input);
  for (const [key, field] of Object.entries(edition.fields)) {
    const target = templateField(doc, edition, key, field);
    const value = values[key];
    if (target instanceof PDFTextField) {
      target.setMaxLength(undefined);
      if (typeof value === 'string') target.setText(value);
    } else if (value === true) {
      target.check();
    }
  }
  if (options.flatten) doc.getForm().flatten();
  return doc;
}
