import * as z from 'zod';

/** One value a form field offers, with the words the user reads. */
export interface AskedChoice {
  value: string;
  title: string;
}

/**
 * The fixed set a field is asked as when its schema cannot say so itself: a string refined to a
 * list of names (the transaction kind), advertised in tools/list as a string to keep it small.
 * A registry of its own, so nothing of it reaches the JSON Schemas tools/list shows.
 */
export const askedChoices = z.registry<{ choices: readonly AskedChoice[] }>();
