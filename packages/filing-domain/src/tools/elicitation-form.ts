import type * as z from 'zod';
import { type FilingKind, formSchemaDescriptor } from '../forms/form-schema-descriptor.js';
import { formDataSchemaOf, KINDS_WITH_FORMS } from '../forms/kind-forms.js';
import { defaultOf, newItemKeys, objectKeys, type PrimitiveField, schemaAt } from './elicitation-fields.js';
import {
  flatFieldName,
  formatFieldPath,
  type PathSegment,
  parseFieldPath,
  valueAt,
} from '../forms/elicitation-paths.js';

// complete_filing's elicitation form: which fields of what check_filing finds missing or invalid
// can be asked in a flat form, how they are grouped into rounds, and the form itself.

/** Most fields one elicitation form asks, outside a group: a form a person can answer in one go. */
export const MAX_FIELDS_PER_ROUND = 8;
/** Most fields of one group (a partner, a related party, an object of lines) asked in one form. */
export const MAX_GROUP_FIELDS = 16;

// The forms check_filing names, by their names in each kind's form (`formNames`).
const FORM_NAMES: Readonly<Record<string, string>> = Object.assign(
  {},
  ...KINDS_WITH_FORMS.map(({ form }) => form.formNames),
);
const ITEM_NAMES: Readonly<Record<string, string>> = {
  relatedParties: 'related party',
  partners: 'partner',
  transactions: 'transaction',
};

/** One field complete_filing asks for (or tells the agent to send). */
export interface AskedField {
  path: PathSegment[];
  /** check_filing's spelling, `relatedParties[0].name`. */
  field: string;
  /** The flat elicitation name, `relatedParties__0__name`. */
  name: string;
  title: string;
  description: string;
  primitive: PrimitiveField;
  required: boolean;
  /** The value stored now, shown as the field's default. */
  default?: unknown;
  /** The round it is asked in: one list item (`partners[0]`), one object of lines (`income`). */
  group?: string;
  /** For an object of lines asked whole: the object, stored even when every line is left blank. */
  wholeObject?: PathSegment[];
}

export interface FilingCheck {
  ready: boolean;
  missing: Array<{ form: string; line: string; field: string }>;
  invalid: Array<{ field: string; message: string }>;
}

export function formSchemaOf(kind: FilingKind): z.ZodObject<any> {
  return formDataSchemaOf(kind);
}

/** Whether the client can show an elicitation form: 2026 wire, `elicitation` declared with form mode. */
export function supportsFormElicitation(capabilities: Readonly<Record<string, unknown>>): boolean {
  const elicitation = capabilities.elicitation;
  if (typeof elicitation !== 'object' || elicitation === null || Array.isArray(elicitation)) return false;
  // `elicitation: {}` means form mode (MCP 2025-11-25); a client that lists modes must list form.
  const modes = Object.keys(elicitation);
  return modes.length === 0 || modes.includes('form');
}

/** A key as words: `taxResidenceCountries` reads "Tax residence countries". */
function words(key: string): string {
  const text = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short label from a description: its first sentence (or clause), when short enough for a title. */
function labelOf(description: string | undefined): string | undefined {
  let label = description
    ?.replace(/^(?:(?:line|item)\s+)?\d*[A-Z]?\d*[a-z]?\d?(?:\(\d\))?:?\s+(?=\S)/i, '')
    .split(/(?<=[a-z)][.?!])\s+(?=[A-Z])/)[0]
    ?.replace(/,?\s*e\.g\..*$/, '')
    .replace(/\.$/, '')
    .trim();
  if (label && label.length > 60) {
    // A long sentence gives its first clause, asides left out, when that still says something.
    const clause = label
      .replace(/\s*\([^)]*\)/g, '')
      .split(/[:;,]/)[0]!
      .trim();
    label = clause.split(/\s+/).length >= 3 ? clause : undefined;
  }
  return label && label.length <= 60 ? label.charAt(0).toUpperCase() + label.slice(1) : undefined;
}

/** Where a field sits on the form: "Form 5472, line 4a", "Form 1065 Schedule B, line 2a", "Form 1120, Title". */
function placeOf(form: string, line: string): string {
  const name = FORM_NAMES[form] ?? `Form ${form}`;
  const schedule = /^(Schedule [A-Z0-9-]+), (.+)$/.exec(line);
  if (schedule) return `${name} ${schedule[1]}, line ${schedule[2]}`;
  if (/^\d/.test(line)) return `${name}, line ${line}`;
  if (/^[IVX]+(?:\/[IVX]+)?$/.test(line)) return `${name}, Part ${line}`;
  if (/^[A-Z]\d?(?:\(\d\))?(?:\s|$)/.test(line)) return `${name}, item ${line}`;
  return `${name}, ${line}`;
}

