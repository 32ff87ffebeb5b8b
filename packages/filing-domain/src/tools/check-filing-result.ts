import * as z from 'zod';
import { once } from '../once.js';
import { submissionSchemas } from '../submission/submission-schemas.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';

/** check_filing's structuredContent (the shape `checkFilingReadiness` of irs-forms answers). */
/** Built by the first call (check_filing's first call). */
export const checkFilingResultSchema = once(() =>
  z.object({
    kind: z.enum(FILING_KIND_LIST),
    ready: z
      .boolean()
      .describe(
        'True when no required line is missing, no value is invalid, and (partnership) no form must be prepared elsewhere.',
      ),
    missing: z
      .array(z.object({ form: z.string(), part: z.string().optional(), line: z.string(), field: z.string() }))
      .describe('Required lines that are empty: the form, its part and line, and the form_data field.'),
    invalid: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .describe('form_data fields in the wrong format.'),
    forms: z
      .array(
        z.object({
          form: z.string(),
          title: z.string(),
          edition: z.string().nullable(),
          copies: z.number().int(),
          included: z.boolean().describe('Whether the PDF packet holds this form.'),
          reason: z.string().optional().describe('Why an asked-for form is left out.'),
        }),
      )
      .describe('Each form the filing needs; 8804 and 8805 are listed but not generated.'),
    due_date: z.string().nullable().describe('Due date, YYYY-MM-DD; null until the tax year end is known.'),
    extended_due_date: z
      .string()
      .nullable()
      .describe('Due date with a Form 7004 that extends; null when none does.'),
    extended_due_date_reason: z.string().optional().describe('Why a Form 7004 gives no extended_due_date.'),
    recommended: z
      .array(z.object({ item: z.string(), reason: z.string(), source: z.string() }))
      .optional()
      .describe('Not required; what a preparer would do.'),
    how_to_file: z.object({
      electronic_filing: z.string(),
      fax: z.string().nullable(),
      mail: z.string(),
      summary: z.string(),
    }),
    as_of: z.string().describe('The day checked for, YYYY-MM-DD.'),
    overdue: z.boolean().describe('True when as_of is after the due date in force.'),
    days_late: z.number().int().describe('Days after the due date in force; 0 when not late.'),
    penalties: z
      .array(
        z.object({
          code: z.string(),
          description: z.string(),
          amount: z
            .number()
            .int()
            .nullable()
            .describe('Whole USD as of as_of; null when it cannot be computed.'),
          basis: z.string(),
          source: z.string(),
        }),
      )
      .describe('Penalties that apply as of as_of.'),
    late_filing: z
      .object({
        summary: z.string(),
        fields: z.array(z.string()),
        missing: z.array(z.string()),
        statement_included: z
          .boolean()
          .describe('Whether the packet carries the reasonable-cause statement with its facts.'),
      })
      .nullable()
      .describe('For an overdue filing: what to do and the form_data fields it needs.'),
    withholding_1446: z
      .object({
        partners: z.array(
          z.object({
            partner_id: z.string().nullable(),
            name: z.string().nullable(),
            ecti_allocable: z.number().nullable(),
            ecti_computed: z.number().nullable(),
            ecti_note: z.string().nullable(),
            rate: z.number(),
            tax: z.number().nullable(),
          }),
        ),
        total: z.number(),
        installments: z.array(
          z.object({
            installment: z.number().int(),
            due_date: z.string(),
            amount: z.number(),
            paid: z.number(),
            status: z.enum(['paid', 'paid_late', 'upcoming', 'past_due', 'nothing_due']),
          }),
        ),
        form_8804_due_date: z.string().nullable(),
        form_8804_extended_due_date: z.string().nullable(),
        form_8804_where_to_file: z.string(),
        paid: z.number(),
        balance_due: z.number(),
        overpaid: z.number(),
        underpayment_charge: z.object({ amount_at_most: z.number().nullable(), basis: z.string() }),
        late_filing_exposure: z.string(),
        source: z.string(),
      })
      .optional()
      .describe(
        'Partnership: section 1446 tax per foreign partner (ECTI computed), installments with status as of as_of, payments, balance due, Schedule A charge, Form 8804 dates.',
      ),
    notes: z.array(z.string()).optional().describe('Partnership: what is not generated, and other notes.'),
    prepare_elsewhere: z
      .array(z.object({ form: z.string(), reason: z.string(), source: z.string() }))
      .optional()
      .describe(
        'Partnership: forms the return needs that the packet does not hold (K-2/K-3, B-1, B-2, M-3, 8804, 8805, 8813), each with the reason and its source; ready is false while any is listed.',
      ),
    filed: submissionSchemas().filed.optional(),
    credits: z
      .object({
        billing: z.enum(['on', 'off']),
        available: z.number().int().describe('Your unused credits.'),
        will_use: z.number().int().describe('Credits filing this filing through the server uses: 0 or 1.'),
        used: z.boolean().describe('Whether this filing used its credit already.'),
        note: z.string(),
      })
      .optional()
      .describe('On a server that takes payments: your credits and what this filing uses.'),
    unrecognized_fields: z
      .array(z.string())
      .optional()
      .describe(
        'form_data keys the form does not know (stored, never used): "llcname: did you mean llcName?".',
      ),
  }),
);
