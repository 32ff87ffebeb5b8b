import type { DueDateRule } from '../due-dates.js';

/**
 * When a foreign-owned U.S. DE's pro forma 1120 with Form 5472 is due (IRS_RULES corporationDueDate,
 * corporationExtension): the 15th day of the 4th month after the tax year ends, 6 months more with a
 * Form 7004; a tax year ending June 30 and beginning before 2026, the 3rd month and 7 months more.
 */
export const SINGLE_MEMBER_DUE_DATES: DueDateRule = Object.freeze({
  months({ begin, end }: { begin: string; end: string }) {
    const juneYearBefore2026 = end.slice(5, 7) === '06' && begin < '2026-01-01';
    return juneYearBefore2026 ? { due: 3, extension: 7 } : { due: 4, extension: 6 };
  },
});