function titleOf(
  path: PathSegment[],
  found: { description: string | undefined; ownDescription: boolean },
  form: string | undefined,
  line: string | undefined,
): string {
  const items = path.flatMap((segment, index) =>
    typeof segment === 'number' && segment >= 0
      ? [`${ITEM_NAMES[String(path[index - 1])] ?? String(path[index - 1])} ${segment + 1}`]
      : [],
  );
  const item = items.length > 0 ? ` (${items.join(', ')})` : '';
  const key = String(path[path.length - 1]);
  const lineKey = /^line\w+$/.test(key);
  // A line of an object of lines has the object's description: its line names it, or its key.
  const label =
    (found.ownDescription ? labelOf(found.description) : undefined) ?? (lineKey ? undefined : words(key));
  if (form === undefined || line === undefined) return `${label ?? key}${item}`;
  return `${placeOf(form, line)}${item}${label ? `: ${label}` : ''}`;
}

/** The line of one key of an object of lines (`income.line1a` of "1a-8" is line 1a). */
function keyLine(groupLine: string | undefined, key: string): string | undefined {
  const suffix = /^line(\w+)$/.exec(key)?.[1];
  if (suffix === undefined || groupLine === undefined) return groupLine;
  const comma = groupLine.indexOf(',');
  return comma < 0 ? suffix : `${groupLine.slice(0, comma)}, ${suffix}`;
}

