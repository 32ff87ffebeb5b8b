import * as z from 'zod';
import { once } from '../once.js';

/** The schemas of the submission tools' answers, built by the first call. */
export const submissionSchemas = once(() => {
  const filed = z
    .object({
      method: z.enum(['fax', 'mail', 'e-file']),
      date: z.string().describe('The filing date, YYYY-MM-DD.'),
      reference: z
        .string()
        .nullable()
        .describe(
          'A fax sent by send_fax: its fax log id (the id list_fax_logs shows); otherwise the tracking or confirmation number given to mark_filed.',
        ),
      provider_reference: z
        .string()
        .nullable()
        .describe('A fax sent by send_fax: the fax provider’s id of it; otherwise null.'),
      proof: z.string().describe('What to keep as proof, and which date counts.'),
      source: z.string(),
      history: z
        .array(
          z.object({
            method: z.enum(['fax', 'mail', 'e-file']),
            date: z.string(),
            reference: z.string().nullable(),
            recorded_at: z.string(),
            replaced_at: z.string(),
          }),
        )
        .optional()
        .describe('Earlier records this one replaced (mark_filed replace: true), oldest first.'),
    })
    .describe('How the return was filed; days_late stops at its date.');
  const signedCopy = z.object({
    id: z.string(),
    sha256: z.string(),
    pages: z.number().int(),
    byte_size: z.number().int(),
    created_at: z.string(),
    filing_version: z.string().nullable().describe('The filing version it was checked against.'),
  });
  const fax = z.object({
    id: z.string(),
    status: z.string(),
    pages_sent: z.number().int(),
    signed_copy_sha256: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    failure_reason: z.string().nullable(),
  });
  const submissions = z
    .object({ signed_copies: z.array(signedCopy), faxes: z.array(fax), filed: filed.nullable() })
    .describe('Signed copies uploaded and faxes sent (newest first, at most 20 each), and the filed state.');
  return { filed, signedCopy, fax, submissions };
});
