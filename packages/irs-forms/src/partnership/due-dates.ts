import type { DueDateRule } from '../due-dates.js';

/**
 * When a Form 1065 is due (IRS_RULES partnershipDueDate, partnershipExtension): the 15th day of the
 * 3rd month after the tax year ends, 6 months more with a Form 7004.
 */
export const PARTNERSHIP_DUE_DATES: DueDateRule = Object.freeze({
  months() {
    return { due: 3, extension: 6 };
  },
});