/** get_form_schema's text for a field, by its path with every index as `[]`. */
function descriptorText(kind: FilingKind, path: PathSegment[]): string | undefined {
  const text =
    formSchemaDescriptor(kind).fields[
      formatFieldPath(path.map((segment) => (typeof segment === 'number' ? -1 : segment)))
    ];
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** check_filing's problem with a stored value, as a sentence of the field's description. */
function problemText(message: string): string {
  const sentence = /^(must|is|are|has|does|add)\b/.test(message)
    ? `The value given ${message}`
    : message.charAt(0).toUpperCase() + message.slice(1);
  return ` ${sentence}${/[.!?]$/.test(sentence) ? '' : '.'}`;
}

/** The group of a list item's field: the path up to its first index (`partners[0]`). */
function itemGroup(path: PathSegment[]): string | undefined {
  const index = path.findIndex((segment) => typeof segment === 'number');
  return index > 0 ? formatFieldPath(path.slice(0, index + 1)) : undefined;
}

/** A path with `[]` (every item) as one path per stored item. */
function expand(path: PathSegment[], formData: Record<string, unknown>): PathSegment[][] {
  const at = path.indexOf(-1);
  if (at < 0) return [path];
  const list = valueAt(formData, path.slice(0, at));
  const count = Array.isArray(list) ? list.length : 0;
  return Array.from({ length: count }, (_, index) => [
    ...path.slice(0, at),
    index,
    ...path.slice(at + 1),
  ]).flatMap((one) => expand(one, formData));
}

/**
 * The fields to ask, in check_filing's order: each missing line as a flat field (a missing list
 * as a new item's required fields, a missing object of lines as each of its lines), then each
 * invalid value with its problem and the stored value as default. What no flat field can hold is
 * left for the agent.
 */
export function askableFields(
  kind: FilingKind,
  readiness: FilingCheck,
  formData: Record<string, unknown>,
  /** Most lines of one object of lines asked (default {@link MAX_GROUP_FIELDS}). */
  options: { wholeLimit?: number } = {},
): { asked: AskedField[]; unaskable: string[] } {
  const formSchema = formSchemaOf(kind);
  const wholeLimit = options.wholeLimit ?? MAX_GROUP_FIELDS;
  const asked: AskedField[] = [];
  const unaskable: string[] = [];
  const seen = new Map<string, AskedField>();
  const add = (
    path: PathSegment[],
    options: { form?: string; line?: string; problem?: string; group?: string; wholeObject?: PathSegment[] },
  ): boolean => {
    const name = flatFieldName(path);
    const known = seen.get(name);
    if (known) {
      if (options.problem) known.description += problemText(options.problem);
      return true;
    }
    let found = schemaAt(formSchema, path);
    const primitive = found?.primitive;
    if (!found || !primitive) return false;
    if (!found.ownDescription) {
      // A key of an object of lines has no zod description of its own; get_form_schema's text for
      // it (`partners[].shares.profitEnding`), when it has one, is the form's name for it.
      const listed = descriptorText(kind, path);
      if (listed !== undefined) found = { ...found, description: listed, ownDescription: true };
    }
    const description = found.description ?? formatFieldPath(path);
    const field: AskedField = {
      path,
      field: formatFieldPath(path),
      name,
      title: titleOf(path, found, options.form, options.line),
      description:
        options.problem === undefined ? description : `${description}${problemText(options.problem)}`,
      primitive,
      required: options.wholeObject === undefined,
    };
    const stored = defaultOf(primitive, valueAt(formData, path));
    if (stored !== undefined) field.default = stored;
    const group = options.group ?? itemGroup(path);
    if (group !== undefined) field.group = group;
    if (options.wholeObject) field.wholeObject = options.wholeObject;
    seen.set(name, field);
    asked.push(field);
    return true;
  };
  for (const entry of readiness.missing) {
    const parsed = parseFieldPath(entry.field);
    if (parsed === undefined) {
      unaskable.push(entry.field);
      continue;
    }
    for (const path of expand(parsed, formData)) {
      if (add(path, { form: entry.form, line: entry.line })) continue;
      const list = valueAt(formData, path);
      const itemKeys = newItemKeys(formSchema, path);
      if (itemKeys.length > 0) {
        const index = Array.isArray(list) ? list.length : 0;
        for (const key of itemKeys) add([...path, index, key], { form: entry.form, line: entry.line });
        continue;
      }
      const keys = objectKeys(formSchema, path).slice(0, wholeLimit);
      if (keys.length === 0) unaskable.push(entry.field);
      const group = formatFieldPath(path);
      for (const key of keys) {
        add([...path, key], { form: entry.form, line: keyLine(entry.line, key), group, wholeObject: path });
      }
    }
  }
  // An object of lines that is invalid as a whole (a Schedule L column that does not balance, an
  // M-1 that disagrees with the analysis) is asked as its lines with the reason, those not yet
  // given first: an object of more lines than a form holds (a Schedule L column) was asked in
  // part when it was missing, and its other lines are asked so.
  const addLines = (path: PathSegment[], problem: string): boolean => {
    const keys = objectKeys(formSchema, path);
    const given = (key: string) => valueAt(formData, [...path, key]) !== undefined;
    const ordered = [...keys.filter((key) => !given(key)), ...keys.filter(given)];
    const group = formatFieldPath(path);
    for (const key of ordered.slice(0, wholeLimit)) add([...path, key], { problem, group });
    return keys.length > 0;
  };
  for (const entry of readiness.invalid) {
    const parsed = parseFieldPath(entry.field);
    const paths = parsed === undefined ? [] : expand(parsed, formData);
    const group = parsed?.includes(-1) ? formatFieldPath(parsed) : undefined;
    const added = paths.filter(
      (path) =>
        add(path, { problem: entry.message, ...(group && { group }) }) || addLines(path, entry.message),
    );
    if (added.length === 0) unaskable.push(entry.field);
  }
  return { asked, unaskable };
}

/**
 * The fields of the next form: one group whole (a partner, a related party, an object of lines),
 * or up to {@link MAX_FIELDS_PER_ROUND} fields outside any group. Fields whose answers were
 * refused come first, so they are asked again at once.
 */
export function nextRound(asked: AskedField[], refused: ReadonlySet<string> = new Set()): AskedField[] {
  const first = asked.find((field) => refused.has(field.name)) ?? asked[0];
  if (first === undefined) return [];
  const same = asked.filter((field) => field.group === first.group);
  const ordered = [
    ...same.filter((field) => refused.has(field.name)),
    ...same.filter((field) => !refused.has(field.name)),
  ];
  return ordered.slice(0, first.group === undefined ? MAX_FIELDS_PER_ROUND : MAX_GROUP_FIELDS);
}

/** The elicitation form of a round: flat fields, fixed sets with their titles, stored values as defaults. */
export function requestedSchema(fields: AskedField[]): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const { primitive } = field;
    const property: Record<string, unknown> = {
      type: primitive.type,
      title: field.title,
      description: field.description,
    };
    const options = primitive.choices?.map((choice) => ({ const: choice.value, title: choice.title }));
    if (primitive.type === 'array') {
      property.items = { anyOf: options ?? [] };
      if (field.required) property.minItems = 1;
    } else if (options) property.oneOf = options;
    if (primitive.format) property.format = primitive.format;
    if (primitive.minimum !== undefined) property.minimum = primitive.minimum;
    if (primitive.type === 'string' && !options && field.required) property.minLength = 1;
    if (field.default !== undefined) property.default = field.default;
    properties[field.name] = property;
  }
  return {
    type: 'object',
    properties,
    required: fields.filter((field) => field.required).map((field) => field.name),
  };
}

/** The fields as complete_filing's answer lists them for an agent to ask. */
export function fieldList(fields: AskedField[]) {
  return fields.map((field) => ({
    field: field.field,
    title: field.title,
    description: field.description,
    type: field.primitive.choices
      ? `${field.primitive.type === 'array' ? 'any' : 'one'} of ${field.primitive.choices.map((choice) => choice.value).join(', ')}`
      : (field.primitive.format ?? field.primitive.type),
  }));
}
