import { isGiven, parseFieldPath, valueAt } from '../forms/elicitation-paths.js';

// The questions a user could not answer and left for a paid preparer (form_data.preparerNotes):
// complete_filing stores one for each "I don't know"; the field itself stays unanswered, so the
// check keeps it missing, and check_filing lists the notes still open.

/** One question left for a preparer. */
export interface PreparerNote {
  /** The form_data path, in check_filing's spelling (`scheduleB.line10a`). */
  field: string;
  question: string;
  note: string;
}

/** The form_data key the notes are stored under (partnership form_data). */
export const PREPARER_NOTES_KEY = 'preparerNotes';

/** The text a "don't know" answer is kept as. */
export const DONT_KNOW_NOTE = 'The user did not know the answer and left this question for a paid preparer.';

/** The notes stored in a filing's form_data, well-formed ones only. */
export function preparerNotes(formData: Record<string, unknown>): PreparerNote[] {
  const list = formData[PREPARER_NOTES_KEY];
  if (!Array.isArray(list)) return [];
  return list.filter(
    (note): note is PreparerNote =>
      typeof note === 'object' &&
      note !== null &&
      typeof (note as PreparerNote).field === 'string' &&
      typeof (note as PreparerNote).question === 'string' &&
      typeof (note as PreparerNote).note === 'string',
  );
}

/** The notes whose question is still unanswered in the filing. */
export function openPreparerNotes(formData: Record<string, unknown>): PreparerNote[] {
  return preparerNotes(formData).filter((note) => {
    const path = parseFieldPath(note.field);
    return path !== undefined && !isGiven(valueAt(formData, path));
  });
}

/** The stored notes with new ones added (one per field, the newest kept). */
export function addPreparerNotes(formData: Record<string, unknown>, added: PreparerNote[]): PreparerNote[] {
  const fields = new Set(added.map((note) => note.field));
  return [...preparerNotes(formData).filter((note) => !fields.has(note.field)), ...added];
}

/** check_filing's notes for the open questions left for a preparer. */
export function preparerNoteLines(formData: Record<string, unknown>): string[] {
  return openPreparerNotes(formData).map(
    (note) => `Left for a paid preparer: ${note.field} (${note.question}). ${note.note}`,
  );
}
