import type * as z from 'zod';
import { FORM_SCHEMA_DESCRIPTORS } from './form-schemas.generated.js';
import { partnershipFormSchemas } from './partnership-form.js';
import { singleMemberFormSchemas } from './single-member-form.js';

/** The two kinds of filing: single-member (forms 5472 and 1120) and partnership. */
export type FilingKind = '5472' | 'partnership';

/** What `get_form_schema` answers: the spec's schema descriptor plus the resolved kind. */
export interface FormSchemaDescriptor {
  kind: FilingKind;
  description: string;
  fields: Record<string, string>;
}

/**
 * Spellings of a filing kind that agents use: the spec's `5472` and `partnership`, and the form
 * names of its overview example (`form-5472-1120`). Matched case-insensitively.
 */
export const filingKindAliases: Readonly<Record<string, FilingKind>> = Object.freeze({
  '5472': '5472',
  '1120': '5472',
  '5472-1120': '5472',
  'form-5472': '5472',
  'form-5472-1120': '5472',
  'single-member': '5472',
  partnership: 'partnership',
  '1065': 'partnership',
  'form-1065': 'partnership',
});

/** Resolves a kind spelling to a {@link FilingKind}, or `undefined` when it names no kind. */
export function resolveFilingKind(value: string): FilingKind | undefined {
  return filingKindAliases[value.trim().toLowerCase()];
}

function describe(kind: FilingKind, schema: z.ZodObject<any>): FormSchemaDescriptor {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    fields[name] = field.description ?? name;
  }
  return Object.freeze({
    kind,
    description: schema.description ?? '',
    fields: Object.freeze(fields),
  }) as FormSchemaDescriptor;
}

/**
 * The schema descriptor of one kind of filing as derived from the zod form schemas (their
 * `.describe()` texts): what `src/form-schemas.generated.ts` is generated from at build time.
 * @internal
 */
export function deriveFormSchemaDescriptor(kind: FilingKind): FormSchemaDescriptor {
  return kind === '5472'
    ? describe(
        '5472',
        singleMemberFormSchemas().singleMemberFormDataSchema.describe(
          'form_data of a single-member foreign-owned LLC filing (forms 5472 and 1120). All fields are optional ' +
            'when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.',
        ),
      )
    : describe(
        'partnership',
        partnershipFormSchemas().partnershipFormDataSchema.describe(
          'form_data of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805). All fields are ' +
            'optional when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.',
        ),
      );
}

const descriptors: Readonly<Record<FilingKind, FormSchemaDescriptor>> = Object.freeze({
  '5472': frozen(FORM_SCHEMA_DESCRIPTORS['5472']),
  partnership: frozen(FORM_SCHEMA_DESCRIPTORS.partnership),
});

function frozen(descriptor: FormSchemaDescriptor): FormSchemaDescriptor {
  return Object.freeze({ ...descriptor, fields: Object.freeze({ ...descriptor.fields }) });
}

/**
 * The schema descriptor of one kind of filing, derived from the zod form schemas (their
 * `.describe()` texts) at build time, so the descriptions agents read can never drift from what
 * is validated (test/tools-list.test.ts fails while the generated file differs) and answering them
 * builds no zod schema.
 */
export function formSchemaDescriptor(kind: FilingKind): FormSchemaDescriptor {
  return descriptors[kind];
}
