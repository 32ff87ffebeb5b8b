import type { FormId } from './form-edition.js';

/** A required line that is empty. */
export type MissingLine = {
  form: FormId;
  /** The part of the form (`I`, `III`, `IV/V`, `Sign Here`, ...). */
  part?: string;
  line: string;
  field: string;
};

/** A value in the wrong format. */
export type InvalidField = {
  field: string;
  message: string;
};

/** True for a value the forms would print as nothing. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}

/** What an overdue filing does next. */
export type LateFilingPath = {
  summary: string;
  /** The form_data fields the path uses. */
  fields: string[];
  /** Those still empty. */
  missing: string[];
  /** Whether the packet carries the reasonable-cause statement with its facts (lateFilingReason). */
  statement_included: boolean;
};
