// get_form_schema as a cold start's first call runs it: no zod. Its arguments (three optional
// kind names) are checked here by hand, with zod's answers to the letter (the same issues, the same
// `Invalid arguments: ...` text; test/tools/form-schema-arguments.test.ts holds the two equal on a
// table of good and bad arguments), and its answer of the asked kind alone is loaded, as generated
// at build time (forms/form-schema-<kind>.generated.ts). tools/filing-tools.ts loads this module alone;
// the zod definition (form-schema-definition.ts) is the reference the generated list, the answers
// and the tests are built from.
import type { ToolDefinition } from '@filing-mcp/protocol';
import type * as z from 'zod';
import type { FormSchemaAnswer } from '../forms/form-json-schema.js';
import { FORM_SCHEMA_ANSWERS } from '../forms/form-schemas.generated.js';
import { resolveFilingKind } from '../forms/kind-aliases.js';
import { FILING_KIND_LIST, type FilingKind } from '../kinds/filing-kinds.js';
import { KIND_MESSAGE, KIND_NAMES } from './kind-names.js';
import { readOnly } from './tool-annotations.js';

/** get_form_schema's name and texts, shared by the zod definition. */
export const FORM_SCHEMA_TOOL = {
  name: 'get_form_schema',
  title: 'Get the form schema',
  description:
    'The JSON Schema of a kind\'s form_data: "5472" (single-member, 5472/1120; also "form-5472-1120") or "partnership" (1065, K-1, 8804/8805; also "form-1065"). Answers { kind, description, schema: every field with its IRS line, fields: top-level names, transaction_kinds (5472) }.',
} as const;

/** The arguments that name a kind, in the zod definition's order. */
export const FORM_SCHEMA_ARGUMENTS = ['kind', 'formType', 'form'] as const;

/** get_form_schema's arguments once checked: those given, in {@link FORM_SCHEMA_ARGUMENTS} order. */
export type FormSchemaArguments = { kind?: string; formType?: string; form?: string };

/** The message of arguments of other names: names the right one, never a silent 5472. */
export function unknownArgumentsMessage(keys: readonly string[]): string {
  return `Unknown argument ${keys.map((key) => `"${key}"`).join(', ')}: use kind ("5472" or "partnership")`;
}

/** Freezes `value` and everything in it: the answer is shared by every call. */
function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * get_form_schema's handler: the answer of the kind asked (`kind`, else `formType`, else `form`,
 * else 5472), the spec's descriptor (`description`, `fields`) and the one JSON Schema of its
 * form_data, generated at build time from the zod form schemas (`forms/form-schema-<kind>.generated.ts`,
 * `buildFormSchemaAnswer`; test/tools/tools-list.test.ts fails while it is stale). Each kind's
 * answer is loaded and parsed by its first call, the other kind's never; then the same frozen
 * object every time, which the protocol core validates and serializes once.
 */
export function formSchemaHandler() {
  const answers: Partial<Record<FilingKind, FormSchemaAnswer>> = {};
  return async (args: FormSchemaArguments): Promise<FormSchemaAnswer> => {
    const kind = resolveFilingKind(args.kind ?? args.formType ?? args.form ?? '5472') ?? '5472';
    answers[kind] ??= deepFrozen(JSON.parse(await FORM_SCHEMA_ANSWERS[kind]()) as FormSchemaAnswer);
    return answers[kind];
  };
}

type Issue = Record<string, unknown> & { path: PropertyKey[]; message: string };
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

/**
 * A failed check as zod's `safeParse` answers it: `issues` for the protocol core's `Invalid
 * arguments` text, and serialized as a ZodError is (its name and its issues as indented JSON).
 */
function failed(issues: Issue[]): Checked<never> {
  const error = { name: 'ZodError', message: JSON.stringify(issues, null, 2) };
  Object.defineProperty(error, 'issues', { value: issues });
  return { success: false, error: error as typeof error & { issues: Issue[] } };
}

const declared: ReadonlySet<string> = new Set(FORM_SCHEMA_ARGUMENTS);

/**
 * get_form_schema's arguments checked as its zod definition's `z.strictObject` does, issue for
 * issue: each argument that names no kind (in declared order), then one issue of every other
 * argument. (The protocol core hands only objects; any other value answers zod's type issue.)
 */
export function checkFormSchemaArguments(input: unknown): Checked<FormSchemaArguments> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    const received = input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
    return failed([
      {
        expected: 'object',
        code: 'invalid_type',
        path: [],
        message: `Invalid input: expected object, received ${received}`,
      },
    ]);
  }
  const given = input as Record<string, unknown>;
  const issues: Issue[] = [];
  const data: FormSchemaArguments = {};
  for (const key of FORM_SCHEMA_ARGUMENTS) {
    if (!(key in given)) continue;
    const value = given[key];
    if (value === undefined || (typeof value === 'string' && KIND_NAMES.includes(value))) {
      data[key] = value as string | undefined;
    } else {
      issues.push({ code: 'invalid_value', values: [...KIND_NAMES], path: [key], message: KIND_MESSAGE });
    }
  }
  const unrecognized: string[] = [];
  for (const key in given) if (!declared.has(key)) unrecognized.push(key);
  if (unrecognized.length > 0) {
    issues.push({
      code: 'unrecognized_keys',
      keys: unrecognized,
      path: [],
      message: unknownArgumentsMessage(unrecognized),
    });
  }
  return issues.length > 0 ? failed(issues) : { success: true, data };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTransactionKind = (entry: unknown) =>
  isRecord(entry) &&
  ['kind', 'part', 'line', 'label'].every((key) => typeof entry[key] === 'string') &&
  (entry.example === undefined || typeof entry.example === 'string');

/**
 * The zod definition's output check, by hand: an answer of the shape the output schema describes
 * passes as it is (generated from that schema's own parse, its keys already in its order: the
 * test holds the two serializations equal); anything else fails, an internal error.
 */
export function checkFormSchemaAnswer(answer: unknown): Checked<FormSchemaAnswer> {
  const good =
    isRecord(answer) &&
    (FILING_KIND_LIST as readonly unknown[]).includes(answer.kind) &&
    typeof answer.description === 'string' &&
    isRecord(answer.fields) &&
    Object.values(answer.fields).every((text) => typeof text === 'string') &&
    isRecord(answer.schema) &&
    (answer.transaction_kinds === undefined ||
      (Array.isArray(answer.transaction_kinds) && answer.transaction_kinds.every(isTransactionKind))) &&
    Object.keys(answer).every((key) =>
      ['kind', 'description', 'fields', 'schema', 'transaction_kinds'].includes(key),
    );
  return good
    ? { success: true, data: answer as FormSchemaAnswer }
    : failed([{ code: 'custom', path: [], message: 'not a get_form_schema answer' }]);
}

// The checks in the shape of a zod schema, which is all the protocol core asks of one (`safeParse`).
const zodFree = <T>(safeParse: (value: unknown) => Checked<T>) =>
  ({ safeParse }) as unknown as z.ZodObject<any>;

/**
 * get_form_schema without zod: the checks above for its zod schemas, the same handler. What a call
 * of it loads: this module, the kind names and the asked kind's answer.
 */
export function formSchemaTool(): ToolDefinition<any, any> {
  return {
    ...FORM_SCHEMA_TOOL,
    inputSchema: zodFree(checkFormSchemaArguments),
    outputSchema: zodFree(checkFormSchemaAnswer),
    annotations: readOnly,
    handler: formSchemaHandler(),
  };
}
