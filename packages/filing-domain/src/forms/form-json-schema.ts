// The one JSON Schema of a kind's form_data that get_form_schema answers: the whole
// tree (types, enums, defaults, bounds, each field's description with its IRS line), derived from
// the zod form schema the tools validate with, so it cannot drift from what is checked. It is
// derived at build time, like tools/list (form-schema-<kind>.generated.ts; test/tools/tools-list.test.ts
// fails while that file differs from what buildFormJsonSchema makes): no zod JSON Schema emission
// at run time (the Lambda bundle has none). The tool schemas of tools/list do not repeat it: their
// form_data points here.
import { ECTI_LINES, SCHEDULE_B_SCHEMA_TEXTS } from '@filing-mcp/irs-forms/kinds';
import type { FilingKind } from '../kinds/filing-kinds.js';
import { declarationSchema } from './declaration-schema.js';
import type * as z from 'zod';
import { formDataSchemaOf, kindForm, type TransactionKindEntry } from './kind-forms.js';
import { CHECKED_AS } from './partnership-return-fields.js';

type JsonSchema = Record<string, unknown>;

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The schemas directly under `node`: its properties' and its items'. */
function children(node: JsonSchema): JsonSchema[] {
  const inner: JsonSchema[] = [];
  if (isObject(node.properties)) inner.push(...Object.values(node.properties).filter(isObject));
  if (isObject(node.items)) inner.push(node.items);
  return inner;
}

/**
 * `schema` with each description said once: where the same words describe several fields (the
 * lines of a related party's Part VII and the filing's, a balance sheet's beginning and end
 * columns), the shallowest field keeps them (the first at equal depth) and the others, whose
 * group's description names where they come from, go without. Walked breadth first, in place.
 */
function withDescriptionsOnce(schema: JsonSchema): JsonSchema {
  const seen = new Set<string>();
  let level: JsonSchema[] = [schema];
  while (level.length > 0) {
    const next: JsonSchema[] = [];
    for (const node of level) {
      if (typeof node.description === 'string') {
        if (seen.has(node.description)) delete node.description;
        else seen.add(node.description);
      }
      next.push(...children(node));
    }
    level = next;
  }
  return schema;
}

/**
 * A line's description without the line its key already names: `line1a`'s "Line 1a: Gross
 * receipts or sales" says "Gross receipts or sales", `line43b1`'s "43b(1): Amount ..." says
 * "Amount ..." (its group says the lines are by form line). A description naming another line
 * than its key (`line13d`'s "Line 13d(2): ...") keeps it.
 */
