import * as z from 'zod';
import type { SummaryWithFormData } from '../storage/filing-repository.js';
import type { FilingKind } from '../forms/form-schema-descriptor.js';
import { once } from '../once.js';
import { recordSchemas } from '../storage/records.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';

/**
 * The list tools' summary: the spec's fields unchanged, plus `ready`, `due_date` and `overdue`
 * computed by the same checks as check_filing.
 */
export const listedFilingSummarySchema = once(() =>
  recordSchemas().filingSummarySchema.extend({
    ready: z.boolean().describe('Whether check_filing finds nothing missing or invalid.'),
    due_date: z
      .string()
      .nullable()
      .describe(
        'Due date in force, YYYY-MM-DD (the extended one once form7004FiledDate is on or before the due date); null until the tax year end is known.',
      ),
    overdue: z.boolean().describe('Whether the due date has passed (UTC).'),
  }),
);

/** A summary as the list tools answer it. */
export type ListedFilingSummary = z.output<ReturnType<typeof listedFilingSummarySchema>>;

/** Today in UTC, YYYY-MM-DD. */
function utcDate(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * Whether a due date in force has passed: the day after it, in UTC. A local rule until irs-forms'
 * readiness answers `overdue` itself (then use that).
 */
export function isOverdue(dueDate: string | null, now: number): boolean {
  return dueDate !== null && dueDate < utcDate(now);
}

/**
 * Adds `ready`, `due_date` and `overdue` to each summary, as check_filing answers them today. The form checks load on the
 * first call, as check_filing's do.
 */
export async function withReadiness(
  kind: FilingKind,
  rows: SummaryWithFormData[],
  now: number,
  irsForms: LoadIrsForms,
): Promise<ListedFilingSummary[]> {
  const { checkFilingReadiness } = await irsForms();
  return rows.map(({ summary, formData }) => {
    const readiness = checkFilingReadiness(kind, formData, undefined, utcDate(now));
    // The due date in force, as check_filing counts days_late: the extended one only for a Form
    // 7004 filed by the original due date.
    const filed = formData.form7004FiledDate;
    const due = readiness.due_date;
    const dueDate =
      due !== null && readiness.extended_due_date !== null && typeof filed === 'string' && filed <= due
        ? readiness.extended_due_date
        : due;
    return { ...summary, ready: readiness.ready, due_date: dueDate, overdue: readiness.overdue };
  });
}
