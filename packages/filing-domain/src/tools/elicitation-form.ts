import type { HandlerContext } from '@filing-mcp/protocol';
import type * as z from 'zod';
import type { FilingKind } from '../forms/form-schema-descriptor.js';
import { partnershipFormSchemas } from '../forms/partnership-form.js';
import { singleMemberFormSchemas } from '../forms/single-member-form.js';
import {
  firstItemFields,
  flatFieldName,
  formatFieldPath,
  itemHasId,
  type PathSegment,
  type PrimitiveField,
  parseFieldPath,
  primitiveOf,
  schemaAt,
} from './elicitation-fields.js';

// complete_filing's elicitation form: which fields of what check_filing finds missing or invalid
// can be asked in one flat form, the form itself, and how its answers become a form_data patch.

/** Most fields one elicitation form asks: a form a person can answer in one go. */
export const MAX_FIELDS_PER_ROUND = 8;

/** The key of complete_filing's one input request (its answer comes back under it). */
export const ELICITATION_KEY = 'filing_form';

const FORM_NAMES: Readonly<Record<string, string>> = {
  '5472': 'Form 5472',
  '1120': 'Form 1120',
  '1065': 'Form 1065',
  '1065-K1': 'Schedule K-1 (Form 1065)',
};
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
}

export interface FilingCheck {
  ready: boolean;
  missing: Array<{ form: string; line: string; field: string }>;
  invalid: Array<{ field: string; message: string }>;
}

export function formSchemaOf(kind: FilingKind): z.ZodObject<any> {
  return kind === '5472'
    ? singleMemberFormSchemas().singleMemberFormDataSchema
    : partnershipFormSchemas().partnershipFormDataSchema;
}

/** Whether the client can show an elicitation form: 2026 wire, `elicitation` declared with form mode. */
export function supportsFormElicitation(capabilities: Readonly<Record<string, unknown>>): boolean {
  const elicitation = capabilities.elicitation;
  if (typeof elicitation !== 'object' || elicitation === null || Array.isArray(elicitation)) return false;
  // `elicitation: {}` means form mode (MCP 2025-11-25); a client that lists modes must list form.
  const modes = Object.keys(elicitation);
  return modes.length === 0 || modes.includes('form');
}

function titleOf(path: PathSegment[], form: string | undefined, line: string | undefined): string {
  const index = path.findIndex((segment) => typeof segment === 'number');
  const item =
    index > 0
      ? ` (${ITEM_NAMES[path[index - 1] as string] ?? String(path[index - 1])} ${(path[index] as number) + 1})`
      : '';
  const last = String(path[path.length - 1]);
  if (form === undefined || line === undefined) return `${last}${item}`;
  return `${FORM_NAMES[form] ?? `Form ${form}`}, line ${line}${item}: ${last}`;
}

/**
 * The fields to ask, in check_filing's order: each missing line as a flat field (a missing list
 * as its first item's required fields), then each invalid value; fields that cannot be a flat
 * primitive (an object of lines) are left for the agent.
 */
export function askableFields(
  kind: FilingKind,
  readiness: FilingCheck,
): { asked: AskedField[]; unaskable: string[] } {
  const formSchema = formSchemaOf(kind);
  const asked: AskedField[] = [];
  const unaskable: string[] = [];
  const seen = new Set<string>();
  const add = (path: PathSegment[], form?: string, line?: string, problem?: string): boolean => {
    const name = flatFieldName(path);
    if (seen.has(name)) return true;
    const found = schemaAt(formSchema, path);
    const primitive = found && primitiveOf(found.schema);
    if (!found || !primitive) return false;
    seen.add(name);
    const description = found.description ?? formatFieldPath(path);
    asked.push({
      path,
      field: formatFieldPath(path),
      name,
      title: titleOf(path, form, line),
      description: problem === undefined ? description : `${description} The value given ${problem}.`,
      primitive,
    });
    return true;
  };
  for (const entry of readiness.missing) {
    const path = parseFieldPath(entry.field);
    if (path === undefined) {
      unaskable.push(entry.field);
      continue;
    }
    if (add(path, entry.form, entry.line)) continue;
    const list = path.length === 1 ? firstItemFields(formSchema, path[0] as string) : [];
    if (list.length === 0) unaskable.push(entry.field);
    for (const itemPath of list) add(itemPath, entry.form, entry.line);
  }
  for (const entry of readiness.invalid) {
    const path = parseFieldPath(entry.field);
    if (path === undefined || !add(path, undefined, undefined, entry.message)) unaskable.push(entry.field);
  }
  return { asked, unaskable };
}

/** The elicitation form of a round: flat primitive properties, all required. */
export function requestedSchema(fields: AskedField[]): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const property: Record<string, unknown> = {
      type: field.primitive.type,
      title: field.title,
      description: field.description,
    };
    if (field.primitive.enum) property.enum = field.primitive.enum;
    if (field.primitive.format) property.format = field.primitive.format;
    if (field.primitive.type === 'string' && !field.primitive.enum) property.minLength = 1;
    properties[field.name] = property;
  }
  return { type: 'object', properties, required: fields.map((field) => field.name) };
}

/**
 * The form_data patch that stores answers: a top-level field as itself, a list item's field as the
 * whole list (update merges at the top level) with the stored items kept and a new item given an
 * id. Answers at an index past the end of a list are refused.
 */
export function patchOf(
  kind: FilingKind,
  formData: Record<string, unknown>,
  answers: Array<{ path: PathSegment[]; value: unknown }>,
): Record<string, unknown> | undefined {
  const patch: Record<string, unknown> = {};
  for (const { path, value } of answers) {
    const [key, index, itemKey] = path as [string, number | undefined, string | undefined];
    if (path.length === 1) {
      patch[key] = value;
      continue;
    }
    if (path.length !== 3 || typeof index !== 'number' || typeof itemKey !== 'string') return undefined;
    const stored = formData[key];
    patch[key] ??= Array.isArray(stored) ? [...stored] : [];
    const list = patch[key] as unknown[];
    if (index > list.length) return undefined;
    const item = list[index];
    const base: Record<string, unknown> =
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? { ...(item as Record<string, unknown>) }
        : itemHasId(formSchemaOf(kind), key)
          ? { id: crypto.randomUUID() }
          : {};
    base[itemKey] = value;
    list[index] = base;
  }
  return patch;
}

export function fieldList(fields: AskedField[]) {
  return fields.map((field) => ({
    field: field.field,
    title: field.title,
    description: field.description,
    type: field.primitive.enum
      ? `one of ${field.primitive.enum.join(', ')}`
      : (field.primitive.format ?? field.primitive.type),
  }));
}

/** The user's answer to the previous round's form, when this call is its retry. */
export function readAnswer(
  context: HandlerContext,
): { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' } | undefined {
  const response = context.inputResponses?.[ELICITATION_KEY] as
    | { action?: unknown; content?: unknown }
    | undefined;
  if (response === undefined) return undefined;
  if (response.action === 'decline' || response.action === 'cancel') return { action: response.action };
  if (response.action !== 'accept') return undefined;
  const content = response.content;
  return {
    action: 'accept',
    content:
      typeof content === 'object' && content !== null && !Array.isArray(content)
        ? (content as Record<string, unknown>)
        : {},
  };
}