function withoutKeyLine(name: string, description: string): string {
  const match = /^(?:(?:Line|Question) )?(\d+[a-z]?(?:\(\d+\))?): /.exec(description);
  if (!match || `line${match[1]!.replace(/[()]/g, '')}` !== name) return description;
  const rest = description.slice(match[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * A description without the list of an enum's values it repeats ("Item G: General partner or
 * LLC member-manager | Limited partner or other LLC member." is "Item G." beside the enum).
 */
function withoutEnumList(schema: JsonSchema, description: string): string {
  if (!Array.isArray(schema.enum) || schema.enum.length < 2) return description;
  const list = schema.enum.join(' | ');
  const at = description.indexOf(list);
  if (at < 0) return description;
  return `${description.slice(0, at).replace(/[:\s(]+$/, '')}${description.slice(at + list.length).replace(/^\)/, '')}`;
}

/**
 * `schema` with each description shortened as {@link withoutKeyLine} and {@link withoutEnumList}
 * say (a group's description also without the values of its fields' enums: Schedule B's line 1
 * types are line1's enum), in place.
 */
function withPlainWords(schema: JsonSchema): JsonSchema {
  const visit = (node: JsonSchema, name: string): void => {
    if (typeof node.description === 'string') {
      let words = withoutEnumList(node, withoutKeyLine(name, node.description));
      if (isObject(node.properties)) {
        for (const inner of Object.values(node.properties))
          if (isObject(inner)) words = withoutEnumList(inner, words);
      }
      node.description = words;
    }
    if (isObject(node.properties)) {
      for (const [child, inner] of Object.entries(node.properties)) if (isObject(inner)) visit(inner, child);
    }
    if (isObject(node.items)) visit(node.items, name);
  };
  visit(schema, '');
  return schema;
}

/**
 * The JSON Schema of `kind`'s form_data (from the zod schema's input JSON Schema, as a declaration
 * schema: see `declarationSchema`), each description said once. What form-schema-<kind>.generated.ts
 * holds; called where it is generated, never on a call.
 */
export function buildFormJsonSchema(kind: FilingKind): JsonSchema {
  const zodSchema = formDataSchemaOf(kind).toJSONSchema({
    io: 'input',
    // A field checked as another schema (a partner's guaranteed payments) shows that schema.
    override: ({ zodSchema: field, jsonSchema }) => {
      const real = CHECKED_AS.get(field as unknown as z.ZodType);
      if (real === undefined) return;
      const { $schema: _schema, ...shape } = real.toJSONSchema({ io: 'input' }) as JsonSchema;
      for (const key of Object.keys(jsonSchema)) if (key !== 'description') delete jsonSchema[key];
      Object.assign(jsonSchema, shape);
    },
  }) as JsonSchema;
  // The form's own description is get_form_schema's `description`.
  const { description: _description, ...schema } = declarationSchema(zodSchema, {
    keysInWordsAbove: KEYS_IN_WORDS_ABOVE,
    keysInWords: (keys) => keysOfAnotherField(zodSchema, keys) ?? keys.join(', '),
  });
  const plain = withoutAttachmentNotes(withPlainWords(schema));
  return withDescriptionsOnce(withoutSiblingPointers(withoutDateWords(withSchemaWords(kind, plain))));
}

/**
 * `schema` without a line's pointer to its Type field beside it (Schedule K line 11's "(its type
 * in line11Type)"): the Type field's own description names its line. In place.
 */
function withoutSiblingPointers(schema: JsonSchema): JsonSchema {
  const siblings = isObject(schema.properties) ? schema.properties : {};
  for (const field of Object.values(siblings)) {
    if (!isObject(field)) continue;
    const pointer =
      typeof field.description === 'string' && / \(its type in (\w+)\)$/.exec(field.description);
    if (pointer && isObject(siblings[pointer[1]!]))
      field.description = (field.description as string).slice(0, pointer.index);
  }
  for (const inner of children(schema)) withoutSiblingPointers(inner);
  return schema;
}

/** Schedule L labels in fewer words of the same meaning. */
const SCHEDULE_L_WORDS = {
  line7a: 'Loans to partners or persons related to them',
  line19a: 'Loans from partners or persons related to them',
};

/**
 * Fields a shorter description suits in the JSON Schema than the one complete_filing asks with,
 * by kind, then by the dotted path of their group (`''`: the form's own fields; `partners[]`: each
 * item of a list) and their key (`null`: none, the group's says it). complete_filing and its
 * elicitation titles keep the zod schema's words; the schema keeps, for each field, its line or
 * box and what to enter, in fewer words: the Schedule B questions, which complete_filing titles
 * with the form's question (SCHEDULE_B_TEXTS) and the schema names by their number (the key); the
 * representative's and designated individual's fields, whose group names whose they are; group
 * descriptions without what their fields say; a partner's fields without what the key or item
 * says. Each text means what the zod description does.
 */
const SCHEMA_WORDS: Readonly<
  Partial<Record<FilingKind, Readonly<Record<string, Readonly<Record<string, string | null>>>>>>
> = {
  partnership: {
    '': {
      partnershipName: 'Legal name; shown as llc_name on the record.',
      ein: 'EIN, NN-NNNNNNN.',
      street: 'Street address.',
      city: 'City.',
      state: 'State (two-letter code).',
      zip: 'ZIP code.',
      country: 'Country, if the principal business is outside the U.S.',
      // accountingMethodOther's own description says it names "other".
      accountingMethod: 'Item H.',
      partners: 'Partners, each one K-1 (more than 100 must e-file).',
      filesTenOrMoreReturns: 'True if 10+ returns of any type are filed this year (e-file, T.D. 9972).',
      accountingMethodOther: 'Item H(3): the other method, in words.',
      totalAssets: 'Item F: total assets at year end, USD.',
      // line20's own description says it holds that deduction only.
      deductions: 'Page 1 deductions, USD by line (16c, 22 and 23 computed).',
      // line1's own description says its default; a line's "(loss)" is the group's "a loss
      // negative" (LOSS_SAID_BY_GROUP); the checkboxes say what they are.
      scheduleK:
        "Schedule K, by line, USD, a loss negative (3c and 4c computed); lineNType: line N's Type text (kind of item).",
      income: 'Page 1 income, USD by line, a loss negative (1c, 3 and 8 computed).',
      scheduleB: 'Schedule B, Other Information, by line; yes/no as booleans, of the tax year unless said.',
      // A deduction line is refused with its reason by the check (ectiLine).
      ectiLines: `Schedule K income lines effectively connected with the U.S. business (ECTI), default line1; of: ${ECTI_LINES.join(', ')}.`,
      payments1446: 'Section 1446 tax paid (Forms 8813), USD.',
      preparerNotes:
        'Questions left for a paid preparer (complete_filing stores them; field: the form_data path); check_filing lists the open ones.',
      contributionsCode:
        'K-1 box 13 code of line 13a: A cash 60%, B cash 30%, C noncash 50%, D noncash 30%, E capital gain property to 50% org. 30%, F capital gain property 20%, G 100%.',
      form7004FiledDate: 'Day Form 7004 was filed (by the due date: the extended due date applies).',
      signatureDate: "Date signed (printed if on or after the tax year's end).",
      // Schedule B line4's description says when Schedules L, M-1 and M-2 are required.
      scheduleL:
        'Schedule L, Balance Sheets per Books, USD by line, at the beginning and end of the tax year (14 and 22 computed; end line 14 must equal item F); the form nets each Less line.',
      scheduleM1:
        "Schedule M-1: 5, 8 and 9 computed, 9 must equal the analysis line 1; lineNDescription: line N's items in words.",
      scheduleM2:
        "Schedule M-2 (partners' capital accounts): 5, 8 and 9 computed; lineNDescription: line N's items in words.",
      partnershipRepresentative:
        'Partnership Representative (PR; Form 1065 page 4), required unless Schedule B line33 elects out: firstName, lastName or entityName; U.S. address and phone.',
      withholding: 'Kept as given; section 1446 figures are computed.',
      section199A: 'Section 199A inputs (K-1 box 20 code Z); ask, never guess.',
      generateLateFilingLetter: 'True to add a reasonable-cause statement (late return).',
    },
    // A partner itself (the list's item): `partners` says what one is.
    partners: { '[]': null },
    'partners[]': {
      id: 'Server-assigned when absent.',
      name: 'Name (K-1 item F).',
      country: 'Country (Form 8805 line 4).',
      ectiShare: 'Foreign partner: ECTI after Form 8804-C deductions; computed when not given.',
      ectiCertified8804C:
        'True if the partner gave Form 8804-C (then ectiShare may be below the computed ECTI).',
      address: 'Address, one line (item F).',
      shares: 'Item J, percent.',
      capitalAccount: 'Item L, USD.',
      liabilities: 'Item K1, USD.',
      withholdingRate: 'Section 1446 rate, computed when not given.',
      contributedBuiltInGainProperty:
        'Item M: contributed built-in gain or loss property (Yes: item M statement, prepared elsewhere).',
      specialAllocations:
        "This partner's Schedule K amounts instead of the profit-share split; keys: scheduleK's keys but the Type texts and checkboxes.",
      guaranteedPayments: 'USD: services (K-1 4a), capital (4b), capitalized (kept off page 1 line 10).',
      distributions: 'USD: cash (box 19A; default: capital withdrawals), property.',
      analysisType:
        'Analysis of Net Income (Loss) line 2 column, defaulting from entityType; an individual, LLC, disregarded entity, IRA or foreign government needs individual-active (materially participates) or individual-passive.',
    },
    section199A: {
      w2Wages: 'W-2 wages of the trade or business, USD.',
      sstb: 'True for a specified service trade or business (section 199A(d)(2)).',
    },
    scheduleK: {
      line1: 'Ordinary business income; default: page 1 line 23',
      line13d: '13d(2): section 59(e)(2) expenditures',
      // Words of their own: page 1 has an "Other income" and "Other deductions" too.
      line11: 'Other income (loss)',
      line13e: '13e: other deductions',
      // The group says what a Type text is.
      line11Type: null,
      line13dType: '13d(1)',
      line13eType: null,
      line15dType: null,
      line15eType: null,
      line15fType: null,
      line16a: 'Checkbox: Schedule K-2 (international items) attached',
      line16b: 'Checkbox: qualified for an exception to filing Schedule K-2',
    },
    scheduleB: SCHEDULE_B_SCHEMA_TEXTS,
    deductions: {
      line20: 'Energy efficient commercial buildings deduction only',
      line17: 'Depletion (not oil and gas depletion)',
    },
    // Two labels in words equal to the form's, in both columns (the end's then go, said once).
    'scheduleL.beginning': SCHEDULE_L_WORDS,
    'scheduleL.end': SCHEDULE_L_WORDS,
    scheduleL: {
      beginning: null,
      end: null,
    },
    scheduleM1: {
      line2:
        'Income on Schedule K lines 1, 2, 3c, 5, 6a, 7, 8, 9a, 10 and 11 not recorded on books this year',
      line4:
        'Expenses recorded on books this year not on Schedule K lines 1-13e and 21 (total; 4a + 4b when not given)',
      line6: 'Income recorded on books this year not on Schedule K lines 1-11 (total; 6a when not given)',
      line7:
        'Deductions on Schedule K lines 1-13e and 21 not charged against book income this year (total; 7a when not given)',
      line2Description: null,
      line6Description: null,
      line7Description: null,
    },
    scheduleM2: {
      line4Description: null,
      line7Description: null,
    },
    partnershipRepresentative: {
      firstName: null,
      lastName: null,
      entityName: null,
      street: null,
      city: null,
      state: 'State (two-letter code)',
      zip: null,
      phone: null,
      tin: 'U.S. TIN (SSN, ITIN or EIN); required, not printed',
      designatedIndividual:
        "Designated individual (DI), required for an entity PR: the PR's name, address, phone and TIN fields.",
    },
    'partnershipRepresentative.designatedIndividual': {
      firstName: null,
      lastName: null,
      street: null,
      city: null,
      state: null,
      zip: null,
      phone: null,
      tin: 'U.S. TIN (SSN or ITIN)',
    },
  },
};

/** The group at `path` in `schema` (`''`: the schema; `partners[]`: a list's item), if any. */
function groupAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let group: unknown = schema;
  for (const name of path === '' ? [] : path.split('.')) {
    const key = name.replace(/\[\]$/, '');
    group = isObject(group) && isObject(group.properties) ? group.properties[key] : undefined;
    if (key !== name) group = isObject(group) ? group.items : undefined;
  }
  return isObject(group) ? group : undefined;
}

/** `schema` with `kind`'s SCHEMA_WORDS in place of the zod schema's descriptions, in place. */
function withSchemaWords(kind: FilingKind, schema: JsonSchema): JsonSchema {
  for (const [path, words] of Object.entries(SCHEMA_WORDS[kind] ?? {})) {
    const group = groupAt(schema, path);
    const inner = group && isObject(group.properties) ? group.properties : {};
    for (const [key, description] of Object.entries(words)) {
      const field = key === '[]' ? group?.items : inner[key];
      if (!isObject(field)) continue;
      if (description === null) delete field.description;
      else field.description = description;
    }
  }
  return schema;
}

/**
 * The groups whose lines' "(attach Form 4797)", "(attach statement)" the schema leaves out:
 * check_filing's `prepare_elsewhere` names each attachment the figures call for (rule
 * attachments, irs-forms' attachments.ts), and complete_filing asks with the form's whole label.
 */
const ATTACHMENTS_SAID_BY_CHECK = ['income', 'deductions', 'scheduleK'];

/**
 * The groups whose description says "a loss negative", so that their lines' labels go without
 * the form's "(loss)": Schedule K's "Net section 1231 gain (loss)" is "Net section 1231 gain".
 */
const LOSS_SAID_BY_GROUP = ['income', 'scheduleK'];

/** The line descriptions of the group at `name`, each replaced by `change`, in place. */
function changeLines(schema: JsonSchema, name: string, change: (words: string) => string): void {
  const group = groupAt(schema, name);
  for (const line of Object.values(group && isObject(group.properties) ? group.properties : {})) {
    if (isObject(line) && typeof line.description === 'string') line.description = change(line.description);
  }
}

/**
 * `schema` without the attachment notes of ATTACHMENTS_SAID_BY_CHECK's lines and the "(loss)" of
 * LOSS_SAID_BY_GROUP's, in place.
 */
function withoutAttachmentNotes(schema: JsonSchema): JsonSchema {
  for (const name of ATTACHMENTS_SAID_BY_CHECK)
    changeLines(schema, name, (words) =>
      words.replace(/ \((?:if required, )?attach [^()]*(?:\([^()]*\))?\)/, ''),
    );
  for (const name of LOSS_SAID_BY_GROUP)
    changeLines(schema, name, (words) => words.replace(/ \(loss\)/g, ''));
  return schema;
}

/**
 * `schema` without ", YYYY-MM-DD" in the description of a field whose `format` is `date`: the
 * format says it. In place.
 */
function withoutDateWords(schema: JsonSchema): JsonSchema {
  if (schema.format === 'date' && typeof schema.description === 'string')
    schema.description = schema.description.replace(/,? YYYY-MM-DD/, '');
  for (const inner of children(schema)) withoutDateWords(inner);
  return schema;
}

/**
 * `keys` as those of the top-level field that has them all and at most a few more (`scheduleK's
 * keys but line11Type, line16a`), or `undefined` when no field does.
 */
function keysOfAnotherField(schema: JsonSchema, keys: readonly string[]): string | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, field] of Object.entries(properties)) {
    const inner = isObject(field) && isObject(field.properties) ? Object.keys(field.properties) : [];
    const others = inner.filter((key) => !keys.includes(key));
    if (keys.every((key) => inner.includes(key)) && others.length <= 10) {
      return others.length === 0 ? `${name}'s keys` : `${name}'s keys but ${others.join(', ')}`;
    }
  }
  return undefined;
}

