import { partnershipFormSchemas } from './partnership-form.js';
import { recordSchemas } from '../storage/records.js';
import { singleMemberFormSchemas } from './single-member-form.js';

// The package's zod schemas as values, built when this module loads. Inside the package the tools
// build only the schemas they use, on their first call (`singleMemberFormSchemas()` and the like
// answer the same instances as these).

export const { relatedPartySchema, singleMemberFormDataSchema } = singleMemberFormSchemas();
export const { partnerSchema, partnershipFormDataSchema } = partnershipFormSchemas();
export const { filingSummarySchema, filingSchema, paymentSchema, faxLogSchema } = recordSchemas();
