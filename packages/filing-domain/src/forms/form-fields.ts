import * as z from 'zod';

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date as the spec carries it: `YYYY-MM-DD`, a real day (no 2025-02-30) and a year
 * PostgreSQL's `date` accepts, so a value that passes here can always be stored on the record.
 * A value of the wrong shape and a day that does not exist get different messages, and the JSON
 * Schema says `format: "date"`.
 */
export const calendarDate = z
  .string()
  .regex(DATE_SHAPE, { message: 'must be a date in YYYY-MM-DD form, e.g. 2024-12-31' })
  .refine((value) => !DATE_SHAPE.test(value) || (isRealDay(value) && !value.startsWith('0000')), {
    error: (issue) => `${String(issue.input)} is not a real date`,
  })
  .meta({ format: 'date' });

// zod's ISO date check, built once on first use: built inside the refinement, a new schema was
// made for every date of every call (a twentieth of a create_filing's CPU time).
let isoDate: z.ZodISODate | undefined;
function isRealDay(value: string): boolean {
  isoDate ??= z.iso.date();
  return isoDate.safeParse(value).success;
}

/** An employer identification number as the IRS writes it: `NN-NNNNNNN`. */
export const ein = z
  .string()
  .regex(/^\d{2}-\d{7}$/, { message: 'must be an EIN written NN-NNNNNNN, e.g. 12-3456789' });

/**
 * A U.S. taxpayer identification number: an SSN or ITIN (`NNN-NN-NNNN`; an ITIN starts with 9)
 * or an EIN (`NN-NNNNNNN`). Empty text stands for none.
 */
export const usTaxpayerId = z.string().regex(/^(|\d{3}-\d{2}-\d{4}|\d{2}-\d{7})$/, {
  message:
    'must be an SSN or ITIN written NNN-NN-NNNN (an ITIN starts with 9, e.g. 912-34-5678) or an EIN written NN-NNNNNNN, e.g. 12-3456789',
});

/**
 * Whole US dollars, the one money rule of both kinds of filing: a number or a string of digits
 * (no commas, currency or decimals); anything else is an error giving `example`.
 */
export function wholeDollars(example: string) {
  const message = `must be whole US dollars, a number or a string of digits, e.g. ${example}`;
  return z.union(
    [
      z
        .number({ message })
        .int({ message })
        .nonnegative({ message })
        .max(Number.MAX_SAFE_INTEGER, { message }),
      z.string({ message }).regex(/^\d{1,15}$/, { message }),
    ],
    { message },
  );
}

/** Form 1065 item H: (1) cash, (2) accrual, (3) other, named in `accountingMethodOther`. */
export const ACCOUNTING_METHODS = ['cash', 'accrual', 'other'] as const;

/** A free-form JSON object whose inner structure the spec leaves open (income, scheduleK, ...). */
export const openObject = z.record(z.string(), z.unknown());

/** A plain string field. Length is bounded only by the request body limit: names can be long. */
export const text = z.string();

/** A value the spec does not type (amounts, codes): agents send either strings or numbers. */
export const stringOrNumber = z.union([z.string(), z.number()]);

/** Countries fields hold one country or a list of them; the spec does not say which. */
export const countries = z.union([z.string(), z.array(z.string())]);
