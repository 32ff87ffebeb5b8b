import { SCHEDULE_B_PREPARER_QUESTIONS } from '@filing-mcp/irs-forms/kinds';
import { kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import type { Choice } from './elicitation-fields.js';
import { type AskedField, askableFields, type FilingCheck } from './elicitation-form.js';
import { formatFieldPath, type PathSegment, startsWith, valueAt } from '../forms/elicitation-paths.js';
import { ownValue, setOwn } from '../forms/form-data-merge.js';
import { openPreparerNotes, preparerNotes } from './preparer-notes.js';
import { fieldHash, type RoundState } from './elicitation-round.js';

// How complete_filing asks a partnership: by schedule, one schedule (or one partner) a form and
// the whole of it, a new partner's items asked with its name, and the questions a paid preparer
// should answer offered with "I don't know".

/** Most fields one form of a partnership asks: the whole Schedule B, or both columns of Schedule L. */
export const MAX_SECTION_FIELDS = 60;

/** The "I don't know" answer of a question for a preparer. */
export const DONT_KNOW = 'dont_know';

const PREPARER_CHOICES: readonly Choice[] = [
  { value: 'yes', title: 'Yes' },
  { value: 'no', title: 'No' },
  { value: DONT_KNOW, title: 'I don’t know (leave it for a paid preparer)' },
];

/** The schedule a field of a partnership is asked with: its key and the form's heading. */
export function sectionOf(field: Pick<AskedField, 'path'>): { key: string; title: string } {
  const [top, index] = field.path;
  if (top === 'partners' && typeof index === 'number')
    return { key: `partners[${index}]`, title: `Partner ${index + 1} (Schedule K-1)` };
  switch (top) {
    case 'scheduleB':
      return { key: 'scheduleB', title: 'Schedule B, Other Information' };
    case 'scheduleK':
    case 'section199A':
      return { key: 'scheduleK', title: 'Schedule K and the section 199A figures' };
    case 'income':
    case 'deductions':
      return { key: 'page1', title: 'Page 1, income and deductions' };
    case 'scheduleL':
      return { key: 'scheduleL', title: 'Schedule L, balance sheets per books' };
    case 'scheduleM1':
    case 'scheduleM2':
      return { key: 'scheduleM', title: 'Schedules M-1 and M-2' };
    case 'partnershipRepresentative':
      return { key: 'representative', title: 'Designation of Partnership Representative' };
    default:
      return { key: 'partnership', title: 'The partnership (page 1, items A-J)' };
  }
}

/** A form of a schedule this short takes the next short schedules with it (a partner's never). */
export const SHORT_FORM_FIELDS = 24;

/**
 * The fields of a partnership's next form: the schedule of the first field still to ask (a
 * refused one first), whole, up to {@link MAX_SECTION_FIELDS}; then, while the form stays within
 * {@link SHORT_FORM_FIELDS}, the next schedules whole. A partner is asked alone.
 */
export function nextSection(asked: AskedField[], refused: ReadonlySet<string>): AskedField[] {
  const first = asked.find((field) => refused.has(field.name)) ?? asked[0];
  if (first === undefined) return [];
  const bySection = new Map<string, AskedField[]>();
  for (const field of asked) {
    const key = sectionOf(field).key;
    bySection.set(key, [...(bySection.get(key) ?? []), field]);
  }
  const key = sectionOf(first).key;
  const same = bySection.get(key)!;
  const form = [
    ...same.filter((field) => refused.has(field.name)),
    ...same.filter((field) => !refused.has(field.name)),
  ].slice(0, MAX_SECTION_FIELDS);
  if (key.startsWith('partners[')) return form;
  for (const [other, fields] of bySection) {
    if (other === key || other.startsWith('partners[')) continue;
    if (form.length + fields.length <= SHORT_FORM_FIELDS) form.push(...fields);
  }
  return form;
}

/** What a Schedule B question a preparer should answer turns on, or undefined. */
export function preparerQuestion(field: Pick<AskedField, 'path'>): string | undefined {
  const [top, key] = field.path;
  return top === 'scheduleB' && field.path.length === 2 && typeof key === 'string'
    ? SCHEDULE_B_PREPARER_QUESTIONS[key]
    : undefined;
}

/** A Schedule B question titled with its question, as the form prints it (not its line alone). */
export function withQuestionText(field: AskedField): AskedField {
  if (field.path[0] !== 'scheduleB') return field;
  const question = /^Question (\d+[a-z]?)(?: checkbox)?: (.+?\?)(?:\s|$)/.exec(field.description);
  return question ? { ...field, title: `Schedule B, question ${question[1]}: ${question[2]}` } : field;
}

/** A yes/no question for a preparer asked as Yes, No or "I don't know". */
export function withDontKnow(field: AskedField): AskedField {
  const turnsOn = preparerQuestion(field);
  if (turnsOn === undefined || field.primitive.type !== 'boolean') return field;
  const stored = field.default === true ? 'yes' : field.default === false ? 'no' : undefined;
  const { default: _default, ...rest } = field;
  return {
    ...rest,
    ...(stored !== undefined && { default: stored }),
    primitive: { type: 'string', choices: PREPARER_CHOICES.map((choice) => ({ ...choice })) },
    description: `${field.description} A paid preparer should answer this (${turnsOn}): if you are not sure, choose “I don’t know”; it is kept as a note for the preparer and the question stays open.`,
  };
}

/** The answer to a Yes/No/"I don't know" question: true, false, or DONT_KNOW. */
export function preparerAnswer(value: unknown): boolean | typeof DONT_KNOW | undefined {
  if (value === 'yes' || value === true) return true;
  if (value === 'no' || value === false) return false;
  return value === DONT_KNOW ? DONT_KNOW : undefined;
}

/** The list a new item's field would open (`partners` for `partners[0].name` of an empty list). */
function newItemList(field: AskedField, formData: Record<string, unknown>): PathSegment[] | undefined {
  for (let index = 1; index < field.path.length; index++) {
    const segment = field.path[index];
    if (typeof segment !== 'number') continue;
    const list = valueAt(formData, field.path.slice(0, index));
    const length = Array.isArray(list) ? list.length : 0;
    return segment === length ? field.path.slice(0, index + 1) : undefined;
  }
  return undefined;
}

/** form_data with an empty item at the end of a list (`partners[0]`), the other fields kept. */
function withEmptyItem(formData: Record<string, unknown>, item: PathSegment[]): Record<string, unknown> {
  const copy = structuredClone(formData);
  let container: unknown = copy;
  for (let index = 0; index < item.length - 1; index++) {
    const segment = item[index]!;
    const next = item[index + 1];
    if (typeof container !== 'object' || container === null) return copy;
    // Own fields only (a `__proto__` or `constructor` segment names a field, never a prototype).
    const inner =
      typeof segment === 'number' ? (container as unknown[])[segment] : ownValue(container, segment);
    if (inner === undefined || inner === null) {
      const made = typeof next === 'number' ? [] : {};
      if (typeof segment === 'number') (container as unknown[])[segment] = made;
      else setOwn(container, segment, made);
      container = made;
    } else container = inner;
  }
  if (Array.isArray(container)) container.push({});
  return copy;
}

/**
 * The fields to ask with a new list item's (a first partner's name): what the check will ask of
 * the item once it exists, so that its form asks the partner whole and the count of answers
 * still needed does not grow when the name is stored.
 */
export function withNewItemFields(
  kind: FilingKind,
  asked: AskedField[],
  formData: Record<string, unknown>,
  check: (formData: Record<string, unknown>) => FilingCheck,
): AskedField[] {
  const names = new Set(asked.map((field) => field.name));
  const out = [...asked];
  const done = new Set<string>();
  for (const field of asked) {
    const item = newItemList(field, formData);
    if (item === undefined || done.has(formatFieldPath(item))) continue;
    done.add(formatFieldPath(item));
    const future = withEmptyItem(formData, item);
    const more = askableFields(kind, check(future), future, { wholeLimit: MAX_SECTION_FIELDS }).asked;
    const at = out.findLastIndex((one) => startsWith(one.path, item)) + 1;
    const added = more.filter((one) => startsWith(one.path, item) && !names.has(one.name));
    for (const one of added) names.add(one.name);
    out.splice(at, 0, ...added.map(({ default: _default, ...one }) => one));
  }
  return out;
}

/** The fields complete_filing asks now, and those left for a preparer (an open "I don't know"). */
export interface InterviewFields {
  asked: AskedField[];
  unaskable: string[];
  forPreparer: AskedField[];
}

/**
 * The fields of an interview: for a partnership, every line of an object of lines, a new
 * partner's items with its name, the preparer's questions with "I don't know", and the questions
 * already left for a preparer set apart; for a single-member filing, {@link askableFields}.
 */
export function interviewFields(
  kind: FilingKind,
  readiness: FilingCheck,
  formData: Record<string, unknown>,
  check: (formData: Record<string, unknown>) => FilingCheck,
): InterviewFields {
  if (!kindRecord(kind).interviewBySchedule)
    return { ...askableFields(kind, readiness, formData), forPreparer: [] };
  const { asked, unaskable } = askableFields(kind, readiness, formData, { wholeLimit: MAX_SECTION_FIELDS });
  // Left for a preparer: a noted question still blank, or whose stored answer the check refuses
  // (asked again, the user would only say "I don't know" again).
  const refused = new Set(readiness.invalid.map((entry) => entry.field));
  const noted = new Set([
    ...openPreparerNotes(formData).map((note) => note.field),
    ...preparerNotes(formData)
      .map((note) => note.field)
      .filter((field) => refused.has(field)),
  ]);
  const all = withNewItemFields(kind, asked, formData, check).map(withQuestionText).map(withDontKnow);
  return {
    asked: all.filter((field) => !noted.has(field.field)),
    unaskable,
    forPreparer: all.filter((field) => noted.has(field.field)),
  };
}

/**
 * The answers still needed, as the forms count them: each field to ask, and for a partnership
 * what no form can ask too. A field left for a preparer is not counted (the outcome names it).
 */
export function countLeft(kind: FilingKind, fields: InterviewFields): number {
  return fields.asked.length + (kindRecord(kind).interviewBySchedule ? fields.unaskable.length : 0);
}

/**
 * What the form's message says of the questions the last answers opened (a field to ask now that
 * was not open when the last form was shown), with the reason the check gives; '' when none.
 */
export function openedSince(
  state: RoundState,
  asked: AskedField[],
  readiness: FilingCheck,
  left: number,
): string {
  if (state.round === 0) return '';
  const before = new Set(state.open ?? []);
  const opened = asked.filter((field) => !before.has(fieldHash(field.name)));
  if (opened.length === 0) return '';
  const named = opened.slice(0, 4).map((field) => {
    const problem = readiness.invalid.find((entry) => entry.field === field.field)?.message;
    return problem === undefined ? field.title : `${field.title}: ${problem}`;
  });
  const more = opened.length > named.length ? `, and ${opened.length - named.length} more` : '';
  const rose = left > (state.left ?? left) ? ` (the count rose from ${state.left})` : '';
  return ` Your last answers opened ${opened.length === 1 ? 'a new question' : `${opened.length} new questions`}${rose}: ${named.join('; ')}${more}.`;
}