/**
 * A map of more known keys than this is written as its keys in words: a partner's special
 * allocations (every Schedule K line) would otherwise be 46 properties of one type.
 */
const KEYS_IN_WORDS_ABOVE = 12;

/** A field's kind in a few words (`string, date`, `array of object`), for get_form_schema's `fields`. */
function typeWords(schema: JsonSchema): string {
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  if (type === 'array' && isObject(schema.items)) return `array of ${typeWords(schema.items)}`;
  if (Array.isArray(schema.enum)) return `${type}, enum`;
  return typeof schema.format === 'string' ? `${type}, ${schema.format}` : type;
}

/**
 * get_form_schema's `fields` (the spec's descriptor: each top-level field by name): the field's
 * type in words; its description and everything under it are in `schema`, said there once.
 */
export function topLevelFields(schema: JsonSchema): Record<string, string> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, inner]) => [name, typeWords(inner as JsonSchema)]),
  );
}

/**
 * get_form_schema's answer for `kind` (a type alias, so it is a plain JSON record): the spec's
 * descriptor (`description`, `fields`: each top-level field by name) and `schema`, the one JSON
 * Schema of the whole form_data, where every description is.
 */
export type FormSchemaAnswer = {
  kind: FilingKind;
  description: string;
  fields: Record<string, string>;
  schema: Record<string, unknown>;
  transaction_kinds?: TransactionKindEntry[];
};

/**
 * {@link FormSchemaAnswer} of `kind`, from the zod form schema: what form-schema-<kind>.generated.ts
 * holds (so that get_form_schema loads no form at all); called where it is generated, never on a
 * call.
 */
export function buildFormSchemaAnswer(kind: FilingKind): FormSchemaAnswer {
  const schema = buildFormJsonSchema(kind);
  const form = kindForm(kind);
  return {
    kind,
    description: form.description,
    fields: topLevelFields(schema),
    schema,
    ...form.schemaExtras?.(),
  };
}
