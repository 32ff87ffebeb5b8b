import { type ToolContext, type ToolDefinition, ToolError } from '@filing-mcp/protocol';
import type * as z from 'zod';
import type { FilingKind } from '../forms/form-schema-descriptor.js';
import { itemHasId } from './elicitation-fields.js';
import { formSchemaOf } from './elicitation-form.js';
import {
  formatFieldPath,
  isPrototypeName,
  type PathSegment,
  startsWith,
} from '../forms/elicitation-paths.js';
import { ownValue, setOwn } from '../forms/form-data-merge.js';

// How complete_filing stores a round's answers: each answer becomes a change at its path (any
// depth: Part VII lines, a partner's shares, a Schedule B answer), the changes are sent through the
// update tool's own validation and write, and an answer the validation refuses is left out with its
// reason while the others are stored.

/** One answer of the user: the field's path and the value given. */
export interface Answer {
  path: PathSegment[];
  value: unknown;
}

/** An answer the filing did not take, with the reason. */
export interface Refusal {
  field: string;
  message: string;
}

export interface StoredFiling {
  id: string;
  llc_name: string | null;
  ein: string | null;
  tax_year_begin: string | null;
  tax_year_end: string | null;
  form_data: Record<string, unknown>;
}

/** The single-member record's own columns, and the form_data field each is filled from. */
const RECORD_FIELDS: Readonly<Record<string, string>> = {
  llc_name: 'llcName',
  ein: 'ein',
  tax_year_begin: 'taxYearBegin',
  tax_year_end: 'taxYearEnd',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The form_data patch that stores answers: each top-level field the answers touch, as stored with
 * the answers set at their paths (update merges at the top level). A new list item gets an id
 * when its items have one. An answer at an index past the end of a list is refused.
 */
export function patchOf(
  kind: FilingKind,
  formData: Record<string, unknown>,
  answers: Answer[],
  touch: PathSegment[][] = [],
): { patch: Record<string, unknown>; refused: Refusal[] } {
  const formSchema = formSchemaOf(kind);
  const patch: Record<string, unknown> = {};
  const refused: Refusal[] = [];
  // Keys are read and written as own fields only (ownValue, setOwn): never through a prototype.
  const set = (path: PathSegment[], value: unknown, onlyIfAbsent: boolean): boolean => {
    // No form has a field named like a prototype's member: such a path does not fit the filing.
    if (path.some((segment) => typeof segment === 'string' && isPrototypeName(segment))) return false;
    const key = path[0] as string;
    if (!Object.hasOwn(patch, key)) setOwn(patch, key, structuredClone(ownValue(formData, key)));
    if (path.length === 1) {
      if (!onlyIfAbsent || ownValue(patch, key) == null) setOwn(patch, key, value);
      return true;
    }
    let container: unknown = ownValue(patch, key);
    if (container === undefined || container === null) {
      container = typeof path[1] === 'number' ? [] : {};
      setOwn(patch, key, container);
    }
    for (let index = 1; index < path.length; index++) {
      const segment = path[index]!;
      const last = index === path.length - 1;
      const next = path[index + 1];
      if (typeof segment === 'number') {
        if (!Array.isArray(container) || segment > container.length) return false;
        if (last) {
          if (!onlyIfAbsent || container[segment] == null) container[segment] = value;
          return true;
        }
        if (!isObject(container[segment]) && !Array.isArray(container[segment])) {
          const listPath = path.slice(0, index);
          container[segment] =
            typeof next === 'number'
              ? []
              : itemHasId(formSchema, listPath)
                ? { id: crypto.randomUUID() }
                : {};
        }
        container = container[segment];
      } else {
        if (!isObject(container)) return false;
        const inner = ownValue(container, segment);
        if (last) {
          if (!onlyIfAbsent || inner == null) setOwn(container, segment, value);
          return true;
        }
        if (!isObject(inner) && !Array.isArray(inner)) {
          setOwn(container, segment, typeof next === 'number' ? [] : {});
        }
        container = ownValue(container, segment);
      }
    }
    return true;
  };
  for (const answer of answers) {
    if (!set(answer.path, answer.value, false)) {
      refused.push({ field: formatFieldPath(answer.path), message: 'does not fit the filing as it is now' });
    }
  }
  for (const path of touch) set(path, {}, true);
  return { patch, refused };
}

/** The answers each validation issue is about: those at or under its path (or above it). */
function answersOfIssue(answers: Answer[], issuePath: PathSegment[]): Answer[] {
  const exact = answers.filter(
    (answer) => startsWith(answer.path, issuePath) || startsWith(issuePath, answer.path),
  );
  // An issue elsewhere in a field the answers change (a stored value that no longer validates)
  // refuses every answer to that field.
  return exact.length > 0 ? exact : answers.filter((answer) => answer.path[0] === issuePath[0]);
}

/**
 * Stores the answers through the update tool: answers the validation refuses are left out (with
 * its message), the others are stored. Answers what was stored and what was refused.
 */
export async function storeAnswers(options: {
  kind: FilingKind;
  filing: StoredFiling;
  answers: Answer[];
  /** Objects of lines asked whole: stored (empty) even when every line was left blank. */
  touch: PathSegment[][];
  update: ToolDefinition<any, any>;
  context: ToolContext;
}): Promise<{ stored: string[]; refused: Refusal[] }> {
  const isToolError = (error: unknown): error is Error =>
    error instanceof ToolError || (error as { code?: unknown } | null)?.code === 'tool_error';
  const { kind, filing, update, context } = options;
  let answers = options.answers;
  let touch = options.touch;
  const refused: Refusal[] = [];
  const refuse = (answer: Answer, message: string) =>
    refused.push({ field: formatFieldPath(answer.path), message });
  const schema = (
    typeof update.inputSchema === 'function' ? await update.inputSchema() : update.inputSchema
  ) as z.ZodObject<any>;
  for (let attempt = 0; attempt < 5 && (answers.length > 0 || touch.length > 0); attempt++) {
    const built = patchOf(kind, filing.form_data, answers, touch);
    const misfits = new Set(built.refused.map((refusal) => refusal.field));
    if (misfits.size > 0) {
      refused.push(...built.refused);
      answers = answers.filter((answer) => !misfits.has(formatFieldPath(answer.path)));
      continue;
    }
    const args: Record<string, unknown> = { id: filing.id, form_data: built.patch };
    // A record that keeps its own name, EIN and tax years (its update tool takes them, as
    // update_filing does): fill the ones still empty.
    if (schema.shape.llc_name !== undefined) {
      const fill = (column: keyof StoredFiling, argument: string, field: string) => {
        if (filing[column] === null && typeof built.patch[field] === 'string')
          args[argument] = built.patch[field];
      };
      fill('llc_name', 'llc_name', 'llcName');
      fill('ein', 'ein', 'ein');
      fill('tax_year_begin', 'tax_year_begin', 'taxYearBegin');
      fill('tax_year_end', 'tax_year_end', 'taxYearEnd');
    }
    const parsed = schema.safeParse(args);
    if (!parsed.success) {
      const out = new Set<Answer>();
      let touchRefused = false;
      for (const issue of parsed.error.issues) {
        const column = RECORD_FIELDS[String(issue.path[0])];
        const path = (
          issue.path[0] === 'form_data' ? issue.path.slice(1) : column ? [column] : []
        ) as PathSegment[];
        const hit = path.length === 0 ? answers : answersOfIssue(answers, path);
        for (const answer of hit) {
          if (!out.has(answer)) refuse(answer, issue.message);
          out.add(answer);
        }
        if (hit.length === 0) touchRefused = true;
      }
      answers = answers.filter((answer) => !out.has(answer));
      if (touchRefused) touch = [];
      continue;
    }
    try {
      await update.handler(parsed.data, context);
    } catch (error) {
      if (!isToolError(error)) throw error;
      for (const answer of answers) refuse(answer, error.message);
      return { stored: [], refused };
    }
    const blank = touch.filter((path) => !answers.some((answer) => startsWith(answer.path, path)));
    return {
      stored: [...answers, ...blank.map((path) => ({ path }))].map((entry) => formatFieldPath(entry.path)),
      refused,
    };
  }
  return { stored: [], refused };
}
