import * as z from 'zod';

/**
 * A calendar date as the spec carries it: `YYYY-MM-DD`, a real day (no 2025-02-30) and a year
 * PostgreSQL's `date` accepts, so a value that passes here can always be stored on the record.
 */
export const calendarDate = z
  .string()
  .refine((value) => z.iso.date().safeParse(value).success && !value.startsWith('0000'), {
    message: 'must be a date in YYYY-MM-DD form',
  });

/** A free-form JSON object whose inner structure the spec leaves open (income, scheduleK, ...). */
export const openObject = z.record(z.string(), z.unknown());

/** A plain string field. Length is bounded only by the request body limit: names can be long. */
export const text = z.string();

/** A value the spec does not type (amounts, codes): agents send either strings or numbers. */
export const stringOrNumber = z.union([z.string(), z.number()]);

/** Countries fields hold one country or a list of them; the spec does not say which. */
export const countries = z.union([z.string(), z.array(z.string())]);
